import { type FormEvent, useState } from 'react';
import type { FieldErrors } from '../../../shared/field-errors';
import type { Profile, ProfileUpdateRequest } from '../../../shared/schemas/company-profile';
import { readApiError } from '../../lib/api-errors';
import { useAuth } from '../../lib/auth';
import type { FormCheck } from '../../lib/form-state';
import { trpc } from '../../lib/trpc';
import type { SettingsFeedback } from './settings-footer';
import { settingsDetails, settingsMessages } from './settings-form';
import { useSaveState } from './use-save-state';

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
  const save = useSaveState();
  const [feedback, setFeedback] = useState<SettingsFeedback>(null);
  const update = trpc.auth.updateProfile.useMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.state === 'saving') return;
    setFeedback(null);
    const checked = form.validate();
    if (!checked.ok) {
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
        const shown = form.serverErrors(settingsDetails(readApiError(err).details));
        setFeedback({ tone: 'error', message: shown ? settingsMessages.formHasErrors : errorMessage });
      },
    });
  };

  return { saveState: save.state, feedback, dismissFeedback: () => setFeedback(null), submit };
}
