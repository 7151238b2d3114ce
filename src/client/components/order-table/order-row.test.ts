import { describe, expect, it } from 'vitest';
import { APPROVAL_STATES } from '../../../shared/approval-states';
import {
  approvalBadgeOf,
  columnNeeds,
  customerDisplay,
  customerShare,
  numberColumnChars,
  orderTotalText,
  rowActions,
  statusColumnWidth,
} from './order-row';

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
  const row = (
    project: string,
    customerCompany: string,
    customerName = '',
    orderNumber = 'INK-2026-1001',
  ) => ({
    orderNumber,
    customer: 'c1' as string | null,
    customerCompany,
    customerName,
    project,
    total: 2987.49,
  });

  it('measures the longest project and the longest customer line on the page', () => {
    expect(columnNeeds([row('Renovatie kantoorpand Keizersgracht', 'Smit BV', 'Jan')])).toMatchObject({
      customerChars: 7,
      projectChars: 35,
    });
    expect(
      columnNeeds([row('Verbouwing', 'Bos', 'Karim Bos-van der Heijden'), row('  Dak  ', 'Smit Transport')]),
    ).toMatchObject({ customerChars: 25, projectChars: 10 });
  });

  it('measures the longest order number on the page, so a five-digit number gets its room', () => {
    expect(
      columnNeeds([
        row('', 'Bos', '', 'INK-2026-9999'),
        row('', 'Bos', '', 'INK-2026-45868'),
        row('', 'Bos', '', '2026-1'),
      ]).numberChars,
    ).toBe('INK-2026-45868'.length);
    expect(columnNeeds([row('', 'Bos', '', 'PO-NL-2026-123456')]).numberChars).toBe(17);
  });

  it("counts 'Onbekende klant' for a deleted customer, and nothing on an empty page", () => {
    expect(columnNeeds([{ ...row('', '', ''), customer: null }])).toEqual({
      numberChars: 'INK-2026-1001'.length,
      customerChars: 'Onbekende klant'.length,
      projectChars: 0,
      totalChars: '€ 2.987,49'.length,
      customerWordChars: 'Onbekende'.length,
    });
    expect(columnNeeds([])).toEqual({
      numberChars: 0,
      customerChars: 0,
      projectChars: 0,
      totalChars: 0,
      customerWordChars: 0,
    });
  });

  it('measures the longest word of a customer line, so no word of a name is cut', () => {
    expect(
      columnNeeds([row('', 'Jansen Installatietechniek', 'Sanne Jansen'), row('', 'Bakker Dakwerken B.V.')])
        .customerWordChars,
    ).toBe('Installatietechniek'.length);
  });

  it('measures the longest total as it is shown, so Totaal is as wide as the page needs', () => {
    expect(columnNeeds([{ ...row('', 'Bos'), total: 123456.78 }, row('', 'Bos')]).totalChars).toBe(
      '€ 123.456,78'.length,
    );
  });
});

describe('customerShare', () => {
  const share = (customerChars: number, projectChars: number) =>
    customerShare({ numberChars: 14, customerChars, projectChars, totalChars: 10, customerWordChars: 8 });

  it("is Klant's part of both needs, so two long columns are cut alike", () => {
    expect(share(30, 20)).toBeCloseTo(0.6);
    expect(share(20, 20)).toBe(0.5);
  });

  it('stays within 30–70 %, and is 30 % on a page without either', () => {
    expect(share(7, 35)).toBe(0.3);
    expect(share(60, 5)).toBe(0.7);
    expect(share(0, 0)).toBe(0.3);
  });
});

describe('rowActions', () => {
  it('lets a role that only reads open the order and download its PDF, nothing that changes it', () => {
    expect(rowActions({ canWork: false, canSend: false })).toEqual(['view', 'pdf']);
    expect(rowActions({ canWork: false, canSend: true })).toEqual(['view', 'pdf']);
  });

  it('gives the daily work edit, PDF, send where the screen has it, duplicate and delete', () => {
    expect(rowActions({ canWork: true, canSend: true })).toEqual([
      'edit',
      'pdf',
      'send',
      'duplicate',
      'delete',
    ]);
    expect(rowActions({ canWork: true, canSend: false })).toEqual(['edit', 'pdf', 'duplicate', 'delete']);
  });
});

describe('a row’s approval', () => {
  it('marks only what the order waits for: required, requested, rejected', () => {
    expect(APPROVAL_STATES.filter((approvalState) => approvalBadgeOf({ approvalState }))).toEqual([
      'required',
      'requested',
      'rejected',
    ]);
    expect(approvalBadgeOf({})).toBeNull();
  });

  it('widens the Status column only on a page where a row carries one', () => {
    expect(statusColumnWidth([{ approvalState: 'approved' }, {}])).toBe(124);
    expect(
      statusColumnWidth([{ approvalState: 'approved' }, { approvalState: 'requested' }]),
    ).toBeGreaterThan(124);
  });

  it('makes Order Nr wide enough for the badge only where the badge stands under the number', () => {
    const waiting = [{ approvalState: 'requested' as const }];
    expect(numberColumnChars(13, waiting, false)).toBeGreaterThan(13);
    expect(numberColumnChars(13, waiting, true)).toBe(13);
    expect(numberColumnChars(13, [{ approvalState: 'approved' as const }], false)).toBe(13);
    expect(numberColumnChars(20, waiting, false)).toBe(20);
  });
});
