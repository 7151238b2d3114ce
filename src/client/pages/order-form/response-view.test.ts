import { describe, expect, it } from 'vitest';
import { formatEuro } from '../../../shared/format';
import type { Order } from '../../../shared/schemas/order';
import type { CustomerResponse } from '../../../shared/schemas/order-confirmation';
import type { OrderConfirmation } from '../../../shared/schemas/order-email';
import {
  canTakeOver,
  changeRows,
  changeRowsToShow,
  historyAnswerLine,
  momentText,
  responsePanelState,
  responseSubline,
} from './response-view';

const link: OrderConfirmation = {
  sentAt: '2026-11-24T10:30:00.000Z',
  expiresAt: '2027-02-22T10:30:00.000Z',
  state: 'answered',
  changesAppliedAt: null,
};
const change: CustomerResponse = {
  decision: 'changes_requested',
  respondedAt: '2026-11-25T08:12:00.000Z',
  respondentName: 'Petra Jansen',
  note: 'Montage doen we zelf',
  deliveryDate: null,
  lines: [
    { lineIndex: 0, status: 'changed', quantity: 2.5, deliveryDate: '2026-12-10' },
    { lineIndex: 1, status: 'rejected', quantity: null, deliveryDate: null },
    { lineIndex: 3, status: 'changed', quantity: 1, deliveryDate: null },
  ],
};
const items: Order['items'] = [
  { description: 'Bureaustoel', quantity: 3, unit: 'stuk', price: 1199.99, vat: 21, total: 3599.97 },
  { description: 'Montage', quantity: 2.5, unit: 'uur', price: 45.5, vat: 21, total: 113.75 },
  { description: 'Handboek', quantity: 1, unit: 'stuk', price: 12.5, vat: 9, total: 12.5 },
];

describe('the order form’s answer panel', () => {
  it('writes moments and days as dd-mm-jjjj on the Dutch clock', () => {
    expect(momentText('2026-11-25T08:12:00.000Z')).toBe('25-11-2026 om 09:12');
    expect(responseSubline(change, link)).toBe('Antwoord van Petra Jansen op 25-11-2026 om 09:12');
    expect(responseSubline(null, { ...link, state: 'waiting' })).toBe(
      'Link verzonden op 24-11-2026, geldig tot 22-02-2027',
    );
    expect(responseSubline(null, { ...link, state: 'expired' })).toBe(
      'Link verzonden op 24-11-2026, verlopen op 22-02-2027',
    );
  });

  it('names the state: the answer, else waiting or expired', () => {
    expect(responsePanelState(change, link)).toBe('changes_requested');
    expect(responsePanelState(null, { ...link, state: 'waiting' })).toBe('waiting');
    expect(responsePanelState(null, { ...link, state: 'expired' })).toBe('expired');
  });

  it('puts each requested change beside the order’s line, amounts in euros', () => {
    expect(changeRows(items, change)).toEqual([
      {
        lineIndex: 0,
        description: 'Bureaustoel',
        current: `3 stuk × ${formatEuro(119999)}`,
        asked: '2,5 stuk, leverdag 10-12-2026',
        status: 'changed',
      },
      {
        lineIndex: 1,
        description: 'Montage',
        current: `2,5 uur × ${formatEuro(4550)}`,
        asked: 'Niet gewenst',
        status: 'rejected',
      },
      {
        lineIndex: 2,
        description: 'Handboek',
        current: `1 stuk × ${formatEuro(1250)}`,
        asked: 'Goed zo',
        status: 'accepted',
      },
      {
        lineIndex: 3,
        description: 'Regel 4 (niet meer op de order)',
        current: '—',
        asked: 'Gewijzigd',
        status: 'changed',
      },
    ]);
  });

  it('shows the table beside the lines only until the request is taken over', () => {
    expect(changeRowsToShow(items, change, link)).toHaveLength(4);
    expect(
      changeRowsToShow(items, change, { ...link, changesAppliedAt: '2026-11-25T09:00:00.000Z' }),
    ).toEqual([]);
    expect(changeRowsToShow(items, { ...change, decision: 'accepted' }, link)).toEqual([]);
  });

  it('offers the take-over once, for a change request, to whoever may edit the order', () => {
    const editor = { canWork: true, editable: true };
    expect(canTakeOver(change, link, editor)).toBe(true);
    expect(canTakeOver(change, { ...link, changesAppliedAt: '2026-11-25T09:00:00.000Z' }, editor)).toBe(
      false,
    );
    expect(canTakeOver(change, link, { canWork: false, editable: true })).toBe(false);
    expect(canTakeOver(change, link, { canWork: true, editable: false })).toBe(false);
    expect(canTakeOver({ ...change, decision: 'accepted' }, link, editor)).toBe(false);
    expect(canTakeOver(null, link, editor)).toBe(false);
  });

  it('says the answer under its send', () => {
    expect(historyAnswerLine({ ...change, decision: 'accepted' })).toBe(
      'Akkoord door Petra Jansen op 25-11-2026 om 09:12',
    );
  });
});
