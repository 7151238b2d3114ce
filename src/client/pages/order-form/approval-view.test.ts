import { describe, expect, it } from 'vitest';
import {
  APPROVAL_CHANGE_WARNING,
  APPROVAL_STATES,
  type ApprovalState,
  approvalExplanations,
} from '../../../shared/approval-states';
import type { Approval } from '../../../shared/schemas/approval';
import {
  approvalActions,
  approvalChangeWarning,
  approvalEventLine,
  approvalEvents,
  approvalExplanation,
  changesApproved,
  dayAndTime,
} from './approval-view';
import { emptyLine, type LineDraft, newDraft, type OrderDraft } from './order-draft';

const AUTHOR = 'user-mila';
const member = { userId: AUTHOR, canWork: true, canManage: false };
const owner = { userId: 'user-olga', canWork: true, canManage: true };
const otherMember = { userId: 'user-bert', canWork: true, canManage: false };
const ownerAuthor = { userId: AUTHOR, canWork: true, canManage: true };
const viewer = { userId: 'user-bea', canWork: false, canManage: false };

describe('who may do what with an approval', () => {
  it('lets only the author ask, in required and rejected', () => {
    const asks = APPROVAL_STATES.filter((state) => approvalActions(state, AUTHOR, member).request);
    expect(asks).toEqual(['required', 'rejected']);
    for (const state of APPROVAL_STATES) {
      expect(approvalActions(state, AUTHOR, owner).request).toBe(false);
      expect(approvalActions(state, AUTHOR, otherMember).request).toBe(false);
    }
  });

  it('lets an owner or admin decide on a requested order only when they did not write it', () => {
    const decides = APPROVAL_STATES.filter((state) => approvalActions(state, AUTHOR, owner).decide);
    expect(decides).toEqual(['requested']);
    // Nobody decides on their own order, whatever their role.
    for (const state of APPROVAL_STATES)
      expect(approvalActions(state, AUTHOR, ownerAuthor).decide).toBe(false);
    for (const state of APPROVAL_STATES) expect(approvalActions(state, AUTHOR, member).decide).toBe(false);
    for (const state of APPROVAL_STATES) expect(approvalActions(state, AUTHOR, viewer).decide).toBe(false);
  });

  it('lets an owner who wrote the order ask, when the rule applies to it', () => {
    expect(approvalActions('required', AUTHOR, ownerAuthor)).toEqual({ request: true, decide: false });
  });

  it('offers nothing to a role that only reads, not even its own old order', () => {
    expect(approvalActions('required', 'user-bea', viewer)).toEqual({ request: false, decide: false });
  });

  it('treats an order whose author is gone as nobody’s: an approver decides, nobody asks', () => {
    expect(approvalActions('requested', null, owner)).toEqual({ request: false, decide: true });
    expect(approvalActions('required', null, { ...member, userId: null })).toEqual({
      request: false,
      decide: false,
    });
  });

  it('offers no decision while the signed-in user is not known', () => {
    expect(approvalActions('requested', AUTHOR, { ...owner, userId: null }).decide).toBe(false);
  });
});

describe('what the panel says to whom', () => {
  const say = (state: ApprovalState, who: typeof member, editable = true) =>
    approvalExplanation(state, AUTHOR, who, editable);

  it('tells the author to ask, and the others who asks', () => {
    expect(say('required', member)).toBe(approvalExplanations.requiredAuthor);
    expect(say('required', owner)).toBe(approvalExplanations.requiredOther);
  });

  it('tells the approver to decide, and an owner who wrote it that someone else must', () => {
    expect(say('requested', owner)).toBe(approvalExplanations.requestedApprover);
    expect(say('requested', member)).toBe(approvalExplanations.requestedOther);
    expect(say('requested', ownerAuthor)).toBe(approvalExplanations.ownOrderRequested);
  });

  it('says what a change does to an approval only to who may change the order', () => {
    expect(say('approved', member, true)).toBe(approvalExplanations.approvedEditable);
    expect(say('approved', viewer, false)).toBe(approvalExplanations.approved);
  });

  it('tells the author of a rejected order what to do next', () => {
    expect(say('rejected', member)).toBe(approvalExplanations.rejectedAuthor);
    expect(say('rejected', owner)).toBe(approvalExplanations.rejectedOther);
    expect(say('not_required', member)).toBeNull();
  });
});

