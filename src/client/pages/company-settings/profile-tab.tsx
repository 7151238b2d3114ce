import { useMemo } from 'react';
import { COUNTRIES } from '../../../shared/constants';
import type { Profile } from '../../../shared/schemas/company-profile';
import {
  Card,
  PasswordField,
  PasswordStrengthMeter,
  Select,
  type SelectOption,
  TextField,
} from '../../components';
import { SaveButton } from './save-button';
import { SettingsFooter } from './settings-footer';
import {
  checkProfileField,
  checkProfileForm,
  maskProfileField,
  PROFILE_FIELDS,
  type ProfileFormField,
  profileValuesOf,
  settingsMessages,
} from './settings-form';
import { useProfileSave } from './use-profile-save';
import { useSettingsForm } from './use-settings-form';

const FORM_ID = 'settings-profile-form';

const EMAIL_HINT =
  'Dit e-mailadres gebruikt u om in te loggen. Neem contact op met support om het te wijzigen.';

function countryOptions(current: string): SelectOption[] {
  const options: SelectOption[] = COUNTRIES.map((c) => ({ value: c, label: c }));
  if (current && !options.some((o) => o.value === current)) options.push({ value: current, label: current });
  return options;
}

/** Tab Bedrijfsprofiel (spec §5 Company form): who, the company, its address, and a new password. */
export function ProfileTab({ profile }: { profile: Profile }) {
  const initial = useMemo(() => profileValuesOf(profile), [profile]);
  const form = useSettingsForm<ProfileFormField, ReturnType<typeof profileValuesOf>>({
    initial,
    fields: PROFILE_FIELDS,
    mask: maskProfileField,
    check: checkProfileField,
    clearOnFocus: ['phoneNumber'],
    linked: { password: 'confirmPassword' },
  });
  const { saveState, feedback, dismissFeedback, submit } = useProfileSave({
    form,
    fields: PROFILE_FIELDS,
    checkForm: checkProfileForm,
    valuesOf: profileValuesOf,
    savedMessage: settingsMessages.profileSaved,
    errorMessage: settingsMessages.profileError,
  });
  const { values, fieldProps } = form;

  return (
    <form id={FORM_ID} className="settings-form" onSubmit={submit} noValidate>
      <Card
        title="Bedrijfsprofiel"
        description="Deze gegevens staan als afzender op uw inkooporders en PDF-documenten."
        footer={
          <SettingsFooter feedback={feedback} onDismiss={dismissFeedback}>
            <SaveButton state={saveState} form={FORM_ID} />
          </SettingsFooter>
        }
      >
        <fieldset className="settings-group">
          <legend className="settings-group__title">Contactpersoon</legend>
          <div className="settings-grid">
            <TextField {...fieldProps('name')} label="Naam" required autoComplete="name" />
            <TextField
              {...fieldProps('email')}
              label="E-mail"
              type="email"
              readOnly
              aria-readonly="true"
              hint={EMAIL_HINT}
              autoComplete="email"
            />
          </div>
        </fieldset>

        <fieldset className="settings-group">
          <legend className="settings-group__title">Bedrijf</legend>
          <div className="settings-grid">
            <TextField
              {...fieldProps('company')}
              label="Bedrijfsnaam"
              required
              autoComplete="organization"
              fieldClassName="settings-grid__wide"
            />
            <TextField
              {...fieldProps('website')}
              label="Website"
              inputMode="url"
              autoComplete="url"
              placeholder="www.uwbedrijf.nl"
            />
            <TextField
              {...fieldProps('phoneNumber')}
              label="Telefoonnummer"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="020 123 4567"
            />
          </div>
        </fieldset>

        <fieldset className="settings-group">
          <legend className="settings-group__title">Adres</legend>
          <div className="settings-grid">
            <TextField
              {...fieldProps('address')}
              label="Adres"
              required
              autoComplete="street-address"
              placeholder="Straat en huisnummer"
              fieldClassName="settings-grid__wide"
            />
            <TextField
              {...fieldProps('postalCode')}
              label="Postcode"
              required
              autoComplete="postal-code"
              autoCapitalize="characters"
              maxLength={7}
              placeholder="1234 AB"
            />
            <TextField {...fieldProps('city')} label="Plaats" required autoComplete="address-level2" />
            <Select
              {...fieldProps('country')}
              label="Land"
              options={countryOptions(values.country)}
              autoComplete="country-name"
            />
          </div>
        </fieldset>

        <fieldset className="settings-group">
          <legend className="settings-group__title">Wachtwoord</legend>
          <p className="settings-group__hint">Laat leeg om uw huidige wachtwoord te behouden.</p>
          <div className="settings-grid">
            <div className="settings-grid__cell">
              <PasswordField
                {...fieldProps('password')}
                label="Nieuw wachtwoord"
                autoComplete="new-password"
              />
              {values.password ? <PasswordStrengthMeter password={values.password} size="sm" /> : null}
            </div>
            <PasswordField
              {...fieldProps('confirmPassword')}
              label="Bevestig wachtwoord"
              autoComplete="new-password"
            />
            {values.password ? (
              <PasswordField
                {...fieldProps('currentPassword')}
                label="Huidig wachtwoord"
                required
                autoComplete="current-password"
                hint="Ter bevestiging dat u het bent."
              />
            ) : null}
          </div>
        </fieldset>
      </Card>
    </form>
  );
}
