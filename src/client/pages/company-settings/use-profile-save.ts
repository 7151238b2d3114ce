import { type FormEvent, useState } from 'react';
import type { Profile, ProfileUpdateRequest } from '../../../shared/schemas/company-profile';
import { readApiError } from '../../lib/api-errors';
import { useAuth } from '../../lib/auth';
import { trpc } from '../../lib/trpc';
import type { SettingsFeedback } from './settings-footer';
import { type Checked, errorsFromDetails, type FieldErrors, settingsMessages } from './settings-form';
import { useSaveState } from './use-save-state';

export type ProfileSaveConfig<F extends string, V> = {
  /** The tab's form, from useSettingsForm. */
  form: { values: V; revealErrors: (errors: FieldErrors<F>) => void; reset: (values: V) => void };
  /** The tab's fields: a refusal's details for other fields are not shown here. */
  fields: readonly F[];
  /** The whole form, checked with the shared schema; `data` is what PUT /auth/profile gets. */
  checkForm: (values: V) => Checked<F, ProfileUpdateRequest>;
  /** The form's values for the profile the server saved. */
  valuesOf: (profile: Profile) => V;
  savedMessage: string;
  errorMessage: string;
};

/**
 * Saving a profile tab (Bedrijfsprofiel, Financiële gegevens): check the whole form, save it, then
 * show the stored values, 'Opgeslagen!' and the success text. A refusal puts the server's messages
 * under their fields; any other failure shows the tab's error text.
 */
export function useProfileSave<F extends string, V>(config: ProfileSaveConfig<F, V>) {
  const { form, fields, checkForm, valuesOf, savedMessage, errorMessage } = config;
  const { setUser } = useAuth();
  const save = useSaveState();
  const [feedback, setFeedback] = useState<SettingsFeedback>(null);
  const update = trpc.auth.updateProfile.useMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.state === 'saving') return;
    setFeedback(null);
    const checked = checkForm(form.values);
    if (!checked.ok) {
      form.revealErrors(checked.errors);
      setFeedback({ tone: 'error', message: settingsMessages.formHasErrors });
      return;
    }
    save.start();
    update.mutate(checked.data, {
      onSuccess: (saved) => {
        setUser(saved);
        form.reset(valuesOf(saved));
        save.succeed();
        setFeedback({ tone: 'success', message: savedMessage });
      },
      onError: (err) => {
        save.fail();
        const fieldErrors = errorsFromDetails(readApiError(err).details, fields);
        if (Object.keys(fieldErrors).length > 0) {
          form.revealErrors(fieldErrors);
          setFeedback({ tone: 'error', message: settingsMessages.formHasErrors });
        } else {
          setFeedback({ tone: 'error', message: errorMessage });
        }
      },
    });
  };

  return { saveState: save.state, feedback, dismissFeedback: () => setFeedback(null), submit };
}
