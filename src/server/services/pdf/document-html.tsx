import { renderToStaticMarkup } from 'react-dom/server';
import { DOCUMENT_TITLE } from '../../../shared/document/document-view';
import { OrderDocument } from '../../../shared/document/order-document';
import { DOCUMENT_PAGE_MARGINS } from '../../../shared/document/page';
import type { OrderDocumentData } from '../../../shared/document/types';
import { PDF_FONTS, type PdfFont } from '../../../shared/schemas/pdf-settings';
import { fontFaceCss } from './fonts';

const m = DOCUMENT_PAGE_MARGINS;

/** The printed page: A4 with the margins the footer is drawn in; the document itself brings its CSS. */
const PAGE_CSS =
  `@page{size:A4;margin:${m.top} ${m.right} ${m.bottom} ${m.left}}` +
  'html,body{margin:0;padding:0;background:#fff}';

const knownFont = (font: string): PdfFont =>
  (PDF_FONTS as readonly string[]).includes(font) ? (font as PdfFont) : 'default';

/**
 * The order document as one self-contained HTML page for the printer: lang nl (the PDF's language),
 * the order number as title and the company as author (the PDF's metadata), the chosen web font
 * inlined. Deterministic — the same data gives byte-identical HTML, the key of the stored PDF.
 */
export function renderDocumentHtml(data: OrderDocumentData): string {
  const title = data.order.orderNumber.trim() || DOCUMENT_TITLE;
  const author = data.company.company.trim();
  const markup = renderToStaticMarkup(
    <html lang="nl">
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
        {author && <meta name="author" content={author} />}
        <style>{fontFaceCss(knownFont(data.settings.fontFamily)) + PAGE_CSS}</style>
      </head>
      <body>
        <OrderDocument data={data} />
      </body>
    </html>,
  );
  return `<!DOCTYPE html>${markup}`;
}
