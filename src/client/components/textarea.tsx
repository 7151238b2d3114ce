import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx';
import { describedBy, FieldLabel, FieldMessages, useFieldIds } from './field';

export type TextareaProps = ComponentPropsWithRef<'textarea'> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  hideLabel?: boolean;
  fieldClassName?: string;
};

export function Textarea({
  label,
  error,
  hint,
  required,
  hideLabel,
  id,
  className,
  fieldClassName,
  rows = 4,
  'aria-describedby': extraDescribedBy,
  ...textareaProps
}: TextareaProps) {
  const ids = useFieldIds(id);
  return (
    <div className={cx('ui-field', fieldClassName)}>
      <FieldLabel htmlFor={ids.id} required={required} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </FieldLabel>
      <textarea
        {...textareaProps}
        id={ids.id}
        rows={rows}
        className={cx('ui-textarea', error && 'is-invalid', className)}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(ids, Boolean(hint), Boolean(error), extraDescribedBy)}
      />
      <FieldMessages hint={hint} error={error} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}
