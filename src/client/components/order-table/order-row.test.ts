import { describe, expect, it } from 'vitest';
import { columnNeeds, customerDisplay, orderTotalText } from './order-row';

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

describe('columnNeeds', () => {
  const row = (project: string, customerCompany: string, customerName = '') => ({
    customer: 'c1' as string | null,
    customerCompany,
    customerName,
    project,
  });

  it('measures the longest project and the longest customer line on the page', () => {
    expect(columnNeeds([row('Renovatie kantoorpand Keizersgracht', 'Smit BV', 'Jan')])).toEqual({
      customerChars: 7,
      projectChars: 35,
    });
    expect(
      columnNeeds([row('Verbouwing', 'Bos', 'Karim Bos-van der Heijden'), row('  Dak  ', 'Smit Transport')]),
    ).toEqual({ customerChars: 25, projectChars: 10 });
  });

  it("counts 'Onbekende klant' for a deleted customer, and nothing on an empty page", () => {
    expect(columnNeeds([{ ...row('', '', ''), customer: null }])).toEqual({
      customerChars: 'Onbekende klant'.length,
      projectChars: 0,
    });
    expect(columnNeeds([])).toEqual({ customerChars: 0, projectChars: 0 });
  });
});
