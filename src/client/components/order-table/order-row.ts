import { type ApprovalState, approvalBlocksSending } from '../../../shared/approval-states';
import { UNKNOWN_CUSTOMER } from '../../../shared/constants';
import { formatEuro } from '../../../shared/format';
import { eurosToCents } from '../../../shared/money';
import type { ResponseFilter } from '../../../shared/order-confirmation-states';
import type { OrderSummary } from '../../../shared/schemas/order';
import type { BadgeTone } from '../badge';

/**
 * A row of the screens' lists: the order, and where the list says it, its approval's state and the
 * customer's answer to its latest link.
 */
export type OrderRowData = OrderSummary & { approvalState?: ApprovalState; response?: ResponseFilter | null };

/** The customer's answer as the row's second badge. */
export const RESPONSE_BADGE_TONES: Record<ResponseFilter, BadgeTone> = {
  waiting: 'blue',
  accepted: 'green',
  changes_requested: 'amber',
  rejected: 'red',
};

/**
 * The approval a row marks: only one the order waits for (required, requested, rejected), which is
 * also one that keeps it from being sent; an approved order or one that needs none is not marked.
 */
export function approvalBadgeOf(order: Pick<OrderRowData, 'approvalState'>): ApprovalState | null {
  const state = order.approvalState;
  return state && approvalBlocksSending(state) ? state : null;
}

export const APPROVAL_BADGE_TONES: Record<ApprovalState, BadgeTone> = {
  not_required: 'grey',
  required: 'amber',
  requested: 'blue',
  approved: 'green',
  rejected: 'red',
};

/**
 * The Status column's width in pixels: wider on a page where a row also carries an approval's badge
 * ('Wacht op goedkeuring' in the badge's small type, plus the cell's padding), so the badge is never
 * cut; a page without one leaves that room to Klant and Project.
 */
export const statusColumnWidth = (orders: readonly Pick<OrderRowData, 'approvalState' | 'response'>[]) =>
  orders.some((order) => approvalBadgeOf(order) !== null || Boolean(order.response)) ? 164 : 124;

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

export type ColumnNeeds = {
  numberChars: number;
  customerChars: number;
  projectChars: number;
  totalChars: number;
  /** The longest word in Klant: the column is never narrower, so no word of a name is cut. */
  customerWordChars: number;
};

const longestWord = (text: string) => Math.max(0, ...text.split(/\s+/).map((w) => w.length));

/**
 * The longest text (in characters) the sized columns show on this page: Order Nr, Klant (the wider
 * of the company and contact lines), Project and Totaal (a column wide enough for € 123.456,78 left
 * the names short of room on a page of smaller amounts). Order Nr gets what its longest number needs, within
 * bounds (order-table.css), so INK-2026-45868 stays on one line and a short number leaves its room to
 * the others. The table gives Klant what it needs, within 30–70 % of the free width, and Project the
 * rest, so a long project is not cut while a short customer name leaves room unused.
 */
export function columnNeeds(
  orders: readonly Pick<
    OrderSummary,
    'orderNumber' | 'customer' | 'customerName' | 'customerCompany' | 'project' | 'total'
  >[],
): ColumnNeeds {
  let numberChars = 0;
  let totalChars = 0;
  let customerWordChars = 0;
  let projectChars = 0;
  let customerChars = 0;
  for (const order of orders) {
    numberChars = Math.max(numberChars, order.orderNumber.length);
    totalChars = Math.max(totalChars, orderTotalText(order).length);
    projectChars = Math.max(projectChars, order.project.trim().length);
    const shown = customerDisplay(order);
    customerChars = Math.max(customerChars, shown.primary.length, shown.secondary?.length ?? 0);
    customerWordChars = Math.max(
      customerWordChars,
      longestWord(shown.primary),
      longestWord(shown.secondary ?? ''),
    );
  }
  return { numberChars, customerChars, projectChars, totalChars, customerWordChars };
}

/**
 * Klant's least part of the free width when Klant and Project both need more than there is: its
 * part of their two needs, within 30–70 %, so both are cut alike rather than Klant down to a few
 * letters beside a whole project. 0.3 on a page without either.
 */
export function customerShare({ customerChars, projectChars }: ColumnNeeds): number {
  const total = customerChars + projectChars;
  if (total === 0) return 0.3;
  return Math.min(0.7, Math.max(0.3, customerChars / total));
}

/** The buttons of a row's Acties, in the order they stand. */
export type RowAction = 'view' | 'edit' | 'pdf' | 'send' | 'duplicate' | 'delete';

/**
 * What a row offers: the roles that do the daily work edit, download, send (where the screen has the
 * send dialog), duplicate and delete; a role that only reads opens the order to read it and downloads
 * its PDF.
 */
export function rowActions({ canWork, canSend }: { canWork: boolean; canSend: boolean }): RowAction[] {
  if (!canWork) return ['view', 'pdf'];
  return canSend ? ['edit', 'pdf', 'send', 'duplicate', 'delete'] : ['edit', 'pdf', 'duplicate', 'delete'];
}

/**
 * The characters Order Nr is sized for: the page's longest number, and where the approval's badge
 * stands under the number (a list without a Status column), at least the badge's width in the
 * number's type, so 'Wacht op goedkeuring' never runs into Klant.
 */
export function numberColumnChars(
  numberChars: number,
  orders: readonly Pick<OrderRowData, 'approvalState'>[],
  showStatus: boolean,
): number {
  const badgeUnderNumber = !showStatus && orders.some((order) => approvalBadgeOf(order) !== null);
  return badgeUnderNumber ? Math.max(numberChars, 16) : numberChars;
}
