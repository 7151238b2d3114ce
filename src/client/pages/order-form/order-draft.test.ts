import { describe, expect, it } from 'vitest';
import { amsterdamDay } from '../../../shared/dates';
import { type Order, orderMessages } from '../../../shared/schemas/order';
import {
  canDecreaseQuantity,
  draftFromOrder,
  draftSignature,
  draftTotals,
  emptyLine,
  isLineIncomplete,
  type LineDraft,
  newDraft,
  normalizePrice,
  normalizeQuantity,
  priceCents,
  priceFieldError,
  quantityFieldError,
  quantityValue,
  showIncompleteWarning,
  stepQuantity,
} from './order-draft';

const line = (patch: Partial<LineDraft>): LineDraft => ({ ...emptyLine(), ...patch });

describe('price input (read as meant, never cut)', () => {
  it.each([
    ['12.50', 1250],
    ['12,5', 1250],
    ['12,', 1200],
    [',5', 50],
    ['€ 12,50', 1250],
    ['12.345', 1_234_500],
    ['1.000', 100_000],
    ['1.234,56', 123_456],
    ['€ 1.234.567,8', 123_456_780],
    ['4,99', 499],
  ])('%j is %i cents', (typed, cents) => {
    expect(priceCents(typed)).toBe(cents);
    expect(priceFieldError(typed)).toBeUndefined();
  });

  it.each([
    ['1,2,3', orderMessages.priceSeparators],
    ['12.34.5', orderMessages.priceSeparators],
    ['1.2345', orderMessages.priceSeparators],
    ['12,345', orderMessages.priceDecimals],
    ['12a.b5', orderMessages.priceInvalid],
    ['abc', orderMessages.priceInvalid],
    ['-5', orderMessages.pricePositive],
    ['0', orderMessages.pricePositive],
    ['12345678901234', orderMessages.priceMax],
  ])('%j is refused at the field and counts as 0', (typed, message) => {
    expect(priceFieldError(typed)).toBe(message);
    expect(priceCents(typed)).toBe(0);
    // Leaving the field keeps what was typed: the user sees the message next to their own text.
    expect(normalizePrice(typed)).toBe(typed);
  });

  it('reads the typed price in cents, 0 while it is not one', () => {
    expect(priceCents('12.50')).toBe(1250);
    expect(priceCents('4.99')).toBe(499);
    expect(priceCents('12.')).toBe(1200);
    expect(priceCents('')).toBe(0);
    expect(priceCents('0')).toBe(0);
    expect(priceCents('.')).toBe(0);
    expect(priceFieldError('')).toBeUndefined();
  });

  it('shows what was understood in Dutch notation after leaving the field, read back as the same amount', () => {
    expect(normalizePrice('12.5')).toBe('12,50');
    expect(normalizePrice('12,5')).toBe('12,50');
    expect(normalizePrice('45,50')).toBe('45,50');
    expect(normalizePrice('12.')).toBe('12,00');
    expect(normalizePrice('7')).toBe('7,00');
    expect(normalizePrice('12.345')).toBe('12.345,00');
    expect(normalizePrice('1.234,56')).toBe('1.234,56');
    expect(normalizePrice('1234.56')).toBe('1.234,56');
    expect(normalizePrice('123456,78')).toBe('123.456,78');
    expect(normalizePrice('9999999999,99')).toBe('9.999.999.999,99');
    for (const typed of ['12.345', '1.234,56', '0,05', '123456,78', '9999999999,99'])
      expect(priceCents(normalizePrice(typed))).toBe(priceCents(typed));
    // Shown once more, it stays as it is: leaving the field again changes nothing.
    expect(normalizePrice(normalizePrice('12.345'))).toBe('12.345,00');
    expect(normalizePrice('')).toBe('');
    expect(normalizePrice('0')).toBe('0');
  });
});

describe('quantity (up to three decimals, refused not rewritten)', () => {
  it.each(['1,2,3', '0.125', '-3', '0', 'abc', '3 stuks', '2,3456'])(
    '%j is refused at the field',
    (typed) => {
      expect(quantityFieldError(typed)).toBeDefined();
      expect(normalizeQuantity(typed)).toBe(typed);
      expect(quantityValue(typed)).toBe(0);
    },
  );

  it('shows a valid quantity in Dutch notation when the field is left; empty becomes 1', () => {
    expect(normalizeQuantity('')).toBe('1');
    expect(normalizeQuantity(' 4 ')).toBe('4');
    expect(normalizeQuantity('007')).toBe('7');
    expect(normalizeQuantity('2.5')).toBe('2,5');
    expect(normalizeQuantity('1250,50')).toBe('1.250,5');
    expect(quantityValue('0,75')).toBe(0.75);
    expect(quantityFieldError('1000001')).toBe(orderMessages.quantityMax);
  });

  it('minus stops at 1, plus counts up, decimals stay', () => {
    expect(stepQuantity('3', -1)).toBe('2');
    expect(stepQuantity('1', -1)).toBe('1');
    expect(stepQuantity('', -1)).toBe('1');
    expect(stepQuantity('-3', -1)).toBe('1');
    expect(stepQuantity('', 1)).toBe('2');
    expect(stepQuantity('2,5', 1)).toBe('3,5');
    expect(stepQuantity('1,5', -1)).toBe('1');
    expect(stepQuantity('0,25', 1)).toBe('1,25');
    expect(stepQuantity('999.999,5', 1)).toBe('1.000.000');
    expect(canDecreaseQuantity('1')).toBe(false);
    expect(canDecreaseQuantity('0,5')).toBe(false);
    expect(canDecreaseQuantity('1,5')).toBe(true);
  });
});

