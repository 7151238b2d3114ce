import { describe, expect, it } from 'vitest';
import { customerDisplay, orderTotalText } from './order-row';

describe('customerDisplay', () => {
  it('shows the company with the contact person under it', () => {
    expect(
      customerDisplay({ customer: 'c1', customerName: 'Anna de Vries', customerCompany: 'Bakkerij' }),
    ).toEqual({
      primary: 'Bakkerij',
      secondary: 'Anna de Vries',
      unknown: false,
    });
  });

  it('shows one line when name and company are the same or one is missing', () => {
    expect(
      customerDisplay({ customer: 'c1', customerName: 'Bos BV', customerCompany: 'BOS BV' }).secondary,
    ).toBeNull();
    expect(customerDisplay({ customer: 'c1', customerName: 'Anna', customerCompany: '' })).toEqual({
      primary: 'Anna',
      secondary: null,
      unknown: false,
    });
  });

  it("says 'Onbekende klant' once the customer is gone", () => {
    expect(customerDisplay({ customer: null, customerName: null, customerCompany: null })).toEqual({
      primary: 'Onbekende klant',
      secondary: null,
      unknown: true,
    });
  });
});

describe('orderTotalText', () => {
  it('formats euros in nl-NL to the cent', () => {
    expect(orderTotalText({ total: 1234.56 })).toBe('€\u00a01.234,56');
    expect(orderTotalText({ total: 0.1 })).toBe('€\u00a00,10');
  });
});
