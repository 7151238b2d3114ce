export { DOCUMENT_TITLE, documentView, formatIban, REVERSE_CHARGE_TEXT } from './document-view';
export { FONT_STACKS, fontStack, WEB_FONTS, type WebFont } from './fonts';
export { OrderDocument } from './order-document';
export {
  DOCUMENT_HEADER_TEMPLATE,
  DOCUMENT_PAGE_MARGINS,
  documentFooterTemplate,
  escapeHtml,
} from './page';
export { SAMPLE_COMPANY, sampleDocumentData } from './sample';
export type {
  DocumentCompany,
  DocumentCustomer,
  DocumentLine,
  DocumentOrder,
  OrderDocumentData,
} from './types';
