/**
 * After saving, the order form can send the user to /inkooporders with navigation state
 * `{openEmailModal: true, orderId}` (spec §2 Order form, 'Ja, verstuur e-mail'). The orders screen
 * reads it once and then removes it from the history entry, so a reload or going back does not
 * open the dialog again.
 */

export type EmailModalRequest = { orderId: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function readEmailModalRequest(state: unknown): EmailModalRequest | null {
  if (!isRecord(state) || state.openEmailModal !== true) return null;
  const orderId = state.orderId;
  return typeof orderId === 'string' && orderId.length > 0 ? { orderId } : null;
}

/** The state without the request's keys (null when nothing else was in it). */
export function withoutEmailModalRequest(state: unknown): unknown {
  if (!isRecord(state)) return state;
  const { openEmailModal: _open, orderId: _id, ...rest } = state;
  return Object.keys(rest).length > 0 ? rest : null;
}

/** Takes the request out of the current history entry; returns it (or null when there was none). */
export function takeEmailModalRequest(
  history: Pick<History, 'state' | 'replaceState'>,
): EmailModalRequest | null {
  const state: unknown = history.state;
  if (!isRecord(state) || !('openEmailModal' in state || 'orderId' in state)) return null;
  const request = readEmailModalRequest(state);
  history.replaceState(withoutEmailModalRequest(state), '');
  return request;
}
