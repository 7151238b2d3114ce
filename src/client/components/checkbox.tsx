import { Check } from 'lucide-react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx';
import { describedBy, FieldMessages, useFieldIds } from './field';

export type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  fieldClassName?: string;
};

export function Checkbox({
  label,
  error,
  hint,
  id,
  className,
  fieldClassName,
  'aria-describedby': extraDescribedBy,
  ...inputProps
}: CheckboxProps) {
  const ids = useFieldIds(id);
  return (
    <div className={cx('ui-check', inputProps.disabled && 'is-disabled', fieldClassName)}>
      <div className="ui-check__row">
        <span className="ui-check__box">
          <input
            {...inputProps}
            id={ids.id}
            type="checkbox"
            className={cx('ui-check__input', error && 'is-invalid', className)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(ids, Boolean(hint), Boolean(error), extraDescribedBy)}
          />
          <Check className="ui-check__mark" size={12} strokeWidth={3.25} aria-hidden="true" />
        </span>
        <label htmlFor={ids.id} className="ui-check__label">
          {label}
        </label>
      </div>
      <div className="ui-check__messages">
        <FieldMessages hint={hint} error={error} hintId={ids.hintId} errorId={ids.errorId} />
      </div>
    </div>
  );
}
