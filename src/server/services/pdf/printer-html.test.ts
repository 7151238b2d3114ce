import { describe, expect, it } from 'vitest';
import { documentCsp, lockDownHtml } from './printer-html';

const meta = `<meta http-equiv="Content-Security-Policy" content="${documentCsp}">`;

describe('lockDownHtml', () => {
  it('puts the CSP meta right behind the doctype, before anything that could load', () => {
    const html =
      '<!DOCTYPE html><html lang="nl"><head><link rel="stylesheet" href="x.css"></head><body>a</body></html>';
    expect(lockDownHtml(html)).toBe(
      `<!DOCTYPE html>${meta}<html lang="nl"><head><link rel="stylesheet" href="x.css"></head><body>a</body></html>`,
    );
  });

  it('keeps a BOM, whitespace and comments before the doctype, so the document stays in standards mode', () => {
    const html = '\uFEFF\n<!-- order --><!doctype html>\n<html><body>a</body></html>';
    expect(lockDownHtml(html)).toBe(
      `\uFEFF\n<!-- order --><!doctype html>${meta}\n<html><body>a</body></html>`,
    );
  });

  it('starts a document without doctype with the meta', () => {
    expect(lockDownHtml('<p>a</p>')).toBe(`${meta}<p>a</p>`);
  });

  it('adds the title, escaped, after the meta', () => {
    expect(lockDownHtml('<!doctype html><p>a</p>', 'Order <1> & co')).toBe(
      `<!doctype html>${meta}<title>Order &lt;1&gt; &amp; co</title><p>a</p>`,
    );
  });

  it('allows only inline styles and data: URLs for images, styles and fonts', () => {
    expect(documentCsp).toBe(
      "default-src 'none'; img-src data:; style-src 'unsafe-inline' data:; font-src data:; base-uri 'none'; form-action 'none'",
    );
  });
});