describe('lines', () => {
  it('a line needs a description, a quantity and a price', () => {
    expect(isLineIncomplete(line({ description: 'Kabel', quantity: '2', price: '1.50' }))).toBe(false);
    expect(isLineIncomplete(line({ description: '  ', quantity: '2', price: '1.50' }))).toBe(true);
    expect(isLineIncomplete(line({ description: 'Kabel', quantity: '', price: '1.50' }))).toBe(true);
    expect(isLineIncomplete(line({ description: 'Kabel', quantity: '0', price: '1.50' }))).toBe(true);
    expect(isLineIncomplete(line({ description: 'Kabel', quantity: '2', price: '' }))).toBe(true);
    expect(isLineIncomplete(line({ description: 'Kabel', quantity: '2', price: '0.00' }))).toBe(true);
  });

  it('warns about a started line at once, about a fresh one only after a save attempt', () => {
    expect(showIncompleteWarning([emptyLine()], false)).toBe(false);
    expect(showIncompleteWarning([emptyLine()], true)).toBe(true);
    expect(showIncompleteWarning([line({ description: 'Kabel' })], false)).toBe(true);
    expect(showIncompleteWarning([line({ description: 'Kabel', price: '2' })], true)).toBe(false);
  });
});

describe('live totals', () => {
  it('uses the shared rounding rule: VAT per rate over the sum of its lines', () => {
    const totals = draftTotals({
      btwVerlegd: false,
      items: [
        line({ description: 'a', quantity: '2', price: '12.50', vat: 21 }),
        line({ description: 'b', quantity: '3', price: '4,99', vat: 9 }),
        line({ description: 'c', quantity: '1', price: '100', vat: 21 }),
      ],
    });
    expect(totals.lines.map((l) => l.totalCents)).toEqual([2500, 1497, 10000]);
    expect(totals.subtotalCents).toBe(13997);
    expect(totals.vatByRate).toEqual([
      { rate: 21, baseCents: 12500, vatCents: 2625 },
      { rate: 9, baseCents: 1497, vatCents: 135 },
    ]);
    expect(totals.totalCents).toBe(16757);
  });

  it('counts an empty quantity as 1, a refused one as 0 and an unfinished price as 0', () => {
    const totals = draftTotals({ btwVerlegd: false, items: [line({ quantity: '', price: '3.' })] });
    expect(totals.subtotalCents).toBe(300);
    expect(
      draftTotals({ btwVerlegd: false, items: [line({ quantity: '1,2,3', price: '3' })] }).totalCents,
    ).toBe(0);
    expect(
      draftTotals({ btwVerlegd: true, items: [line({ quantity: '2,5', price: '45,50' })] }).totalCents,
    ).toBe(11_375);
    expect(draftTotals({ btwVerlegd: false, items: [line({ price: '' })] }).totalCents).toBe(0);
  });

  it('has no VAT when it is reverse-charged', () => {
    const totals = draftTotals({ btwVerlegd: true, items: [line({ quantity: '1', price: '100', vat: 21 })] });
    expect(totals.verlegd).toBe(true);
    expect(totals.vatCents).toBe(0);
    expect(totals.totalCents).toBe(10000);
  });
});

describe('draft', () => {
  it('starts today in the Netherlands, one empty line, 14 days, concept', () => {
    const draft = newDraft(new Date('2026-03-31T22:30:00Z'));
    expect(draft.date).toBe('2026-04-01');
    expect(draft.paymentTerm).toBe(14);
    expect(draft.status).toBe('concept');
    expect(draft.items).toHaveLength(1);
    expect(amsterdamDay('not a date')).toBe('');
  });

  it('reads an order with its prices as typed text', () => {
    const order = {
      _id: 'o1',
      orderNumber: 'INK-2026-1001',
      date: '2026-02-03T23:30:00.000Z',
      project: 'P',
      reference: 'R',
      paymentTerm: 30,
      status: 'paid',
      btwVerlegd: false,
      customer: 'c1',
      items: [{ description: 'Kabel', quantity: 3, unit: 'meter', price: 4.5, vat: 9, total: 13.5 }],
    } as unknown as Order;
    const draft = draftFromOrder(order);
    expect(draft.date).toBe('2026-02-04');
    expect(draft.items[0]).toMatchObject({
      description: 'Kabel',
      quantity: '3',
      unit: 'meter',
      price: '4,50',
      vat: 9,
    });
    expect(draft.paymentTerm).toBe(30);
  });

  it('a signature ignores the line keys and notices every change', () => {
    const a = newDraft(new Date('2026-01-01T12:00:00Z'));
    const b = { ...a, items: a.items.map((l) => ({ ...l, key: 'other' })) };
    expect(draftSignature(b)).toBe(draftSignature(a));
    expect(draftSignature({ ...a, project: 'x' })).not.toBe(draftSignature(a));
  });
});
