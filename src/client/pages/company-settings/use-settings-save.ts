import { type FormEvent, useState } from 'react';
import type { FieldErrors } from '../../../shared/field-errors';
import { readApiError } from '../../lib/api-errors';
import type { SettingsFeedback } from './settings-footer';
import { useSaveState } from './use-save-state';

/**
 * Saving a settings form (the profile tabs, Ordernummering, PDF document): check the form,
 * send it, then show what was stored, 'Opgeslagen!' and the success text; a refusal puts the server's
 * messages under their fields and shows the card's error text.
 */
export function useSettingsSave<T, S>(config: {
  form: {
    validate: () => { ok: true; data: T } | { ok: false };
    serverErrors: (details: FieldErrors) => boolean;
  };
  send: (data: T) => Promise<S>;
  /** What the card does with the stored settings (its cache, its form). */
  onSaved: (saved: S) => void;
  savedMessage: string;
  errorMessage: string;
  /**
   * Shown instead when the form's own check fails or a refusal's messages land under the fields (the
   * profile tabs: 'check the marked fields'); without, those fields speak for themselves.
   */
  fieldsMessage?: string;
}) {
  const save = useSaveState();
  const [feedback, setFeedback] = useState<SettingsFeedback>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.state === 'saving') return;
    setFeedback(null);
    const result = config.form.validate();
    if (!result.ok) {
      if (config.fieldsMessage) setFeedback({ tone: 'error', message: config.fieldsMessage });
      return;
    }
    save.start();
    config.send(result.data).then(
      (saved) => {
        config.onSaved(saved);
        save.succeed();
        setFeedback({ tone: 'success', message: config.savedMessage });
      },
      (err: unknown) => {
        save.fail();
        const shown = config.form.serverErrors(readApiError(err).details);
        const message = shown && config.fieldsMessage ? config.fieldsMessage : config.errorMessage;
        setFeedback({ tone: 'error', message });
      },
    );
  };

  return {
    submit,
    feedback,
    dismiss: () => setFeedback(null),
    state: save.state,
    /** A change after saving is unsaved again: the button reads 'Opslaan' at once. */
    edited: () => {
      if (save.state === 'saved') save.fail();
    },
  };
}
