import { describe, expect, it } from 'vitest';
import { extractLinks } from './outbox';

describe('extractLinks', () => {
  it('finds http(s) hrefs (entities decoded) and bare URLs in the text, each once', () => {
    const html =
      '<a href="https://app.nl/verify-email/abc">x</a><a href="mailto:a@b.nl">m</a><a href=\'http://x.nl/?a=1&amp;b=2\'>y</a><a href="javascript:alert(1)">z</a>';
    const text = 'Open https://app.nl/verify-email/abc of [https://app.nl/login] nu.';
    expect(extractLinks(html, text)).toEqual([
      'https://app.nl/verify-email/abc',
      'http://x.nl/?a=1&b=2',
      'https://app.nl/login',
    ]);
  });

  it('is empty for a message without links', () => {
    expect(extractLinks('<p>Hallo</p>', 'Hallo')).toEqual([]);
  });
});
