import { describe, expect, it } from 'vitest';
import { orderInput, orderListQuery, orderMessages, parseVatRate } from './order';

const details = (value: unknown): Record<string, string> => {
  const r = orderInput.safeParse(value);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error.issues) out[i.path.join('.')] ??= i.message;
  return out;
};

const valid = { customer: 'c1', items: [{ description: 'Stoelen', quantity: 2, price: '49,95' }] };

describe('orderInput', () => {
  it('fills the defaults of spec §5', () => {
    expect(orderInput.parse(valid)).toEqual({
      customer: 'c1',
      project: '',
      reference: '',
      items: [{ description: 'Stoelen', quantity: 2, unit: 'stuk', price: 4995, vat: 21 }],
      status: 'concept',
      paymentTerm: 14,
      btwVerlegd: false,
    });
    expect(orderInput.parse({ ...valid, items: [{ description: 'x', price: 1 }] }).items[0]!.quantity).toBe(
      1,
    );
    expect(
      orderInput.parse({ ...valid, items: [{ description: 'x', quantity: '', price: 1 }] }).items[0]!
        .quantity,
    ).toBe(1);
  });

  it('reduces a customer object to its id', () => {
    expect(orderInput.parse({ ...valid, customer: { _id: 'abc', name: 'X' } }).customer).toBe('abc');
    expect(orderInput.parse({ ...valid, customer: { id: 'def' } }).customer).toBe('def');
    expect(orderInput.parse({ ...valid, customer: ' ghi ' }).customer).toBe('ghi');
  });

  it('requires a customer and at least one line', () => {
    expect(details({ items: valid.items })).toEqual({ customer: orderMessages.customerRequired });
    expect(details({ ...valid, customer: '  ' })).toEqual({ customer: orderMessages.customerRequired });
    expect(details({ ...valid, customer: {} })).toEqual({ customer: orderMessages.customerRequired });
    expect(details({ customer: 'c1', items: [] })).toEqual({ items: orderMessages.itemsRequired });
    expect(details({ customer: 'c1' })).toEqual({ items: orderMessages.itemsRequired });
  });

  it('checks every line', () => {
    const line = (l: Record<string, unknown>) =>
      details({ customer: 'c1', items: [{ description: 'x', price: 1, ...l }] });
    expect(line({ description: '  ' })).toEqual({ 'items.0.description': orderMessages.descriptionRequired });
    expect(line({ quantity: 0 })).toEqual({ 'items.0.quantity': orderMessages.quantityPositive });
    expect(line({ quantity: 1.0005 })).toEqual({ 'items.0.quantity': orderMessages.quantityDecimals });
    expect(line({ quantity: '1,2,3' })).toEqual({ 'items.0.quantity': orderMessages.quantitySeparators });
    expect(line({ quantity: 2_000_000 })).toEqual({ 'items.0.quantity': orderMessages.quantityMax });
    expect(line({ price: 0 })).toEqual({ 'items.0.price': orderMessages.pricePositive });
    expect(line({ price: '-1' })).toEqual({ 'items.0.price': orderMessages.pricePositive });
    expect(line({ price: '' })).toEqual({ 'items.0.price': orderMessages.priceRequired });
    expect(line({ price: undefined })).toEqual({ 'items.0.price': orderMessages.priceRequired });
    expect(line({ price: 'twaalf' })).toEqual({ 'items.0.price': orderMessages.priceInvalid });
    expect(line({ price: '1,999' })).toEqual({ 'items.0.price': orderMessages.priceDecimals });
    expect(line({ price: '10000000000' })).toEqual({ 'items.0.price': orderMessages.priceMax });
    expect(line({ vat: 7 })).toEqual({ 'items.0.vat': orderMessages.vat });
    expect(line({ unit: 'kg' })).toEqual({ 'items.0.unit': orderMessages.unit });
  });

  it('accepts prices as numbers or text with a dot or a comma', () => {
    const price = (p: unknown) =>
      orderInput.parse({ customer: 'c', items: [{ description: 'x', price: p }] }).items[0]!.price;
    expect(price(12.5)).toBe(1250);
    expect(price('12.50')).toBe(1250);
    expect(price('12,5')).toBe(1250);
    expect(price(0.01)).toBe(1);
  });

  it('takes quantities with up to three decimals, as numbers or in Dutch notation', () => {
    const quantity = (q: unknown) =>
      orderInput.parse({ customer: 'c', items: [{ description: 'x', price: 1, quantity: q }] }).items[0]!
        .quantity;
    expect(quantity(2.5)).toBe(2.5);
    expect(quantity('2,5')).toBe(2.5);
    expect(quantity('2.5')).toBe(2.5);
    expect(quantity('0,75')).toBe(0.75);
    expect(quantity('1.250,5')).toBe(1250.5);
    expect(quantity('1.250')).toBe(1250);
    expect(quantity('0,001')).toBe(0.001);
    expect(quantity('2,500')).toBe(2.5);
    expect(quantity(' 12 ')).toBe(12);
    expect(quantity('007')).toBe(7);
    expect(quantity(1_000_000)).toBe(1_000_000);
    expect(quantity('1.000.000')).toBe(1_000_000);
  });

  it('refuses a quantity that is unclear, too precise, 0 or less, or too large, instead of rewriting it', () => {
    const line = (quantity: unknown) =>
      details({ customer: 'c1', items: [{ description: 'x', price: 1, quantity }] });
    for (const q of ['1,2,3', '0.125', '12.34.5', '1,234.5'])
      expect(line(q), q).toEqual({ 'items.0.quantity': orderMessages.quantitySeparators });
    for (const q of ['2,3456', 0.0001, 1.2345])
      expect(line(q), String(q)).toEqual({ 'items.0.quantity': orderMessages.quantityDecimals });
    for (const q of ['0', '0,000', '-3', -2.5, 0])
      expect(line(q), String(q)).toEqual({ 'items.0.quantity': orderMessages.quantityPositive });
    for (const q of ['3 stuks', '1e3', 'twee'])
      expect(line(q), q).toEqual({ 'items.0.quantity': orderMessages.quantity });
    expect(line('1000000,001')).toEqual({ 'items.0.quantity': orderMessages.quantityMax });
    expect(line(1_000_001)).toEqual({ 'items.0.quantity': orderMessages.quantityMax });
  });

  it('rounds the total of a line with a decimal quantity to the cent when checking the maximum', () => {
    // 0,5 × € 9.999.999.999,99 = 4.999.999.999,995 → 5.000.000.000,00: fits.
    expect(
      details({
        customer: 'c',
        items: [{ description: 'x', quantity: '0,5', price: '9999999999,99', vat: 0 }],
      }),
    ).toEqual({});
  });

  it('reads text prices as Dutch users mean them and refuses what is ambiguous', () => {
    const price = (p: unknown) =>
      orderInput.parse({ customer: 'c', items: [{ description: 'x', price: p }] }).items[0]!.price;
    expect(price('12.345')).toBe(1_234_500);
    expect(price('1.234,56')).toBe(123_456);
    expect(price('12,5')).toBe(1250);
    expect(price('199.99')).toBe(19_999);
    expect(price('45,50')).toBe(4550);
    // A JSON number stays a number: 12.345 has three decimals.
    const line = (p: unknown) => details({ customer: 'c1', items: [{ description: 'x', price: p }] });
    expect(line(12.345)).toEqual({ 'items.0.price': orderMessages.priceDecimals });
    expect(line('1,2,3')).toEqual({ 'items.0.price': orderMessages.priceSeparators });
    expect(line('12.34.5')).toEqual({ 'items.0.price': orderMessages.priceSeparators });
    expect(line('1.2345')).toEqual({ 'items.0.price': orderMessages.priceSeparators });
    expect(line('12,345')).toEqual({ 'items.0.price': orderMessages.priceDecimals });
  });

  it('checks status, payment term and date', () => {
    expect(details({ ...valid, status: 'open' })).toEqual({ status: orderMessages.status });
    expect(details({ ...valid, paymentTerm: 45 })).toEqual({ paymentTerm: orderMessages.paymentTerm });
    expect(details({ ...valid, date: '31-12-2026' })).toEqual({ date: orderMessages.date });
    expect(orderInput.parse({ ...valid, paymentTerm: '30' }).paymentTerm).toBe(30);
    expect(orderInput.parse({ ...valid, date: '2026-03-01' }).date).toBe('2026-03-01');
    expect(orderInput.parse({ ...valid, date: '2026-03-01T09:00:00.000Z' }).date).toBe(
      '2026-03-01T09:00:00.000Z',
    );
  });

  it('refuses totals beyond numeric(12,2)', () => {
    expect(
      details({ customer: 'c', items: [{ description: 'x', quantity: 2, price: '9999999999.99', vat: 0 }] }),
    ).toEqual({ 'items.0.price': orderMessages.lineTotalMax });
    expect(details({ customer: 'c', items: [{ description: 'x', price: '9999999999.99' }] })).toEqual({
      items: orderMessages.orderTotalMax,
    });
    // Reverse-charged: no VAT, so the maximum price fits.
    expect(
      orderInput.safeParse({
        customer: 'c',
        btwVerlegd: true,
        items: [{ description: 'x', price: '9999999999.99' }],
      }).success,
    ).toBe(true);
  });
});

describe('parseVatRate', () => {
  it('reads numbers, text and verlegd; defaults to 21', () => {
    expect(parseVatRate(21)).toBe(21);
    expect(parseVatRate('9')).toBe(9);
    expect(parseVatRate('0')).toBe(0);
    expect(parseVatRate(0)).toBe(0);
    expect(parseVatRate('21%')).toBe(21);
    expect(parseVatRate(' Verlegd ')).toBe('verlegd');
    expect(parseVatRate(undefined)).toBe(21);
    expect(parseVatRate('')).toBe(21);
    expect(parseVatRate(6)).toBeUndefined();
    expect(parseVatRate('hoog')).toBeUndefined();
  });
});

describe('orderListQuery', () => {
  it('defaults to the first page of everything and caps the page size', () => {
    expect(orderListQuery.parse({})).toEqual({ period: 'all', page: 1, pageSize: 25 });
    expect(orderListQuery.safeParse({ pageSize: 101 }).success).toBe(false);
    expect(orderListQuery.safeParse({ status: 'open' }).success).toBe(false);
  });
});
