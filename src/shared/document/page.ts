/**
 * The printed page around the document: A4 margins and the footer Chromium draws on every page
 * ('Pagina x van y' from its pageNumber/totalPages placeholders). The footer is a separate little
 * HTML document that Chromium renders with no web fonts and without the page's CSS, so it carries
 * its own inline styles, and it is built as a string — every user value in it is escaped here.
 */

import type { PdfFont } from '../schemas/pdf-settings';
import { fontStack, SYSTEM_FONT_STACKS } from './fonts';
import type { OrderDocumentData } from './types';

export const DOCUMENT_PAGE_MARGINS = { top: '16mm', right: '16mm', bottom: '20mm', left: '16mm' } as const;

/** Chromium prints its own date and title as the header unless it is given one: this one is empty. */
export const DOCUMENT_HEADER_TEMPLATE = '<span></span>';

/**
 * The header of every page: empty, or the document's mark (OrderDocumentData.mark), so every page of
 * an order that may not be sent yet says so, not only the first.
 */
export function documentHeaderTemplate(data: Pick<OrderDocumentData, 'mark' | 'settings'>): string {
  if (!data.mark) return DOCUMENT_HEADER_TEMPLATE;
  const font = templateFont(data.settings.fontFamily);
  const style = [
    'box-sizing:border-box',
    'width:100%',
    `padding:0 ${DOCUMENT_PAGE_MARGINS.right} 0 ${DOCUMENT_PAGE_MARGINS.left}`,
    'text-align:center',
    `font-family:${font}`,
    'font-size:8pt',
    'font-weight:700',
    'color:#92400E',
    '-webkit-print-color-adjust:exact',
  ].join(';');
  return `<div style="${escapeHtml(style)}">${escapeHtml(data.mark)}</div>`;
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** The header and footer are drawn without web fonts: the installed stack of the chosen font. */
const templateFont = (fontFamily: string) =>
  Object.hasOwn(SYSTEM_FONT_STACKS, fontFamily)
    ? SYSTEM_FONT_STACKS[fontFamily as PdfFont]
    : fontStack('default');

/** The footer of every page: company and order number on the left, 'Pagina x van y' on the right. */
export function documentFooterTemplate(
  data: Pick<OrderDocumentData, 'company' | 'order' | 'settings'>,
): string {
  const font = templateFont(data.settings.fontFamily);
  const left = [data.company.company.trim(), data.order.orderNumber.trim()].filter(Boolean).join(' · ');
  const style = [
    'box-sizing:border-box',
    'width:100%',
    `padding:0 ${DOCUMENT_PAGE_MARGINS.right} 0 ${DOCUMENT_PAGE_MARGINS.left}`,
    'display:flex',
    'justify-content:space-between',
    'gap:8mm',
    `font-family:${font}`,
    'font-size:7.5pt',
    'color:#6B7280',
    '-webkit-print-color-adjust:exact',
  ].join(';');
  return (
    `<div style="${escapeHtml(style)}">` +
    `<span style="overflow:hidden;white-space:nowrap;text-overflow:ellipsis">${escapeHtml(left)}</span>` +
    '<span style="white-space:nowrap">Pagina <span class="pageNumber"></span> van <span class="totalPages"></span></span>' +
    '</div>'
  );
}
