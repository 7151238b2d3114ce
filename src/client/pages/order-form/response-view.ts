import { UNIT_LABELS } from '../../../shared/constants';
import { formatDate, formatDateTime } from '../../../shared/dates';
import { formatEuro } from '../../../shared/format';
import { eurosToCents } from '../../../shared/money';
import { RESPONSE_LABELS, type ResponseFilter } from '../../../shared/order-confirmation-states';
import { formatQuantity } from '../../../shared/rules/quantity';
import type { Order } from '../../../shared/schemas/order';
import type { CustomerResponse } from '../../../shared/schemas/order-confirmation';
import type { OrderConfirmation } from '../../../shared/schemas/order-email';

/**
 * What the order form says about the customer's answer, without React: the panel's title, its facts,
 * the requested changes beside the order's lines, and whether 'Wijzigingen overnemen' is offered.
 */

/** 'dd-mm-jjjj om hh:mm' on the Dutch wall clock. */
export function momentText(instant: string): string {
  const text = formatDateTime(instant);
  return `${text.slice(0, 10)} om ${text.slice(11, 16)}`;
}

export type ResponsePanelState = ResponseFilter | 'expired' | 'replaced';

/** The panel's state: the answer; else whether the latest link still waits or no longer works. */
export function responsePanelState(
  response: CustomerResponse | null,
  confirmation: OrderConfirmation,
): ResponsePanelState {
  if (response) return response.decision;
  if (confirmation.state === 'waiting') return 'waiting';
  return confirmation.state === 'replaced' ? 'replaced' : 'expired';
}

export const RESPONSE_PANEL_TITLES: Record<ResponsePanelState, string> = {
  ...RESPONSE_LABELS,
  expired: 'Geen antwoord, link verlopen',
  replaced: 'Vervangen door een nieuwere verzending',
};

/** The line under the title: when the link went out and until when it works, or when it was answered. */
export function responseSubline(response: CustomerResponse | null, confirmation: OrderConfirmation): string {
  if (response) return `Antwoord van ${response.respondentName} op ${momentText(response.respondedAt)}`;
  const sent = `Link verzonden op ${formatDate(confirmation.sentAt)}`;
  if (confirmation.state === 'waiting') return `${sent}, geldig tot ${formatDate(confirmation.expiresAt)}`;
  return `${sent}, verlopen op ${formatDate(confirmation.expiresAt)}`;
}

export type ChangeRow = {
  lineIndex: number;
  description: string;
  /** The order's line now: '3 stuk × € 199,99'. */
  current: string;
  /** What the customer asked: 'Goed zo', 'Niet gewenst', '2 stuk', '2 stuk, leverdag 10-06-2026'. */
  asked: string;
  status: 'accepted' | 'changed' | 'rejected';
};

const quantityWithUnit = (quantity: number, unit: Order['items'][number]['unit']) =>
  `${formatQuantity(quantity)} ${UNIT_LABELS[unit]}`;

/**
 * The requested changes line by line beside the order's lines. A line the customer did not mention
 * is fine as it is; a line the order no longer has is shown by its number.
 */
export function changeRows(items: Order['items'], response: CustomerResponse): ChangeRow[] {
  const byIndex = new Map(response.lines.map((line) => [line.lineIndex, line]));
  const rows: ChangeRow[] = items.map((item, lineIndex) => {
    const line = byIndex.get(lineIndex);
    const status = line?.status ?? 'accepted';
    const current = `${quantityWithUnit(item.quantity, item.unit)} × ${formatEuro(eurosToCents(item.price))}`;
    let asked = 'Goed zo';
    if (status === 'rejected') asked = 'Niet gewenst';
    if (status === 'changed' && line) {
      const parts = [
        line.quantity !== null ? quantityWithUnit(line.quantity, item.unit) : 'Zelfde aantal',
        line.deliveryDate ? `leverdag ${formatDate(line.deliveryDate)}` : '',
      ];
      asked = parts.filter(Boolean).join(', ');
    }
    return { lineIndex, description: item.description, current, asked, status };
  });
  for (const line of response.lines)
    if (line.lineIndex >= items.length)
      rows.push({
        lineIndex: line.lineIndex,
        description: `Regel ${line.lineIndex + 1} (niet meer op de order)`,
        current: '—',
        asked: line.status === 'rejected' ? 'Niet gewenst' : 'Gewijzigd',
        status: line.status,
      });
  return rows;
}

/**
 * The table beside the order's lines, while it means something: for a change request not yet taken
 * over. Afterwards the order's lines are the new version, and the line numbers of the request (which
 * count the version that was sent) no longer point at the same lines.
 */
export function changeRowsToShow(
  items: Order['items'],
  response: CustomerResponse | null,
  confirmation: OrderConfirmation,
): ChangeRow[] {
  if (response?.decision !== 'changes_requested' || confirmation.changesAppliedAt) return [];
  return changeRows(items, response);
}

/** 'Wijzigingen overnemen' is offered for a change request not yet taken over, to whoever may edit. */
export function canTakeOver(
  response: CustomerResponse | null,
  confirmation: OrderConfirmation,
  viewer: { canWork: boolean; editable: boolean },
): boolean {
  return (
    response?.decision === 'changes_requested' &&
    confirmation.changesAppliedAt === null &&
    confirmation.state !== 'replaced' &&
    viewer.canWork &&
    viewer.editable
  );
}

/** Under a send in the history: 'Akkoord door Petra Jansen op 25-11-2026 om 09:12'. */
export function historyAnswerLine(response: CustomerResponse): string {
  return `${RESPONSE_LABELS[response.decision]} door ${response.respondentName} op ${momentText(response.respondedAt)}`;
}
