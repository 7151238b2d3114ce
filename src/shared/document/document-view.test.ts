import { describe, expect, it } from 'vitest';
import { documentFixture } from '../../test/document-fixtures';
import { formatEuro } from '../format';
import { computeOrderTotals } from '../money';
import { contrast, documentColors, INK, PAPER, textOn } from './colors';
import { documentView, formatIban } from './document-view';
import { sampleDocumentData } from './sample';

const value = (pairs: { label: string; value: string }[], label: string) =>
  pairs.find((p) => p.label === label)?.value;

describe('documentView', () => {
  it('states the order’s details with Dutch dates in Europe/Amsterdam and the due date', () => {
    const view = documentView(documentFixture());
    expect(view.title).toBe('Inkooporder');
    expect(view.meta).toEqual([
      { label: 'Ordernummer', value: 'INK-2024-1001' },
      { label: 'Orderdatum', value: '27-03-2024' },
      { label: 'Betalingstermijn', value: '30 dagen' },
      { label: 'Vervaldatum', value: '26-04-2024' },
      { label: 'Project', value: 'Verbouwing kantoor' },
      { label: 'Referentie', value: 'REF-77' },
    ]);
    const bare = documentView(documentFixture({ order: { project: ' ', reference: '' } }));
    expect(bare.meta.map((m) => m.label)).toEqual([
      'Ordernummer',
      'Orderdatum',
      'Betalingstermijn',
      'Vervaldatum',
    ]);
  });

  it('takes the order day in the Netherlands: 23:30 UTC on 31 December is 1 January', () => {
    const view = documentView(
      documentFixture({ order: { date: '2023-12-31T23:30:00.000Z', paymentTerm: 14 } }),
    );
    expect(value(view.meta, 'Orderdatum')).toBe('01-01-2024');
    expect(value(view.meta, 'Vervaldatum')).toBe('15-01-2024');
  });

  it('shows the amounts money.ts computes, per line and per VAT rate', () => {
    const data = documentFixture();
    const totals = computeOrderTotals(data.order.lines, false);
    const view = documentView(data);
    expect(view.lines[0]).toEqual({
      description: 'Bureaustoel',
      quantity: '3',
      unit: 'stuk',
      price: '€\u00a0199,99',
      vat: '21%',
      total: '€\u00a0599,97',
    });
    expect(view.totals).toEqual([
      { kind: 'subtotal', label: 'Subtotaal', note: '', value: formatEuro(totals.subtotalCents) },
      { kind: 'vat', label: 'BTW 21%', note: 'over €\u00a0690,97', value: '€\u00a0145,10' },
      { kind: 'vat', label: 'BTW 9%', note: 'over €\u00a012,50', value: '€\u00a01,13' },
      { kind: 'total', label: 'Totaal', note: '', value: formatEuro(totals.totalCents) },
    ]);
    expect(view.totals.at(-1)?.value).toBe('€\u00a0849,70');
    expect(view.totalCents).toBe(totals.totalCents);
    expect(view.reverseCharge).toBe('');
  });

  it('prints quantities in Dutch notation with the line total rounded to the cent', () => {
    const lines = [
      { description: 'Montage', quantity: 2.5, unit: 'uur' as const, priceCents: 4550, vat: 21 as const },
      { description: 'Kabel', quantity: 1250.5, unit: 'meter' as const, priceCents: 199, vat: 21 as const },
    ];
    const view = documentView(documentFixture({ order: { lines } }));
    expect(view.lines.map((l) => [l.quantity, l.total])).toEqual([
      ['2,5', '€\u00a0113,75'],
      ['1.250,5', '€\u00a02.488,50'],
    ]);
  });

  it('with one rate leaves out the base (it is the subtotal)', () => {
    const lines = documentFixture().order.lines.map((l) => ({ ...l, vat: 21 as const }));
    expect(documentView(documentFixture({ order: { lines } })).totals[1]).toEqual({
      kind: 'vat',
      label: 'BTW 21%',
      note: '',
      value: '€\u00a0147,73',
    });
  });

  it('with BTW verlegd shows no VAT amounts, Verlegd, and the legal line with the customer’s BTW number', () => {
    const view = documentView(documentFixture({ order: { btwVerlegd: true } }));
    expect(view.lines.map((l) => l.vat)).toEqual(['Verlegd', 'Verlegd', 'Verlegd']);
    expect(view.totals).toEqual([
      { kind: 'subtotal', label: 'Subtotaal', note: '', value: '€\u00a0703,47' },
      { kind: 'vat', label: 'BTW verlegd', note: '', value: 'Verlegd' },
      { kind: 'total', label: 'Totaal', note: '', value: '€\u00a0703,47' },
    ]);
    expect(view.reverseCharge).toBe('BTW verlegd · BTW-nummer afnemer: NL987654321B01');
    const noNumber = documentFixture({ order: { btwVerlegd: true } });
    noNumber.customer!.btwNumber = '';
    expect(documentView(noNumber).reverseCharge).toBe('BTW verlegd');
  });

  it('mentions the reverse charge too when only some lines are verlegd', () => {
    const data = documentFixture();
    data.order.lines[2] = { ...data.order.lines[2]!, vat: 'verlegd' };
    const view = documentView(data);
    expect(view.lines.map((l) => l.vat)).toEqual(['21%', '21%', 'Verlegd']);
    expect(view.totals[2]).toEqual({
      kind: 'vat',
      label: 'BTW verlegd',
      note: 'over €\u00a012,50',
      value: 'Verlegd',
    });
    expect(view.reverseCharge).toContain('BTW verlegd');
  });

  it('addresses the customer from the snapshot, and an unknown one as such', () => {
    expect(documentView(documentFixture()).customer).toEqual({
      lines: ['Jansen Bouw B.V.', 't.a.v. Petra Jansen', 'Industrieweg 12', '3542 AD Utrecht'],
      btwNumber: 'NL987654321B01',
    });
    const abroad = documentFixture();
    abroad.customer = { ...abroad.customer!, contactPerson: '', name: 'Jansen Bouw B.V.', country: 'België' };
    expect(documentView(abroad).customer.lines).toEqual([
      'Jansen Bouw B.V.',
      'Industrieweg 12',
      '3542 AD Utrecht',
      'België',
    ]);
    const gone = documentFixture();
    gone.customer = null;
    expect(documentView(gone).customer).toEqual({ lines: ['Onbekende klant'], btwNumber: '' });
  });

  it('lists the company’s details, leaving out what is not filled in', () => {
    const data = documentFixture();
    const view = documentView(data);
    expect(view.company.address).toEqual(['Havenstraat 14', '1011 AB Amsterdam']);
    expect(view.company.contact.map((c) => c.label)).toEqual(['Tel.', 'E-mail', 'Web']);
    expect(view.company.registration).toEqual([
      { label: 'KVK', value: '34123456' },
      { label: 'BTW', value: 'NL001234567B01' },
    ]);
    data.company.website = '';
    data.company.kvkNumber = '';
    const sparse = documentView(data);
    expect(sparse.company.contact.map((c) => c.label)).toEqual(['Tel.', 'E-mail']);
    expect(sparse.company.registration.map((c) => c.label)).toEqual(['BTW']);
  });

  it('shows the bank account with its name only when the settings say so and there is one', () => {
    const shown = documentView(documentFixture());
    expect(value(shown.payment, 'IBAN')).toBe('NL91 ABNA 0417 1643 00');
    expect(value(shown.payment, 'Ten name van')).toBe('De Vries Installatietechniek');
    expect(value(shown.payment, 'Kenmerk')).toBe('INK-2024-1001');
    expect(documentView(documentFixture({ settings: { showBankAccount: false } })).payment).toEqual([]);
    const noIban = documentFixture();
    noIban.company.bankAccount = '';
    expect(documentView(noIban).payment).toEqual([]);
  });

  it('falls back to the defaults for a colour, template or font that is not in the lists', () => {
    const view = documentView(
      documentFixture({
        settings: {
          primaryColor: 'red;}',
          secondaryColor: '#zzzzzz',
          template: 'x' as never,
          fontFamily: 'y' as never,
        },
      }),
    );
    expect(view.colors.primary).toBe('#1E40AF');
    expect(view.colors.secondary).toBe('#F3F4F6');
    expect(view.template).toBe('classic');
    expect(view.fontStack).toBe("Helvetica, 'Liberation Sans', Arial, sans-serif");
  });
});

