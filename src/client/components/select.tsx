import { ChevronDown } from 'lucide-react';
import type { ComponentPropsWithRef, CSSProperties, ReactNode } from 'react';
import { cx } from './cx';
import { describedBy, FieldLabel, FieldMessages, useFieldIds } from './field';

/** `style` e.g. shows a font option in its own font. */
export type SelectOption = { value: string; label: string; disabled?: boolean; style?: CSSProperties };

export type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'children'> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  options: SelectOption[];
  /** A first, empty choice such as 'Kies een land'. */
  placeholder?: string;
  hideLabel?: boolean;
  fieldClassName?: string;
};

export function Select({
  label,
  error,
  hint,
  required,
  options,
  placeholder,
  hideLabel,
  id,
  className,
  fieldClassName,
  'aria-describedby': extraDescribedBy,
  ...selectProps
}: SelectProps) {
  const ids = useFieldIds(id);
  return (
    <div className={cx('ui-field', fieldClassName)}>
      <FieldLabel htmlFor={ids.id} required={required} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </FieldLabel>
      <div
        className={cx(
          'ui-control',
          'ui-control--select',
          error && 'is-invalid',
          selectProps.disabled && 'is-disabled',
        )}
      >
        <select
          {...selectProps}
          id={ids.id}
          className={cx('ui-control__input', 'ui-control__select', className)}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(ids, Boolean(hint), Boolean(error), extraDescribedBy)}
        >
          {placeholder !== undefined && (
            <option value="" disabled={required}>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled} style={option.style}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown className="ui-control__chevron" size={16} aria-hidden="true" />
      </div>
      <FieldMessages hint={hint} error={error} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}
