import { UNKNOWN_CUSTOMER } from '../../../shared/constants';
import { formatEuro } from '../../../shared/format';
import { eurosToCents } from '../../../shared/money';
import type { OrderSummary } from '../../../shared/schemas/order';

/** What a row shows in the Klant column: the company first, the contact person under it. */
export type CustomerDisplay = { primary: string; secondary: string | null; unknown: boolean };

export function customerDisplay(
  order: Pick<OrderSummary, 'customer' | 'customerName' | 'customerCompany'>,
): CustomerDisplay {
  if (order.customer === null) return { primary: UNKNOWN_CUSTOMER, secondary: null, unknown: true };
  const company = order.customerCompany?.trim() ?? '';
  const name = order.customerName?.trim() ?? '';
  if (!company) return { primary: name || UNKNOWN_CUSTOMER, secondary: null, unknown: !name };
  const same = company.toLocaleLowerCase('nl-NL') === name.toLocaleLowerCase('nl-NL');
  return { primary: company, secondary: name && !same ? name : null, unknown: false };
}

/** The order total as '€ 1.234,56' (exact, via cents). */
export function orderTotalText(order: Pick<OrderSummary, 'total'>): string {
  return formatEuro(eurosToCents(order.total));
}

/**
 * The longest text (in characters) each of the two flexible columns shows on this page: Klant (the
 * wider of the company and contact lines) and Project. The table gives Klant what it needs, within
 * 30–70 % of the free width, and Project the rest, so a long project is not cut while a short
 * customer name leaves room unused (issue 11 item 15).
 */
export function columnNeeds(
  orders: readonly Pick<OrderSummary, 'customer' | 'customerName' | 'customerCompany' | 'project'>[],
): { customerChars: number; projectChars: number } {
  let projectChars = 0;
  let customerChars = 0;
  for (const order of orders) {
    projectChars = Math.max(projectChars, order.project.trim().length);
    const shown = customerDisplay(order);
    customerChars = Math.max(customerChars, shown.primary.length, shown.secondary?.length ?? 0);
  }
  return { customerChars, projectChars };
}
