import { describe, expect, it } from 'vitest';
import { NUMBER_ERROR, orderNumberPreview, SETTINGS_ERROR } from './order-number-preview';

const now = new Date('2026-06-15T12:00:00Z');
const settings = { format: 'year', prefix: 'PO', includeYear: true, startingNumber: 500 } as const;

describe('the order-number preview of a new order', () => {
  it('shows the next number from the server', () => {
    const p = orderNumberPreview(
      { status: 'success', data: { nextNumber: 'INK-2026-1001' } },
      { status: 'pending' },
      now,
    );
    expect(p).toEqual({ value: 'INK-2026-1001', loading: false, problems: [], needsSettings: false });
  });

  it('is loading while the call runs', () => {
    expect(orderNumberPreview({ status: 'pending' }, { status: 'pending' }, now).loading).toBe(true);
  });

  it('falls back to prefix, year and start number from the settings', () => {
    const p = orderNumberPreview({ status: 'error' }, { status: 'success', data: settings }, now);
    expect(p.value).toBe('PO-2026-500');
    expect(p.problems).toEqual([NUMBER_ERROR]);
    const noYear = orderNumberPreview(
      { status: 'error' },
      { status: 'success', data: { ...settings, includeYear: false, format: 'sequential' } },
      now,
    );
    expect(noYear.value).toBe('PO-500');
  });

  it("waits for the settings, then says 'Wordt automatisch gegenereerd' when they fail too", () => {
    expect(orderNumberPreview({ status: 'error' }, { status: 'pending' }, now).loading).toBe(true);
    const p = orderNumberPreview({ status: 'error' }, { status: 'error' }, now);
    expect(p.value).toBe('Wordt automatisch gegenereerd');
    expect(p.problems).toEqual(['Kan ordernummer niet genereren', SETTINGS_ERROR]);
    expect(SETTINGS_ERROR).toBe('Kan instellingen niet laden.');
  });
});
