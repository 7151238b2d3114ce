import type { ReactNode } from 'react';
import { cx } from './cx';
import { describedBy, FieldMessages, useFieldIds } from './field';

export type ToggleProps = {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  hint?: ReactNode;
  error?: string;
  id?: string;
  /** Label on the left and switch on the right, across the full width (settings rows). */
  labelFirst?: boolean;
  className?: string;
};

/** An on/off switch (role="switch"); Space and Enter flip it, the label is clickable. */
export function Toggle({
  label,
  checked,
  onChange,
  disabled,
  hint,
  error,
  id,
  labelFirst,
  className,
}: ToggleProps) {
  const ids = useFieldIds(id);
  return (
    <div
      className={cx(
        'ui-toggle',
        labelFirst && 'ui-toggle--label-first',
        disabled && 'is-disabled',
        className,
      )}
    >
      <div className="ui-toggle__row">
        <button
          type="button"
          role="switch"
          id={ids.id}
          aria-checked={checked}
          aria-labelledby={ids.labelId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, Boolean(hint), Boolean(error))}
          disabled={disabled}
          className={cx('ui-toggle__switch', error && 'is-invalid')}
          onClick={() => onChange(!checked)}
        >
          <span className="ui-toggle__thumb" aria-hidden="true" />
        </button>
        <label id={ids.labelId} htmlFor={ids.id} className="ui-toggle__label">
          {label}
        </label>
      </div>
      <div className="ui-toggle__messages">
        <FieldMessages hint={hint} error={error} hintId={ids.hintId} errorId={ids.errorId} />
      </div>
    </div>
  );
}
