import { describe, expect, it } from 'vitest';
import { confirmationState, customerResponseWire } from './response-wire';

const now = new Date('2026-11-30T12:00:00Z');
const later = new Date('2027-02-28T12:00:00Z');
const earlier = new Date('2026-11-30T11:59:59Z');

describe('confirmationState', () => {
  it('waits while the link is current, unanswered, in date and the order not cancelled', () => {
    expect(confirmationState({ replacedAt: null, decision: null, expiresAt: later }, 'sent', now)).toBe(
      'waiting',
    );
  });
  it('is replaced once a newer send replaced it, answered or not', () => {
    expect(confirmationState({ replacedAt: now, decision: 'accepted', expiresAt: later }, 'sent', now)).toBe(
      'replaced',
    );
  });
  it('is answered once the customer answered, also past its expiry or after a cancel', () => {
    expect(
      confirmationState({ replacedAt: null, decision: 'rejected', expiresAt: earlier }, 'cancelled', now),
    ).toBe('answered');
  });
  it('expires at its moment on the given clock, and when the order is cancelled', () => {
    expect(confirmationState({ replacedAt: null, decision: null, expiresAt: now }, 'sent', now)).toBe(
      'expired',
    );
    expect(confirmationState({ replacedAt: null, decision: null, expiresAt: later }, 'cancelled', now)).toBe(
      'expired',
    );
  });
});

describe('customerResponseWire', () => {
  it('is null until answered', () => {
    expect(
      customerResponseWire({
        decision: null,
        respondedAt: null,
        respondentName: null,
        responseNote: null,
        responseDeliveryDate: null,
        responseLines: null,
      }),
    ).toBeNull();
  });
  it('answers quantities as numbers and an empty note as null', () => {
    expect(
      customerResponseWire({
        decision: 'changes_requested',
        respondedAt: now,
        respondentName: 'Jan',
        responseNote: '',
        responseDeliveryDate: '2026-12-10',
        responseLines: [{ lineIndex: 1, status: 'changed', quantity: '2.500', deliveryDate: null }],
      }),
    ).toEqual({
      decision: 'changes_requested',
      respondedAt: '2026-11-30T12:00:00.000Z',
      respondentName: 'Jan',
      note: null,
      deliveryDate: '2026-12-10',
      lines: [{ lineIndex: 1, status: 'changed', quantity: 2.5, deliveryDate: null }],
    });
  });
});
