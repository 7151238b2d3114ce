/**
 * The Content-Security-Policy every printed document carries. Fonts and images are inlined as data:
 * URLs, so a document needs nothing else; anything that still tries to load (a URL in user data, a
 * stray stylesheet) is refused by the renderer itself, before the page's catch-all route or the
 * dead-end proxy would have to.
 */
export const documentCsp = [
  "default-src 'none'",
  'img-src data:',
  "style-src 'unsafe-inline' data:",
  'font-src data:',
  // Neither falls back to default-src: a <base> could redirect relative URLs, a form could post.
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const cspMeta = `<meta http-equiv="Content-Security-Policy" content="${documentCsp}">`;

// Leading BOM, whitespace and comments, then the doctype: what may come before the meta without
// sending the document into quirks mode.
const prologue = /^\uFEFF?(?:\s|<!--[\s\S]*?-->)*<!doctype[^>]*>/i;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The document as the printer loads it: the CSP meta (and the title, when given) become the first
 * elements of <head>. A meta CSP only governs what is parsed after it, so it goes right behind the
 * doctype; the parser opens <head> for it and folds the document's own <html>/<head> tags into the
 * same elements. A title placed first is the one the PDF metadata takes.
 */
export function lockDownHtml(html: string, title?: string): string {
  const head = cspMeta + (title ? `<title>${escapeText(title)}</title>` : '');
  const doctype = prologue.exec(html)?.[0] ?? '';
  return doctype + head + html.slice(doctype.length);
}
