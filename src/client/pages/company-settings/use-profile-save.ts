import type { FieldErrors } from '../../../shared/field-errors';
import type { Profile, ProfileUpdateRequest } from '../../../shared/schemas/company-profile';
import { useAuth } from '../../lib/auth';
import type { FormCheck } from '../../lib/form-state';
import { trpc } from '../../lib/trpc';
import { settingsDetails, settingsMessages } from './settings-form';
import { useSettingsSave } from './use-settings-save';

export type ProfileSaveConfig<F extends string, V> = {
  /** The tab's form (useForm with the tab's rules: its check gives what PUT /auth/profile gets). */
  form: {
    validate: () => FormCheck<F, ProfileUpdateRequest>;
    serverErrors: (details: FieldErrors) => boolean;
    reset: (values: V) => void;
  };
  /** The form's values for the profile the server saved. */
  valuesOf: (profile: Profile) => V;
  savedMessage: string;
  errorMessage: string;
};

/**
 * Saving a profile tab (Bedrijfsprofiel, Financiële gegevens): check the whole form, save it, then
 * show the stored values, 'Opgeslagen!' and the success text. A refusal puts the server's messages
 * under their fields (the tab's own; the others it cannot show); any other failure shows the tab's
 * error text.
 */
export function useProfileSave<F extends string, V>(config: ProfileSaveConfig<F, V>) {
  const { form, valuesOf, savedMessage, errorMessage } = config;
  const { setUser } = useAuth();
  const update = trpc.auth.updateProfile.useMutation();
  return useSettingsSave({
    form: {
      validate: form.validate,
      serverErrors: (details) => form.serverErrors(settingsDetails(details)),
    },
    send: (data: ProfileUpdateRequest) => update.mutateAsync(data),
    onSaved: (saved) => {
      setUser(saved);
      form.reset(valuesOf(saved));
    },
    savedMessage,
    errorMessage,
    fieldsMessage: settingsMessages.formHasErrors,
  });
}
