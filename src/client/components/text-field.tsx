import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx';
import { describedBy, FieldLabel, FieldMessages, useFieldIds } from './field';

export type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'size'> & {
  label: string;
  /** Error text; marks the input aria-invalid and ties the text to it. */
  error?: string;
  /** Help text under the input. */
  hint?: ReactNode;
  /** Shows * after the label and sets aria-required (no native browser validation bubble). */
  required?: boolean;
  /** Inside the input on the right, e.g. a button. */
  trailing?: ReactNode;
  /** Inside the input on the left, e.g. an icon. */
  leading?: ReactNode;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  /** Class for the outer field wrapper. */
  fieldClassName?: string;
};

export function TextField({
  label,
  error,
  hint,
  required,
  trailing,
  leading,
  hideLabel,
  id,
  className,
  fieldClassName,
  type = 'text',
  'aria-describedby': extraDescribedBy,
  ...inputProps
}: TextFieldProps) {
  const ids = useFieldIds(id);
  return (
    <div className={cx('ui-field', fieldClassName)}>
      <FieldLabel htmlFor={ids.id} required={required} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </FieldLabel>
      <div
        className={cx(
          'ui-control',
          error && 'is-invalid',
          inputProps.disabled && 'is-disabled',
          inputProps.readOnly && 'is-readonly',
        )}
      >
        {leading ? (
          <span className="ui-control__leading" aria-hidden="true">
            {leading}
          </span>
        ) : null}
        <input
          {...inputProps}
          id={ids.id}
          type={type}
          className={cx('ui-control__input', className)}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(ids, Boolean(hint), Boolean(error), extraDescribedBy)}
        />
        {trailing ? <span className="ui-control__trailing">{trailing}</span> : null}
      </div>
      <FieldMessages hint={hint} error={error} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}
