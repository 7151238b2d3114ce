import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNITS } from '../../../../shared/constants';
import { documentView } from '../../../../shared/document/document-view';
import { DEFAULT_PDF_SETTINGS } from '../../../../shared/schemas/pdf-settings';
import { BELGIAN_CUSTOMER, DELIVERY_ORDER, longLines } from '../../../../test/document-fixtures';
import { modelOrderProblems } from '../../../../test/peppol/model-order';
import { fatalIds, ublValues, validatePeppolOrder } from '../../../../test/peppol/validate';
import { ublOrder, ublSeller } from '../../../../test/ubl-fixtures';
import { AppError } from '../../../errors';
import type { Company } from '../../organizations/company';
import { orderDocumentData } from '../../pdf/order-document-data';
import { ublOrderDocument } from './document';
import { ublMessages } from './messages';
import { UBL_UNIT_CODES } from './units';
import { ublOrderXml } from './xml';

type Order = ReturnType<typeof ublOrder>;
type Seller = ReturnType<typeof ublSeller>;

const xmlOf = (order: Order = ublOrder(), seller: Seller = ublSeller(), showBankAccount = true) =>
  ublOrderXml(ublOrderDocument(order, seller, showBankAccount));

/** Valid by the Peppol T01 rules: no fatal finding, and no warning but the validity date's. */
function expectValid(xml: string): void {
  const report = validatePeppolOrder(xml);
  expect(fatalIds(report)).toEqual([]);
  expect(report.warnings.map((w) => w.id)).toEqual(['PEPPOL-T01-R002']);
  expect(modelOrderProblems(xml)).toEqual([]);
}

const lineValues = (xml: string, expression: string) =>
  ublValues(xml, `cac:OrderLine/cac:LineItem/(${expression})`);
const taxCategories = (xml: string) =>
  lineValues(xml, "cac:Item/cac:ClassifiedTaxCategory/concat(cbc:ID, ' ', cbc:Percent)");

/** '12.50' → 1250, by its digits. */
const cents = (amount: string) => {
  expect(amount).toMatch(/^\d+\.\d{2}$/);
  return Number(amount.replace('.', ''));
};

/** The refusal a generator throws: a 409 with its message. */
function refusal(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error('not refused');
}

/** The Belgian customer as an order's snapshot: no KVK number, addressed by its VAT number. */
const BELGIAN_SNAPSHOT = { ...BELGIAN_CUSTOMER, kvkNumber: '' };

const MIXED_LINES = [
  { description: 'Bureaustoel', quantity: 3, unit: 'stuk', priceCents: 19_999, vat: 21 },
  { description: 'Handboek', quantity: 1, unit: 'stuk', priceCents: 1_250, vat: 9 },
  { description: 'Export verpakking', quantity: 2, unit: 'stuk', priceCents: 745, vat: 0 },
  { description: 'Montage onderaannemer', quantity: 2.5, unit: 'uur', priceCents: 4_550, vat: 'verlegd' },
] as const;

