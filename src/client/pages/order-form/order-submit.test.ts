import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { emptyLine, type LineDraft, newDraft, type OrderDraft } from './order-draft';
import {
  checkDraft,
  draftToInput,
  fieldLabel,
  SAVE_FALLBACK_ERROR,
  savedMessage,
  saveErrorOf,
  VALIDATION_HEADING,
} from './order-submit';

const line = (patch: Partial<LineDraft>): LineDraft => ({ ...emptyLine(), ...patch });
const draft = (patch: Partial<OrderDraft> = {}): OrderDraft => ({
  ...newDraft(new Date('2026-05-04T10:00:00Z')),
  customer: 'c1',
  items: [line({ description: 'Kabel', quantity: '2', price: '12.50' })],
  ...patch,
});

/** A tRPC error as the client receives it from the server. */
function serverError(body: Record<string, unknown>) {
  return TRPCClientError.from({ error: body } as never);
}

describe('the payload', () => {
  it('sends the fields of spec §7 and leaves the untouched date to the server', () => {
    const input = draftToInput(draft(), '2026-05-04');
    expect(input).toEqual({
      customer: 'c1',
      project: '',
      reference: '',
      paymentTerm: 14,
      status: 'concept',
      btwVerlegd: false,
      items: [{ description: 'Kabel', quantity: '2', unit: 'stuk', price: '12.50', vat: 21 }],
      deliveryDate: null,
      deliveryAddress: null,
      notes: '',
    });
    expect(draftToInput(draft({ date: '2026-04-30' }), '2026-05-04').date).toBe('2026-04-30');
  });

  it('always sends delivery and remarks, so clearing one clears it; an own address only when chosen', () => {
    const site = {
      name: '',
      address: 'Havenweg 4',
      postalCode: '3511 AB',
      city: 'Utrecht',
      country: 'Nederland',
    };
    expect(
      draftToInput(
        draft({ deliveryDate: '2026-10-05', deliveryToCustomer: false, deliveryAddress: site }),
        '',
      ),
    ).toMatchObject({ deliveryDate: '2026-10-05', deliveryAddress: site });
    expect(draftToInput(draft({ deliveryToCustomer: true, deliveryAddress: site }), '')).toMatchObject({
      deliveryAddress: null,
    });
  });
});

describe('the client check (the shared order schema)', () => {
  it('passes a complete order', () => {
    expect(checkDraft(draft(), '2026-05-04').ok).toBe(true);
  });

  it('asks for a customer', () => {
    const result = checkDraft(draft({ customer: null }), '2026-05-04');
    expect(result).toEqual({ ok: false, errors: { customer: 'Selecteer een klant' } });
  });

  it('marks each incomplete field of a line', () => {
    const result = checkDraft(draft({ items: [line({ description: ' ', price: '' })] }), '2026-05-04');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['items.0.description', 'items.0.price']);
  });
});

describe('a refused save', () => {
  it("shows the server's details as 'Validatiefout:' with a line per field", () => {
    const err = serverError({
      message: 'Ongeldige invoer. Controleer de gemarkeerde velden.',
      code: -32600,
      data: { code: 'BAD_REQUEST', httpStatus: 400 },
      details: { customer: 'Selecteer een klant', 'items.1.price': 'Prijs moet groter dan 0 zijn' },
    });
    const shown = saveErrorOf(err);
    expect(shown.message).toBe(VALIDATION_HEADING);
    expect(shown.message).toBe('Validatiefout:');
    expect(shown.lines).toEqual([
      'Klant: Selecteer een klant',
      'Regel 2, prijs: Prijs moet groter dan 0 zijn',
    ]);
    expect(shown.fields['items.1.price']).toBe('Prijs moet groter dan 0 zijn');
  });

  it("shows the server's own message otherwise", () => {
    const err = serverError({
      message: 'Klant niet gevonden.',
      code: -32004,
      data: { code: 'NOT_FOUND', httpStatus: 404 },
    });
    expect(saveErrorOf(err)).toEqual({ message: 'Klant niet gevonden.', lines: [], fields: {} });
  });

  it('falls back to the spec text when the server did not answer', () => {
    expect(saveErrorOf(new TypeError('Failed to fetch')).message).toBe(SAVE_FALLBACK_ERROR);
    expect(saveErrorOf(undefined).message).toBe('Er is een fout opgetreden bij het opslaan van de order.');
  });

  it('names fields in Dutch, unknown ones as given', () => {
    expect(fieldLabel('items.0.description')).toBe('Regel 1, omschrijving');
    expect(fieldLabel('items.2')).toBe('Regel 3');
    expect(fieldLabel('paymentTerm')).toBe('Betalingstermijn');
    expect(fieldLabel('somethingElse')).toBe('somethingElse');
  });
});

it('says the saved number', () => {
  expect(savedMessage('INK-2026-1001', true)).toBe('Order INK-2026-1001 is succesvol aangemaakt!');
  expect(savedMessage('INK-2026-1001', false)).toBe('Order INK-2026-1001 is succesvol bijgewerkt!');
});
