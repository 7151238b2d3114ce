import { type FormEvent, useMemo, useState } from 'react';
import type { Profile } from '../../../shared/schemas/profile';
import { COUNTRIES } from '../../../shared/schemas/profile';
import {
  Card,
  Notice,
  PasswordField,
  PasswordStrengthMeter,
  Select,
  type SelectOption,
  TextField,
} from '../../components';
import { useAuth } from '../../lib/auth';
import { readApiError } from '../../lib/auth-errors';
import { trpc } from '../../lib/trpc';
import { SaveButton } from './save-button';
import {
  checkProfileField,
  checkProfileForm,
  errorsFromDetails,
  maskProfileField,
  PROFILE_FIELDS,
  type ProfileFormField,
  profileValuesOf,
  settingsMessages,
} from './settings-form';
import { useSaveState } from './use-save-state';
import { useSettingsForm } from './use-settings-form';

const FORM_ID = 'settings-profile-form';

const EMAIL_HINT =
  'Dit e-mailadres gebruikt u om in te loggen. Neem contact op met support om het te wijzigen.';

function countryOptions(current: string): SelectOption[] {
  const options: SelectOption[] = COUNTRIES.map((c) => ({ value: c, label: c }));
  if (current && !options.some((o) => o.value === current)) options.push({ value: current, label: current });
  return options;
}

type Feedback = { tone: 'success' | 'error'; message: string } | null;

/** Tab Bedrijfsprofiel (spec §5 Company form): who, the company, its address, and a new password. */
export function ProfileTab({ profile }: { profile: Profile }) {
  const { setUser } = useAuth();
  const initial = useMemo(() => profileValuesOf(profile), [profile]);
  const form = useSettingsForm<ProfileFormField, ReturnType<typeof profileValuesOf>>({
    initial,
    fields: PROFILE_FIELDS,
    mask: maskProfileField,
    check: checkProfileField,
    clearOnFocus: ['phoneNumber'],
    linked: { password: 'confirmPassword' },
  });
  const save = useSaveState();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const update = trpc.auth.updateProfile.useMutation();
  const { values, fieldProps } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.state === 'saving') return;
    setFeedback(null);
    const checked = checkProfileForm(values);
    if (!checked.ok) {
      form.revealErrors(checked.errors);
      setFeedback({ tone: 'error', message: settingsMessages.formHasErrors });
      return;
    }
    save.start();
    update.mutate(checked.data, {
      onSuccess: (saved) => {
        setUser(saved);
        form.reset(profileValuesOf(saved));
        save.succeed();
        setFeedback({ tone: 'success', message: settingsMessages.profileSaved });
      },
      onError: (err) => {
        save.fail();
        const fieldErrors = errorsFromDetails(readApiError(err).details, PROFILE_FIELDS);
        if (Object.keys(fieldErrors).length > 0) {
          form.revealErrors(fieldErrors);
          setFeedback({ tone: 'error', message: settingsMessages.formHasErrors });
        } else {
          setFeedback({ tone: 'error', message: settingsMessages.profileError });
        }
      },
    });
  };

  return (
    <form id={FORM_ID} className="settings-form" onSubmit={submit} noValidate>
      <Card
        title="Bedrijfsprofiel"
        description="Deze gegevens staan als afzender op uw inkooporders en PDF-documenten."
        footer={
          <div className="settings-footer">
            {feedback ? (
              <Notice
                tone={feedback.tone}
                onClose={() => setFeedback(null)}
                className="settings-footer__notice"
              >
                {feedback.message}
              </Notice>
            ) : null}
            <SaveButton state={save.state} form={FORM_ID} />
          </div>
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
          </div>
        </fieldset>
      </Card>
    </form>
  );
}
