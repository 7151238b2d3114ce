import { describe, expect, it } from 'vitest';
import { actorsLine } from './order-actors';

const at = '2026-05-01T10:00:00.000Z';
const later = '2026-05-02T10:00:00.000Z';
const anna = { name: 'Anna' };
const bert = { name: 'Bert' };

describe('actorsLine', () => {
  it('names who created the order and who saved it last', () => {
    expect(actorsLine({ createdBy: anna, updatedBy: bert, createdAt: at, updatedAt: later })).toBe(
      'Aangemaakt door Anna · Laatst gewijzigd door Bert',
    );
  });

  it('says only who created it while it was never saved again', () => {
    expect(actorsLine({ createdBy: anna, updatedBy: anna, createdAt: at, updatedAt: at })).toBe(
      'Aangemaakt door Anna',
    );
  });

  it('leaves out whom it does not know, and says nothing when it knows nobody', () => {
    expect(actorsLine({ createdBy: null, updatedBy: bert, createdAt: at, updatedAt: later })).toBe(
      'Laatst gewijzigd door Bert',
    );
    expect(actorsLine({ createdBy: null, updatedBy: null, createdAt: at, updatedAt: later })).toBeNull();
  });
});
