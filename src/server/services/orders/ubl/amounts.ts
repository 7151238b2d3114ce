import { centsToDecimal } from '../../../../shared/money';
import { QUANTITY_DECIMALS, quantityToThousandths, THOUSANDTHS } from '../../../../shared/rules/quantity';

/** The one currency of the app's orders. */
export const UBL_CURRENCY = 'EUR';

/** Cents as a UBL amount, always two decimals: 1250 → '12.50'. From the integer, never a float. */
export const ublAmount = (cents: number): string => centsToDecimal(cents);

/** A quantity as xs:decimal without trailing zeros: 2.5 → '2.5', 3 → '3', 0.125 → '0.125'. */
export function ublQuantity(quantity: number): string {
  const thousandths = quantityToThousandths(quantity);
  const whole = Math.floor(thousandths / THOUSANDTHS);
  const fraction = String(thousandths % THOUSANDTHS)
    .padStart(QUANTITY_DECIMALS, '0')
    .replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}

/** A VAT percentage as xs:decimal: 21 → '21'. */
export const ublPercent = (percent: number): string => String(percent);
