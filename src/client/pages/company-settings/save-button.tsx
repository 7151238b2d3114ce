import { Check, Save } from 'lucide-react';
import { Button, cx } from '../../components';
import type { SaveState } from './use-save-state';

const LABELS: Record<SaveState, string> = {
  idle: 'Opslaan',
  saving: 'Opslaan...',
  saved: 'Opgeslagen!',
};

/** Spec §2: 'Opslaan...' while saving, then 'Opgeslagen!' in success style. */
export function SaveButton({
  state,
  form,
  disabled,
}: {
  state: SaveState;
  form?: string;
  disabled?: boolean;
}) {
  return (
    <Button
      type="submit"
      form={form}
      disabled={disabled}
      busy={state === 'saving'}
      icon={state === 'saved' ? <Check size={16} strokeWidth={2.5} /> : <Save size={16} />}
      className={cx('settings-save', state === 'saved' && 'is-saved')}
    >
      <span aria-live="polite">{LABELS[state]}</span>
    </Button>
  );
}