describe('who asked and who decided, and when', () => {
  it('writes the day as dd-mm-jjjj and the time on the Dutch clock', () => {
    // 08:05 UTC in winter is 09:05 in Amsterdam; in summer 10:05.
    expect(dayAndTime('2026-03-14T08:05:09.000Z')).toBe('14-03-2026 om 09:05');
    expect(dayAndTime('2026-07-01T08:05:00.000Z')).toBe('01-07-2026 om 10:05');
    // Late in the evening in UTC is the next day here.
    expect(dayAndTime('2026-12-31T23:30:00.000Z')).toBe('01-01-2027 om 00:30');
  });

  it('names the person, and leaves them out when their account is gone', () => {
    expect(approvalEventLine('requested', { name: 'Mila de Vries' }, '2026-03-14T08:05:00.000Z')).toBe(
      'Aangevraagd door Mila de Vries op 14-03-2026 om 09:05',
    );
    expect(approvalEventLine('rejected', null, '2026-03-14T08:05:00.000Z')).toBe(
      'Afgewezen op 14-03-2026 om 09:05',
    );
  });

  const approval = (patch: Partial<Approval>): Approval => ({
    state: 'required',
    requestedBy: null,
    requestedAt: null,
    note: null,
    decidedBy: null,
    decidedAt: null,
    reason: null,
    ...patch,
  });

  it('lists the request and then the decision', () => {
    const requested = { requestedBy: { id: AUTHOR, name: 'Mila' }, requestedAt: '2026-03-14T08:05:00.000Z' };
    const decided = { decidedBy: { id: 'user-olga', name: 'Olga' }, decidedAt: '2026-03-14T09:10:00.000Z' };
    expect(approvalEvents(approval({}))).toEqual([]);
    expect(approvalEvents(approval({ state: 'requested', ...requested }))).toEqual([
      'Aangevraagd door Mila op 14-03-2026 om 09:05',
    ]);
    expect(approvalEvents(approval({ state: 'approved', ...requested, ...decided }))).toEqual([
      'Aangevraagd door Mila op 14-03-2026 om 09:05',
      'Goedgekeurd door Olga op 14-03-2026 om 10:10',
    ]);
    expect(approvalEvents(approval({ state: 'rejected', ...requested, ...decided }))).toEqual([
      'Aangevraagd door Mila op 14-03-2026 om 09:05',
      'Afgewezen door Olga op 14-03-2026 om 10:10',
    ]);
  });
});

describe('a change that voids the approval', () => {
  const line = (patch: Partial<LineDraft>): LineDraft => ({
    ...emptyLine(),
    description: 'Cv-ketel',
    quantity: '1',
    price: '1.800,00',
    ...patch,
  });
  const saved: OrderDraft = { ...newDraft(), customer: 'c1', items: [line({})] };
  const edit = (patch: Partial<OrderDraft>): OrderDraft => ({ ...saved, ...patch });

  it('sees the customer, the lines, quantities, prices, VAT and verlegd', () => {
    expect(changesApproved(saved, edit({ customer: 'c2' }))).toBe(true);
    expect(changesApproved(saved, edit({ btwVerlegd: true }))).toBe(true);
    expect(changesApproved(saved, edit({ items: [line({ price: '1.900,00' })] }))).toBe(true);
    expect(changesApproved(saved, edit({ items: [line({ quantity: '2' })] }))).toBe(true);
    expect(changesApproved(saved, edit({ items: [line({ vat: 9 })] }))).toBe(true);
    expect(changesApproved(saved, edit({ items: [line({ description: 'Boiler' })] }))).toBe(true);
    expect(changesApproved(saved, edit({ items: [line({}), line({ description: 'Extra' })] }))).toBe(true);
  });

  it('does not see project, reference, notes or dates, nor a price written another way', () => {
    expect(changesApproved(saved, edit({ project: 'Nieuwbouw', reference: 'REF-1', notes: 'Bellen' }))).toBe(
      false,
    );
    expect(changesApproved(saved, edit({ date: '2026-01-02', deliveryDate: '2026-02-01' }))).toBe(false);
    expect(changesApproved(saved, edit({ items: [line({ price: '1800', quantity: '1,0' })] }))).toBe(false);
    // A new line gets a new key: the key is no part of the order.
    expect(changesApproved(saved, edit({ items: [line({ key: 'other' })] }))).toBe(false);
  });

  it('warns only where a request or a decision is voided, and only with such a change', () => {
    expect(approvalChangeWarning('approved', true)).toBe(APPROVAL_CHANGE_WARNING.approved);
    expect(approvalChangeWarning('requested', true)).toBe(APPROVAL_CHANGE_WARNING.requested);
    expect(approvalChangeWarning('rejected', true)).toBe(APPROVAL_CHANGE_WARNING.rejected);
    expect(approvalChangeWarning('required', true)).toBeNull();
    expect(approvalChangeWarning('not_required', true)).toBeNull();
    expect(approvalChangeWarning('approved', false)).toBeNull();
  });
});
