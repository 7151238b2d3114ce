import type { DocumentLine, OrderDocumentData } from '../shared/document/types';
import { DEFAULT_PDF_SETTINGS, type PdfSettings } from '../shared/schemas/pdf-settings';

/** A complete Dutch company and customer with a three-line order (21 % and 9 %). */
export function documentFixture(
  overrides: { order?: Partial<OrderDocumentData['order']>; settings?: Partial<PdfSettings> } = {},
): OrderDocumentData {
  return {
    company: {
      company: 'De Vries Installatietechniek B.V.',
      address: 'Havenstraat 14',
      postalCode: '1011 AB',
      city: 'Amsterdam',
      country: 'Nederland',
      phoneNumber: '020 555 0101',
      email: 'inkoop@devries-installatie.nl',
      website: 'www.devries-installatie.nl',
      kvkNumber: '34123456',
      btwNumber: 'NL001234567B01',
      bankAccount: 'NL91ABNA0417164300',
      accountName: 'De Vries Installatietechniek',
      bankName: 'ABN AMRO',
    },
    customer: {
      name: 'Petra Jansen',
      company: 'Jansen Bouw B.V.',
      contactPerson: 'Petra Jansen',
      email: 'petra@jansenbouw.nl',
      address: 'Industrieweg 12',
      postalCode: '3542 AD',
      city: 'Utrecht',
      country: 'Nederland',
      btwNumber: 'NL987654321B01',
    },
    order: {
      orderNumber: 'INK-2024-1001',
      // 23:15 UTC on 26 March is 27 March in Amsterdam.
      date: '2024-03-26T23:15:00.000Z',
      paymentTerm: 30,
      project: 'Verbouwing kantoor',
      reference: 'REF-77',
      btwVerlegd: false,
      lines: [
        { description: 'Bureaustoel', quantity: 3, unit: 'stuk', priceCents: 19_999, vat: 21 },
        { description: 'Montage', quantity: 2, unit: 'uur', priceCents: 4_550, vat: 21 },
        { description: 'Handboek', quantity: 1, unit: 'stuk', priceCents: 1_250, vat: 9 },
      ],
      ...overrides.order,
    },
    settings: { ...DEFAULT_PDF_SETTINGS, ...overrides.settings },
  };
}

const WORDS =
  'levering montage inclusief bevestigingsmateriaal conform offerte werkzaamheden locatie bouwdeel ' +
  'afvoer verpakking materiaal controle oplevering';

/** A description of exactly `length` characters of plain words. */
export function longDescription(length: number, seed = 0): string {
  const words = WORDS.split(' ');
  let text = `Regel ${seed + 1}:`;
  for (let i = seed; text.length < length; i++) text += ` ${words[i % words.length]}`;
  return text.slice(0, length);
}

/** 120 lines, every tenth with a description of 1 000 characters. */
export function longLines(count = 120): DocumentLine[] {
  return Array.from({ length: count }, (_, i) => ({
    description: i % 10 === 9 ? longDescription(1000, i) : `Artikel ${i + 1}`,
    quantity: (i % 7) + 1,
    unit: i % 3 === 0 ? 'uur' : 'stuk',
    priceCents: 1_000 + i * 137,
    vat: i % 4 === 0 ? 9 : 21,
  }));
}

/** A customer in Belgium: a Belgian postcode and VAT number, the country printed. */
export const BELGIAN_CUSTOMER: NonNullable<OrderDocumentData['customer']> = {
  name: 'Petra Jansen',
  company: 'Jansen Bouw BV',
  contactPerson: 'Petra Jansen',
  email: 'petra@jansenbouw.be',
  address: 'Meir 44',
  postalCode: '2000',
  city: 'Antwerpen',
  country: 'België',
  btwNumber: 'BE0403019261',
};

/** An order with a wished day, an address of its own abroad, remarks and quantities in parts. */
export const DELIVERY_ORDER = {
  deliveryDate: '2024-04-10',
  deliveryAddress: {
    name: 'Jansen Bouw, bouwplaats Eilandje',
    address: 'Kattendijkdok-Westkaai 12',
    postalCode: '2000',
    city: 'Antwerpen',
    country: 'België',
  },
  notes:
    'Graag een dag vooraf bellen (06 12 34 56 78).\nLossen via de poort aan de kade; geen heftruck aanwezig.',
  lines: [
    { description: 'Montage zonnepanelen', quantity: 7.5, unit: 'uur', priceCents: 6_250, vat: 21 },
    { description: 'Kabelgoot, verzinkt', quantity: 1250.5, unit: 'meter', priceCents: 199, vat: 21 },
    { description: 'Dakbedekking EPDM', quantity: 0.75, unit: 'm2', priceCents: 3_995, vat: 21 },
  ] satisfies DocumentLine[],
};
