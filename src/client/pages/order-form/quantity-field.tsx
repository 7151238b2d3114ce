import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { cx, describedBy, FieldLabel, FieldMessages } from '../../components';
import {
  canDecreaseQuantity,
  canIncreaseQuantity,
  normalizeQuantity,
  quantityFieldError,
  stepQuantity,
} from './order-draft';

export type QuantityFieldProps = {
  id: string;
  value: string;
  error?: string;
  disabled?: boolean;
  /** Only to read: the number without the steps beside it. */
  readOnly?: boolean;
  lineNumber: number;
  onChange: (value: string) => void;
};

/**
 * Aantal: above 0 with up to three decimals ('2,5', '0,75'). What is typed is kept as typed; when the
 * field is left a valid quantity is shown in Dutch notation ('1.250,5'), and anything else ('1,2,3',
 * '-3') gets the shared rule's message at the field instead of being rewritten into another number.
 * The minus button stops at 1; empty becomes 1 when leaving the field.
 */
export function QuantityField({
  id,
  value,
  error,
  disabled,
  readOnly = false,
  lineNumber,
  onChange,
}: QuantityFieldProps) {
  const ids = { id, hintId: `${id}-hint`, errorId: `${id}-error` };
  // Checked once the user leaves the field, until the next change (no message halfway through typing).
  const [left, setLeft] = useState(false);
  const shownError = error ?? (left ? quantityFieldError(value) : undefined);
  return (
    <div className="ui-field order-line__quantity">
      <FieldLabel htmlFor={id} required>
        Aantal
      </FieldLabel>
      <div className={cx('ui-control', 'order-qty', shownError && 'is-invalid', disabled && 'is-disabled')}>
        {readOnly ? null : (
          <button
            type="button"
            className="order-qty__step"
            aria-label={`Aantal verlagen, regel ${lineNumber}`}
            disabled={disabled || !canDecreaseQuantity(value)}
            onClick={() => {
              setLeft(false);
              onChange(stepQuantity(value, -1));
            }}
          >
            <Minus size={15} aria-hidden="true" />
          </button>
        )}
        <input
          id={id}
          className="ui-control__input order-qty__input tabular"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          disabled={disabled}
          aria-required
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy(ids, false, Boolean(shownError))}
          maxLength={20}
          onChange={(event) => {
            setLeft(false);
            onChange(event.target.value);
          }}
          onBlur={() => {
            setLeft(true);
            const normalized = normalizeQuantity(value);
            if (normalized !== value) onChange(normalized);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
              event.preventDefault();
              setLeft(false);
              onChange(stepQuantity(value, event.key === 'ArrowUp' ? 1 : -1));
            }
          }}
        />
        {readOnly ? null : (
          <button
            type="button"
            className="order-qty__step"
            aria-label={`Aantal verhogen, regel ${lineNumber}`}
            disabled={disabled || !canIncreaseQuantity(value)}
            onClick={() => {
              setLeft(false);
              onChange(stepQuantity(value, 1));
            }}
          >
            <Plus size={15} aria-hidden="true" />
          </button>
        )}
      </div>
      <FieldMessages error={shownError} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}
