import { formatAmount } from '../../shared/format';
import { parseEuroText } from '../../shared/money';
import { cx } from './cx';
import { TextField, type TextFieldProps } from './text-field';

/**
 * A typed euro amount shown back as it was understood, by the one rule of parseEuroText (money.ts):
 * '12,5' → '12,50', '12.345' → '12.345,00', '1234.56' → '1.234,56'. Anything that is not an amount
 * stays as typed, to be refused with a message rather than silently changed.
 */
export function normalizeEuroText(text: string): string {
  const parsed = parseEuroText(text);
  return parsed.ok ? formatAmount(parsed.cents) : text;
}

export type EuroFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'leading' | 'inputMode' | 'type'> & {
  /** The text as typed (Dutch notation once a valid amount has left the field). */
  value: string;
  onValueChange: (text: string) => void;
  /** The text shown back on leaving the field; by default normalizeEuroText. */
  normalize?: (text: string) => string;
};

/**
 * An amount in euro (an order line's price, a threshold): the € before it, figures of one width, the
 * decimal keyboard on a phone, and on leaving the field the amount in Dutch notation with two decimals.
 */
export function EuroField({
  value,
  onValueChange,
  normalize = normalizeEuroText,
  onBlur,
  className,
  placeholder = '0,00',
  ...props
}: EuroFieldProps) {
  return (
    <TextField
      autoComplete="off"
      maxLength={40}
      {...props}
      className={cx('tabular', className)}
      inputMode="decimal"
      placeholder={placeholder}
      leading={<span className="ui-euro">€</span>}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      onBlur={(event) => {
        const shown = normalize(value);
        if (shown !== value) onValueChange(shown);
        onBlur?.(event);
      }}
    />
  );
}
