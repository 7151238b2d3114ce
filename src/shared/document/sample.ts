import { DEFAULT_COUNTRY } from '../constants';
import { DEFAULT_PDF_SETTINGS, type PdfSettings } from '../schemas/pdf-settings';
import type { DocumentCompany, OrderDocumentData } from './types';

/** The company of the preview while the user has not filled in a profile. */
export const SAMPLE_COMPANY: DocumentCompany = {
  company: 'Uw Bedrijf B.V.',
  address: 'Voorbeeldstraat 1',
  postalCode: '1234 AB',
  city: 'Amsterdam',
  country: DEFAULT_COUNTRY,
  phoneNumber: '020 123 4567',
  email: 'info@uwbedrijf.nl',
  website: 'www.uwbedrijf.nl',
  kvkNumber: '12345678',
  btwNumber: 'NL123456789B01',
  bankAccount: 'NL91ABNA0417164300',
  accountName: 'Uw Bedrijf B.V.',
  bankName: 'ABN AMRO',
};

const EMPTY_COMPANY: DocumentCompany = Object.fromEntries(
  Object.keys(SAMPLE_COMPANY).map((k) => [k, '']),
) as DocumentCompany;

/**
 * The example order of the live preview in the PDF settings panel: the user's own company (as far as
 * filled in) with a made-up customer and lines, in the given settings.
 */
export function sampleDocumentData(
  company?: Partial<DocumentCompany>,
  settings: PdfSettings = DEFAULT_PDF_SETTINGS,
): OrderDocumentData {
  return {
    company: company ? { ...EMPTY_COMPANY, ...company } : SAMPLE_COMPANY,
    customer: {
      name: 'Petra Jansen',
      company: 'Jansen Bouw B.V.',
      contactPerson: 'Petra Jansen',
      email: 'inkoop@jansenbouw.nl',
      address: 'Industrieweg 12',
      postalCode: '3542 AD',
      city: 'Utrecht',
      country: DEFAULT_COUNTRY,
      btwNumber: 'NL987654321B01',
    },
    order: {
      orderNumber: 'INK-2023-001',
      date: '2023-03-15',
      paymentTerm: 14,
      project: 'Inrichting kantoor',
      reference: 'REF-2023-17',
      btwVerlegd: false,
      lines: [
        { description: 'Bureaustoel, ergonomisch', quantity: 3, unit: 'stuk', priceCents: 19_999, vat: 21 },
        { description: 'Montage en afstellen', quantity: 2, unit: 'uur', priceCents: 4_550, vat: 21 },
        { description: 'Handboek kantoorinrichting', quantity: 1, unit: 'stuk', priceCents: 1_250, vat: 9 },
      ],
      deliveryDate: '2023-03-29',
      deliveryAddress: {
        name: 'Jansen Bouw B.V., nieuwe vestiging',
        address: 'Stationsplein 3',
        postalCode: '3511 ED',
        city: 'Utrecht',
        country: DEFAULT_COUNTRY,
      },
      notes: 'Graag vooraf bellen; levering via de achteringang.',
    },
    settings,
  };
}
