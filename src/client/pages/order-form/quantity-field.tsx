import { Minus, Plus } from 'lucide-react';
import { cx, describedBy, FieldLabel, FieldMessages } from '../../components';
import {
  canDecreaseQuantity,
  canIncreaseQuantity,
  normalizeQuantity,
  sanitizeQuantityInput,
  stepQuantity,
} from './order-draft';

export type QuantityFieldProps = {
  id: string;
  value: string;
  error?: string;
  disabled?: boolean;
  lineNumber: number;
  onChange: (value: string) => void;
};

/** Aantal: whole numbers only; the minus button stops at 1; empty becomes 1 when leaving the field. */
export function QuantityField({ id, value, error, disabled, lineNumber, onChange }: QuantityFieldProps) {
  const ids = { id, hintId: `${id}-hint`, errorId: `${id}-error` };
  return (
    <div className="ui-field order-line__quantity">
      <FieldLabel htmlFor={id} required>
        Aantal
      </FieldLabel>
      <div className={cx('ui-control', 'order-qty', error && 'is-invalid', disabled && 'is-disabled')}>
        <button
          type="button"
          className="order-qty__step"
          aria-label={`Aantal verlagen, regel ${lineNumber}`}
          disabled={disabled || !canDecreaseQuantity(value)}
          onClick={() => onChange(stepQuantity(value, -1))}
        >
          <Minus size={15} aria-hidden="true" />
        </button>
        <input
          id={id}
          className="ui-control__input order-qty__input tabular"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          disabled={disabled}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, false, Boolean(error))}
          onChange={(event) => onChange(sanitizeQuantityInput(event.target.value))}
          onBlur={() => {
            const normalized = normalizeQuantity(value);
            if (normalized !== value) onChange(normalized);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
              event.preventDefault();
              onChange(stepQuantity(value, event.key === 'ArrowUp' ? 1 : -1));
            }
          }}
        />
        <button
          type="button"
          className="order-qty__step"
          aria-label={`Aantal verhogen, regel ${lineNumber}`}
          disabled={disabled || !canIncreaseQuantity(value)}
          onClick={() => onChange(stepQuantity(value, 1))}
        >
          <Plus size={15} aria-hidden="true" />
        </button>
      </div>
      <FieldMessages error={error} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}
