import { useMemo } from 'react';
import { COUNTRIES } from '../../../shared/constants';
import type { Profile } from '../../../shared/schemas/company-profile';
import {
  Card,
  PasswordField,
  PasswordStrengthMeter,
  RoleNote,
  Select,
  type SelectOption,
  TextField,
} from '../../components';
import { useCan } from '../../lib/can';
import { useForm } from '../../lib/use-form';
import { SaveButton } from './save-button';
import { SettingsFooter } from './settings-footer';
import {
  maskProfileField,
  profileFormRules,
  profileValuesOf,
  settingsFieldId,
  settingsMessages,
} from './settings-form';
import { useProfileSave } from './use-profile-save';

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
  // The company's data is the owner's and admins'; anyone may change their own name and password here.
  const canManage = useCan('manage');
  const initial = useMemo(() => profileValuesOf(profile), [profile]);
  // A fresher profile (refetch, or another tab's save) replaces the values while nothing is typed.
  const form = useForm({
    ...profileFormRules,
    initial,
    follow: true,
    fieldId: settingsFieldId,
    mask: maskProfileField,
  });
  const save = useProfileSave({
    form,
    valuesOf: profileValuesOf,
    savedMessage: settingsMessages.profileSaved,
    errorMessage: settingsMessages.profileError,
  });
  const { values, inputProps } = form;

  return (
    <form id={FORM_ID} className="settings-form" onSubmit={save.submit} noValidate>
      <Card
        title="Bedrijfsprofiel"
        description="Deze gegevens staan als afzender op uw inkooporders en PDF-documenten."
        footer={
          <SettingsFooter feedback={save.feedback} onDismiss={save.dismiss}>
            <SaveButton state={save.state} form={FORM_ID} />
          </SettingsFooter>
        }
      >
        <fieldset className="settings-group">
          <legend className="settings-group__title">Contactpersoon</legend>
          <div className="settings-grid">
            <TextField {...inputProps('name')} label="Naam" required autoComplete="name" />
            <TextField
              {...inputProps('email')}
              label="E-mail"
              type="email"
              readOnly
              aria-readonly="true"
              hint={EMAIL_HINT}
              autoComplete="email"
            />
          </div>
        </fieldset>

        <fieldset className="settings-group" disabled={!canManage}>
          <legend className="settings-group__title">Bedrijf</legend>
          {canManage ? null : <RoleNote capability="manage" className="settings-group__hint" />}
          <div className="settings-grid">
            <TextField
              {...inputProps('company')}
              label="Bedrijfsnaam"
              required
              autoComplete="organization"
              fieldClassName="settings-grid__wide"
            />
            <TextField
              {...inputProps('website')}
              label="Website"
              inputMode="url"
              autoComplete="url"
              placeholder="www.uwbedrijf.nl"
            />
            <TextField
              {...inputProps('phoneNumber')}
              label="Telefoonnummer"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="020 123 4567"
            />
          </div>
        </fieldset>

        <fieldset className="settings-group" disabled={!canManage}>
          <legend className="settings-group__title">Adres</legend>
          <div className="settings-grid">
            <TextField
              {...inputProps('address')}
              label="Adres"
              required
              autoComplete="street-address"
              placeholder="Straat en huisnummer"
              fieldClassName="settings-grid__wide"
            />
            <TextField
              {...inputProps('postalCode')}
              label="Postcode"
              required
              autoComplete="postal-code"
              autoCapitalize="characters"
              maxLength={7}
              placeholder="1234 AB"
            />
            <TextField {...inputProps('city')} label="Plaats" required autoComplete="address-level2" />
            <Select
              {...inputProps('country')}
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
                {...inputProps('password')}
                label="Nieuw wachtwoord"
                autoComplete="new-password"
              />
              {values.password ? <PasswordStrengthMeter password={values.password} size="sm" /> : null}
            </div>
            <PasswordField
              {...inputProps('confirmPassword')}
              label="Bevestig wachtwoord"
              autoComplete="new-password"
            />
            {values.password ? (
              <PasswordField
                {...inputProps('currentPassword')}
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
