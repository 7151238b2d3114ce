/**
 * What the order's approval panel shows to whom (pure, no React): the state's tone, the lines of who
 * asked and who decided, the explanation for the person looking, and which actions they get. The
 * server refuses whatever the screen would wrongly offer; the screen offers only what the server
 * allows: the author asks (required or rejected), an owner or admin who is not the author decides
 * (requested).
 */

import {
  APPROVAL_CHANGE_WARNING,
  APPROVAL_EVENT_LABELS,
  type ApprovalState,
  approvalExplanations,
} from '../../../shared/approval-states';
import { formatDateTime } from '../../../shared/dates';
import type { Approval } from '../../../shared/schemas/approval';
import { type LineDraft, type OrderDraft, priceCents, quantityValue } from './order-draft';

export type ApprovalViewer = {
  /** The signed-in user's id; null while unknown. */
  userId: string | null;
  /** The role may change orders (the author asks only with it). */
  canWork: boolean;
  /** Owner or admin: may decide on someone else's order. */
  canManage: boolean;
};

export type ApprovalActions = { request: boolean; decide: boolean };

/** The author is the one who wrote the order; an order whose author is gone has none. */
export function isAuthor(authorId: string | null | undefined, viewer: Pick<ApprovalViewer, 'userId'>) {
  return Boolean(authorId) && authorId === viewer.userId;
}

export function approvalActions(
  state: ApprovalState,
  authorId: string | null | undefined,
  viewer: ApprovalViewer,
): ApprovalActions {
  const author = isAuthor(authorId, viewer);
  return {
    request: author && viewer.canWork && (state === 'required' || state === 'rejected'),
    decide: !author && viewer.userId !== null && viewer.canManage && state === 'requested',
  };
}

/** The sentence under the state, for this viewer; `editable`: they may change the order here. */
export function approvalExplanation(
  state: ApprovalState,
  authorId: string | null | undefined,
  viewer: ApprovalViewer,
  editable: boolean,
): string | null {
  const author = isAuthor(authorId, viewer);
  switch (state) {
    case 'not_required':
      return null;
    case 'required':
      return author ? approvalExplanations.requiredAuthor : approvalExplanations.requiredOther;
    case 'requested':
      if (approvalActions(state, authorId, viewer).decide) return approvalExplanations.requestedApprover;
      return author && viewer.canManage
        ? approvalExplanations.ownOrderRequested
        : approvalExplanations.requestedOther;
    case 'approved':
      return editable ? approvalExplanations.approvedEditable : approvalExplanations.approved;
    case 'rejected':
      return author ? approvalExplanations.rejectedAuthor : approvalExplanations.rejectedOther;
  }
}

/** '14-03-2026 om 09:05': the day and the time on the Dutch wall clock, without seconds. */
export function dayAndTime(instant: string): string {
  const [day, time] = formatDateTime(instant).split(' ');
  return day && time ? `${day} om ${time.slice(0, 5)}` : '';
}

/** 'Aangevraagd door Mila de Vries op 14-03-2026 om 09:05' (without 'door …' when the person is gone). */
export function approvalEventLine(
  event: keyof typeof APPROVAL_EVENT_LABELS,
  person: { name: string } | null,
  at: string | null,
): string {
  const by = person ? ` door ${person.name}` : '';
  const when = at ? ` op ${dayAndTime(at)}` : '';
  return `${APPROVAL_EVENT_LABELS[event]}${by}${when}`;
}

/** The panel's lines about the request and the decision, as far as there was one. */
export function approvalEvents(approval: Approval): string[] {
  const lines: string[] = [];
  if (approval.requestedAt)
    lines.push(approvalEventLine('requested', approval.requestedBy, approval.requestedAt));
  if (approval.decidedAt && (approval.state === 'approved' || approval.state === 'rejected'))
    lines.push(approvalEventLine(approval.state, approval.decidedBy, approval.decidedAt));
  return lines;
}

/** What of a line an approval is about: its text, quantity, unit, price and VAT, as values. */
const lineValue = (line: LineDraft) => ({
  description: line.description.trim(),
  quantity: quantityValue(line.quantity),
  unit: line.unit,
  price: priceCents(line.price),
  vat: line.vat,
});

/**
 * Whether the form changes what an approval is about (the customer, the lines, quantities, prices,
 * VAT or verlegd), compared as values: '12,5' and '12,50' are the same price. Project, reference,
 * dates and notes are not part of it.
 */
export function changesApproved(saved: OrderDraft, draft: OrderDraft): boolean {
  if (saved.customer !== draft.customer || saved.btwVerlegd !== draft.btwVerlegd) return true;
  return JSON.stringify(saved.items.map(lineValue)) !== JSON.stringify(draft.items.map(lineValue));
}

/** The warning above a change that voids the request or decision, when saved. */
export function approvalChangeWarning(state: ApprovalState, changed: boolean): string | null {
  return changed ? (APPROVAL_CHANGE_WARNING[state] ?? null) : null;
}
