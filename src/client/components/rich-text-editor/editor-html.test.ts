import { describe, expect, it } from 'vitest';
import { isSafeLink, linkTarget } from './editor-html';

describe('linkTarget: what the link field makes of a typed address', () => {
  it('keeps web and mail addresses and template variables as typed', () => {
    expect(linkTarget('https://voorbeeld.nl/order?id=1')).toBe('https://voorbeeld.nl/order?id=1');
    expect(linkTarget(' mailto:inkoop@voorbeeld.nl ')).toBe('mailto:inkoop@voorbeeld.nl');
    expect(linkTarget('{{customer.email}}')).toBe('{{customer.email}}');
  });

  it('makes a bare domain a https link and a bare e-mail address a mail link', () => {
    expect(linkTarget('www.voorbeeld.nl')).toBe('https://www.voorbeeld.nl');
    expect(linkTarget('voorbeeld.nl/contact')).toBe('https://voorbeeld.nl/contact');
    expect(linkTarget('inkoop@voorbeeld.nl')).toBe('mailto:inkoop@voorbeeld.nl');
  });

  it('refuses what is no address and every scheme that could run or load something', () => {
    for (const typed of ['', '   ', 'hallo', 'javascript:alert(1)', 'data:text/html,x', 'vbscript:x']) {
      expect(linkTarget(typed), typed).toBeNull();
    }
    expect(isSafeLink('JavaScript:alert(1)')).toBe(false);
    expect(isSafeLink('//evil.example')).toBe(false);
  });
});