describe('colours', () => {
  it('puts white on dark and ink on light colours', () => {
    expect(textOn('#1E40AF')).toBe(PAPER);
    expect(textOn('#FDE047')).toBe(INK);
    expect(contrast('#000000', '#FFFFFF')).toBeCloseTo(21);
  });

  it('writes text in the primary colour only where it stays readable on white', () => {
    expect(documentColors({ primaryColor: '#1E40AF', secondaryColor: '#F3F4F6' }).accentText).toBe('#1E40AF');
    expect(documentColors({ primaryColor: '#FDE047', secondaryColor: '#111827' })).toEqual({
      primary: '#FDE047',
      onPrimary: INK,
      secondary: '#111827',
      onSecondary: PAPER,
      accentText: INK,
    });
  });
});

describe('helpers', () => {
  it('prints an IBAN in groups of four', () => {
    expect(formatIban('nl91abna0417164300')).toBe('NL91 ABNA 0417 1643 00');
    expect(formatIban('NL91 ABNA 0417 1643 00')).toBe('NL91 ABNA 0417 1643 00');
  });

  it('the preview’s sample order is INK-2023-001 with the user’s own company', () => {
    const sample = sampleDocumentData({ company: 'Bakkerij Bol', city: 'Zwolle' });
    expect(sample.order.orderNumber).toBe('INK-2023-001');
    expect(sample.company.company).toBe('Bakkerij Bol');
    expect(sample.company.kvkNumber).toBe('');
    expect(documentView(sample).meta[1]).toEqual({ label: 'Orderdatum', value: '15-03-2023' });
    expect(sampleDocumentData().company.company).toBe('Uw Bedrijf B.V.');
  });
});