describe('the order as a Peppol BIS Ordering 3 order (UBL 2.1)', () => {
  it('a plain Dutch order passes the Peppol T01 rules, with both parties identified as the issue asks', () => {
    const xml = xmlOf();
    expectValid(xml);
    expect(ublValues(xml, 'cbc:CustomizationID')).toEqual(['urn:fdc:peppol.eu:poacc:trns:order:3']);
    expect(ublValues(xml, 'cbc:ProfileID')).toEqual(['urn:fdc:peppol.eu:poacc:bis:order_only:3']);
    expect(ublValues(xml, 'cbc:ID')).toEqual(['INK-2024-1001']);
    // 23:15 UTC on 26 March is 27 March in Amsterdam: the order's own day.
    expect(ublValues(xml, 'cbc:IssueDate')).toEqual(['2024-03-27']);
    expect(ublValues(xml, 'cbc:CustomerReference')).toEqual(['REF-77']);
    expect(ublValues(xml, 'cac:ProjectReference/cbc:ID')).toEqual(['Verbouwing kantoor']);
    const buyer = 'cac:BuyerCustomerParty/cac:Party';
    expect(ublValues(xml, `${buyer}/cbc:EndpointID/concat(@schemeID, ':', .)`)).toEqual([
      '9944:NL987654321B01',
    ]);
    expect(ublValues(xml, `${buyer}/cac:PartyTaxScheme/cbc:CompanyID`)).toEqual(['NL987654321B01']);
    expect(ublValues(xml, `${buyer}/cac:PartyLegalEntity/cbc:RegistrationName`)).toEqual([
      'Jansen Bouw B.V.',
    ]);
    expect(ublValues(xml, `${buyer}/cac:PostalAddress/cac:Country/cbc:IdentificationCode`)).toEqual(['NL']);
    const seller = 'cac:SellerSupplierParty/cac:Party';
    expect(ublValues(xml, `${seller}/cbc:EndpointID/concat(@schemeID, ':', .)`)).toEqual(['0106:34123456']);
    expect(ublValues(xml, `${seller}/cac:PartyLegalEntity/cbc:CompanyID/concat(@schemeID, ':', .)`)).toEqual([
      '0106:34123456',
    ]);
    expect(ublValues(xml, `${seller}/cac:PartyLegalEntity/cbc:RegistrationName`)).toEqual([
      'De Vries Installatietechniek B.V.',
    ]);
    expect(
      ublValues(xml, `${seller}/cac:PostalAddress/(cbc:StreetName, cbc:CityName, cbc:PostalZone)`),
    ).toEqual(['Havenstraat 14', 'Amsterdam', '1011 AB']);
    expect(ublValues(xml, 'cac:PaymentTerms/cbc:Note')).toEqual([
      'Betalingstermijn 30 dagen. IBAN NL91ABNA0417164300 ten name van De Vries Installatietechniek (ABN AMRO), kenmerk INK-2024-1001.',
    ]);
    expect(
      lineValues(xml, "concat(cbc:Quantity, ' ', cbc:Quantity/@unitCode, ' × ', cac:Price/cbc:PriceAmount)"),
    ).toEqual(['3 H87 × 199.99', '2 HUR × 45.50', '1 H87 × 12.50']);
    expect(taxCategories(xml)).toEqual(['S 21', 'S 21', 'S 9']);
  });

  it('the same document with its total or its CustomizationID changed fails the rules', () => {
    const xml = xmlOf();
    const payable = '<cbc:PayableAmount currencyID="EUR">849.70</cbc:PayableAmount>';
    expect(xml).toContain(payable);
    const wrongTotal = xml.replace(payable, payable.replace('849.70', '849.71'));
    expect(fatalIds(validatePeppolOrder(wrongTotal))).toEqual([expect.stringMatching(/^PEPPOL-T01-R016: /)]);
    const wrongId = xml.replace('trns:order:3<', 'trns:order:2<');
    expect(fatalIds(validatePeppolOrder(wrongId))).toEqual([expect.stringMatching(/^PEPPOL-T01-R034: /)]);
  });

  it('a seller without a KVK number is addressed by its BTW number (9944), and still passes', () => {
    const xml = xmlOf(ublOrder(), ublSeller({ kvkNumber: '' }));
    expectValid(xml);
    const seller = 'cac:SellerSupplierParty/cac:Party';
    expect(ublValues(xml, `${seller}/cbc:EndpointID/concat(@schemeID, ':', .)`)).toEqual([
      '9944:NL001234567B01',
    ]);
    expect(ublValues(xml, `${seller}/cac:PartyLegalEntity/cbc:CompanyID`)).toEqual([]);
  });

  it('a customer with a KVK number and no BTW number is addressed by its KVK number (0106), and passes', () => {
    const customerSnapshot = { ...ublOrder().customerSnapshot!, kvkNumber: '69599084', btwNumber: '' };
    const xml = xmlOf(ublOrder({ customerSnapshot }));
    expectValid(xml);
    const buyer = 'cac:BuyerCustomerParty/cac:Party';
    expect(ublValues(xml, `${buyer}/cbc:EndpointID/concat(@schemeID, ':', .)`)).toEqual(['0106:69599084']);
    expect(ublValues(xml, `${buyer}/cac:PartyLegalEntity/cbc:CompanyID/concat(@schemeID, ':', .)`)).toEqual([
      '0106:69599084',
    ]);
    expect(ublValues(xml, `${buyer}/cac:PartyLegalEntity/cbc:RegistrationName`)).toEqual([
      'Jansen Bouw B.V.',
    ]);
    expect(ublValues(xml, `${buyer}/cac:PartyTaxScheme`)).toEqual([]);
  });

  it('a customer with both: its KVK number (0106) addresses it, its BTW number stays its tax scheme, and passes', () => {
    // As the customer form may have stored it; read as the seller's is, by kvkOf.
    const customerSnapshot = { ...ublOrder().customerSnapshot!, kvkNumber: ' 6959 9084 ' };
    const xml = xmlOf(ublOrder({ customerSnapshot }));
    expectValid(xml);
    const buyer = 'cac:BuyerCustomerParty/cac:Party';
    expect(ublValues(xml, `${buyer}/cbc:EndpointID/concat(@schemeID, ':', .)`)).toEqual(['0106:69599084']);
    expect(ublValues(xml, `${buyer}/cac:PartyLegalEntity/cbc:CompanyID/concat(@schemeID, ':', .)`)).toEqual([
      '0106:69599084',
    ]);
    expect(ublValues(xml, `${buyer}/cac:PartyTaxScheme/cbc:CompanyID`)).toEqual(['NL987654321B01']);
  });

  it('a customer whose KVK number is not 8 digits is addressed by its BTW number (9944), as the seller is', () => {
    const customerSnapshot = { ...ublOrder().customerSnapshot!, kvkNumber: '1234567' };
    const xml = xmlOf(ublOrder({ customerSnapshot }));
    expectValid(xml);
    const buyer = 'cac:BuyerCustomerParty/cac:Party';
    expect(ublValues(xml, `${buyer}/cbc:EndpointID/concat(@schemeID, ':', .)`)).toEqual([
      '9944:NL987654321B01',
    ]);
    expect(ublValues(xml, `${buyer}/cac:PartyLegalEntity/cbc:CompanyID`)).toEqual([]);
  });

  it('BTW verlegd: every line is reverse-charged (AE at 0 %) and the order carries no VAT', () => {
    const xml = xmlOf(ublOrder({ btwVerlegd: true }));
    expectValid(xml);
    expect(taxCategories(xml)).toEqual(['AE 0', 'AE 0', 'AE 0']);
    expect(ublValues(xml, 'cac:TaxTotal/cbc:TaxAmount')).toEqual(['0.00']);
    expect(ublValues(xml, 'cac:AnticipatedMonetaryTotal/cbc:PayableAmount')).toEqual(['703.47']);
  });

  it('mixed rates: 21 % and 9 % standard (S), 0 % zero rated (Z), a verlegd line AE; VAT per rate summed', () => {
    const xml = xmlOf(ublOrder({ items: [...MIXED_LINES] }));
    expectValid(xml);
    expect(taxCategories(xml)).toEqual(['S 21', 'S 9', 'Z 0', 'AE 0']);
    // 21 % of 599.97 = 125.99; 9 % of 12.50 = 1.13 (1.125 rounded half up).
    expect(ublValues(xml, 'cac:TaxTotal/cbc:TaxAmount')).toEqual(['127.12']);
    expect(ublValues(xml, 'cac:AnticipatedMonetaryTotal/cbc:LineExtensionAmount')).toEqual(['741.12']);
    expect(ublValues(xml, 'cac:AnticipatedMonetaryTotal/cbc:PayableAmount')).toEqual(['868.24']);
  });

  it('a Belgian customer without KVK: the Belgian VAT scheme (9925), BE as its country, 0 % as intra-community supply (K)', () => {
    const xml = xmlOf(ublOrder({ customerSnapshot: BELGIAN_SNAPSHOT, items: [...MIXED_LINES] }));
    expectValid(xml);
    const buyer = 'cac:BuyerCustomerParty/cac:Party';
    expect(ublValues(xml, `${buyer}/cbc:EndpointID/concat(@schemeID, ':', .)`)).toEqual([
      '9925:BE0403019261',
    ]);
    expect(ublValues(xml, `${buyer}/cac:PartyTaxScheme/cbc:CompanyID`)).toEqual(['BE0403019261']);
    expect(
      ublValues(
        xml,
        `${buyer}/cac:PostalAddress/(cbc:CityName, cbc:PostalZone, cac:Country/cbc:IdentificationCode)`,
      ),
    ).toEqual(['Antwerpen', '2000', 'BE']);
    expect(ublValues(xml, `${buyer}/cac:PartyLegalEntity/cbc:CompanyID`)).toEqual([]);
    expect(taxCategories(xml)).toEqual(['S 21', 'S 9', 'K 0', 'AE 0']);
  });

  it('delivery: the wished day as the requested period, the order’s own address with its country code, the remarks as the note', () => {
    const xml = xmlOf(ublOrder({ ...DELIVERY_ORDER, items: DELIVERY_ORDER.lines }));
    expectValid(xml);
    expect(ublValues(xml, 'cac:Delivery/cac:RequestedDeliveryPeriod/(cbc:StartDate, cbc:EndDate)')).toEqual([
      '2024-04-10',
      '2024-04-10',
    ]);
    expect(ublValues(xml, 'cac:Delivery/cac:DeliveryLocation/cbc:Name')).toEqual([
      'Jansen Bouw, bouwplaats Eilandje',
    ]);
    expect(
      ublValues(
        xml,
        'cac:Delivery/cac:DeliveryLocation/cac:Address/(cbc:StreetName, cbc:PostalZone, cac:Country/cbc:IdentificationCode)',
      ),
    ).toEqual(['Kattendijkdok-Westkaai 12', '2000', 'BE']);
    expect(ublValues(xml, 'cbc:Note')).toEqual([DELIVERY_ORDER.notes]);
    expect(lineValues(xml, "concat(cbc:Quantity, ' ', cbc:Quantity/@unitCode)")).toEqual([
      '7.5 HUR',
      '1250.5 MTR',
      '0.75 MTK',
    ]);
  });

  it('an order without delivery details, reference, project or shown bank account leaves those elements out', () => {
    const xml = xmlOf(ublOrder({ reference: '', project: '' }), ublSeller(), false);
    expectValid(xml);
    expect(ublValues(xml, 'cac:Delivery | cbc:Note | cbc:CustomerReference | cac:ProjectReference')).toEqual(
      [],
    );
    expect(ublValues(xml, 'cac:PaymentTerms/cbc:Note')).toEqual(['Betalingstermijn 30 dagen']);
  });

  it('120 lines pass the rules', () => {
    const xml = xmlOf(ublOrder({ items: longLines(120), customerSnapshot: BELGIAN_SNAPSHOT }));
    expectValid(xml);
    expect(lineValues(xml, 'cbc:ID')).toEqual(Array.from({ length: 120 }, (_, i) => String(i + 1)));
  });

  it.each([
    ['plain', ublOrder()],
    ['BTW verlegd', ublOrder({ btwVerlegd: true })],
    ['mixed rates', ublOrder({ items: [...MIXED_LINES] })],
    ['quantities in parts', ublOrder({ items: DELIVERY_ORDER.lines })],
    ['120 lines', ublOrder({ items: longLines(120) })],
    [
      'amounts that round',
      ublOrder({
        items: [
          { description: 'Bout', quantity: 0.333, unit: 'stuk', priceCents: 5, vat: 21 },
          { description: 'Moer', quantity: 7.125, unit: 'meter', priceCents: 333, vat: 9 },
          { description: 'Kabel', quantity: 1.005, unit: 'meter', priceCents: 1_999, vat: 21 },
        ],
      }),
    ],
  ])('%s: the amounts are the PDF’s to the cent', (_, order) => {
    const xml = xmlOf(order);
    const pdf = documentView(
      orderDocumentData(order, ublSeller() as unknown as Company, DEFAULT_PDF_SETTINGS),
    );
    const total = (kind: string) => pdf.totals.filter((t) => t.kind === kind).map((t) => t.value);
    const euro = (amount: string) =>
      new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents(amount) / 100);
    const totals = 'cac:AnticipatedMonetaryTotal';
    expect(ublValues(xml, `${totals}/cbc:LineExtensionAmount`).map(euro)).toEqual(total('subtotal'));
    expect(ublValues(xml, `${totals}/cbc:TaxExclusiveAmount`).map(euro)).toEqual(total('subtotal'));
    expect(ublValues(xml, `${totals}/cbc:PayableAmount`).map(cents)).toEqual([pdf.totalCents]);
    expect(ublValues(xml, `${totals}/cbc:TaxInclusiveAmount`).map(cents)).toEqual([pdf.totalCents]);
    expect(ublValues(xml, `${totals}/cbc:PayableAmount`).map(euro)).toEqual(total('total'));
    // The VAT: the PDF's rows per rate ('Verlegd' counts nothing), summed.
    const vatCents = order.vatByRate.reduce((sum, r) => sum + r.vatCents, 0);
    expect(ublValues(xml, 'cac:TaxTotal/cbc:TaxAmount').map(cents)).toEqual([vatCents]);
    expect(pdf.totalCents - cents(ublValues(xml, `${totals}/cbc:LineExtensionAmount`)[0]!)).toBe(vatCents);
    expect(lineValues(xml, 'cbc:LineExtensionAmount').map(euro)).toEqual(pdf.lines.map((l) => l.total));
    expect(lineValues(xml, 'cac:Price/cbc:PriceAmount').map(euro)).toEqual(pdf.lines.map((l) => l.price));
  });

  it('escapes what a description, a note or a name may hold, and reads back the same text', () => {
    const description = 'Kabel 3 < 5 & "dik" > 2 \'mm\' <![CDATA[x]]> </cbc:Name>';
    const notes = 'Poort <b>achter</b> & "links"\nbellen: 06 & 07';
    const customerSnapshot = { ...ublOrder().customerSnapshot!, company: 'Smit & Zonen <B.V.>' };
    const xml = xmlOf(
      ublOrder({
        notes,
        reference: 'PO <7> & "8"',
        customerSnapshot,
        items: [{ description, quantity: 1, unit: 'stuk', priceCents: 100, vat: 21 }],
      }),
    );
    expectValid(xml);
    expect(xml).not.toContain('<b>');
    expect(lineValues(xml, 'cac:Item/cbc:Name')).toEqual([description]);
    expect(ublValues(xml, 'cbc:Note')).toEqual([notes]);
    expect(ublValues(xml, 'cbc:CustomerReference')).toEqual(['PO <7> & "8"']);
    expect(ublValues(xml, 'cac:BuyerCustomerParty/cac:Party/cac:PartyName/cbc:Name')).toEqual([
      'Smit & Zonen <B.V.>',
    ]);
  });

  it('a character XML cannot hold becomes U+FFFD rather than an unreadable file', () => {
    const xml = xmlOf(
      ublOrder({
        items: [{ description: 'Bel\u0007 \u001b[0m', quantity: 1, unit: 'stuk', priceCents: 100, vat: 21 }],
      }),
    );
    expect(lineValues(xml, 'cac:Item/cbc:Name')).toEqual(['Bel\ufffd \ufffd[0m']);
  });

  it('every unit has a UN/ECE Recommendation 20 code, and every tax category is in UNCL 5305', () => {
    const codeList = (file: string) =>
      fs
        .readFileSync(
          path.join(import.meta.dirname, '../../../../test/peppol/upstream/structure/codelist', file),
          'utf8',
        )
        .match(/<Id>[^<]*<\/Id>/g)!
        .map((id) => id.slice(4, -5));
    const rec20 = new Set(codeList('UNECERec20-11e.xml'));
    expect(UNITS.map((u) => UBL_UNIT_CODES[u]).filter((code) => !rec20.has(code))).toEqual([]);
    const uncl5305 = new Set(codeList('UNCL5305.xml'));
    for (const code of ['S', 'Z', 'K', 'AE']) expect(uncl5305.has(code)).toBe(true);
  });

  describe('an order that cannot be expressed is refused with what is missing (409)', () => {
    it('a seller with neither KVK nor BTW number', () => {
      expect(
        refusal(() => xmlOf(ublOrder(), ublSeller({ kvkNumber: '', btwNumber: '', vatNumber: '' }))),
      ).toEqual({
        code: 'CONFLICT',
        message: 'Vul het KVK-nummer of BTW-nummer van uw bedrijf in bij Bedrijfsinstellingen.',
      });
    });

    it('a seller without KVK whose only VAT number is the BTW-nummer (EU) still has an address', () => {
      const xml = xmlOf(ublOrder(), ublSeller({ kvkNumber: '', btwNumber: '', vatNumber: 'DE136695976' }));
      expect(
        ublValues(xml, 'cac:SellerSupplierParty/cac:Party/cbc:EndpointID/concat(@schemeID, ":", .)'),
      ).toEqual(['9930:DE136695976']);
    });

    it('a customer with neither KVK nor BTW number (a KVK number that is not one counts as none)', () => {
      for (const kvkNumber of ['', '1234567']) {
        const customerSnapshot = { ...ublOrder().customerSnapshot!, kvkNumber, btwNumber: '' };
        expect(
          refusal(() => xmlOf(ublOrder({ customerSnapshot }))),
          kvkNumber,
        ).toEqual({
          code: 'CONFLICT',
          message:
            'Vul het KVK-nummer of BTW-nummer van de klant in bij Klanten en sla de order daarna opnieuw op: zonder KVK- of BTW-nummer kan de klant niet in een UBL-bestand.',
        });
      }
    });

    it('an order whose customer is unknown', () => {
      expect(refusal(() => xmlOf(ublOrder({ customerSnapshot: null, customerId: null })))).toEqual({
        code: 'CONFLICT',
        message: ublMessages.noCustomer,
      });
    });

    it('a customer whose VAT number has no Peppol scheme names the country', () => {
      const customerSnapshot = { ...BELGIAN_SNAPSHOT, country: 'Denemarken', btwNumber: 'DK13585628' };
      expect(refusal(() => xmlOf(ublOrder({ customerSnapshot })))).toEqual({
        code: 'CONFLICT',
        message:
          'Peppol kent geen adres op basis van een BTW-nummer uit Denemarken: voor deze klant kan geen UBL-bestand worden gemaakt.',
      });
    });

    it('a delivery address in a country without a code', () => {
      const deliveryAddress = { ...DELIVERY_ORDER.deliveryAddress, country: 'Atlantis' };
      expect(refusal(() => xmlOf(ublOrder({ deliveryAddress })))).toEqual({
        code: 'CONFLICT',
        message:
          'Het land van het afleveradres is onbekend. Kies een land uit de lijst en sla de order opnieuw op.',
      });
    });
  });
});
