import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyInput, letters, messagesOf, padded, randomCase } from './test-support';
import { isValidWebsite, normaliseWebsite, WEBSITE_MESSAGE, websiteSchema } from './website';

describe('normaliseWebsite', () => {
  it.each([
    ['voorbeeld.nl', 'https://voorbeeld.nl'],
    [' www.voorbeeld.nl ', 'https://www.voorbeeld.nl'],
    ['Voorbeeld.NL/Pad?Q=1', 'https://voorbeeld.nl/Pad?Q=1'],
    ['http://voorbeeld.nl', 'http://voorbeeld.nl'],
    ['HTTPS://Voorbeeld.nl', 'https://voorbeeld.nl'],
    ['https://voorbeeld.nl', 'https://voorbeeld.nl'],
    ['ftp://voorbeeld.nl', 'https://ftp://voorbeeld.nl'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (raw, expected) => {
    expect(normaliseWebsite(raw)).toBe(expected);
  });
});

describe('websiteSchema', () => {
  it.each([
    ['voorbeeld.nl', 'https://voorbeeld.nl'],
    ['sub.voorbeeld.co.uk/pad', 'https://sub.voorbeeld.co.uk/pad'],
    ['www.mijn-bedrijf.nl', 'https://www.mijn-bedrijf.nl'],
    ['http://voorbeeld.nl:8080/a/b?c=d#e', 'http://voorbeeld.nl:8080/a/b?c=d#e'],
    ['voorbeeld.nl/', 'https://voorbeeld.nl/'],
    ['bücher.de', 'https://bücher.de'],
    ['xn--bcher-kva.de', 'https://xn--bcher-kva.de'],
    ['', ''],
  ])('accepts %j as %j', (raw, expected) => {
    expect(websiteSchema.parse(raw)).toBe(expected);
  });

  it.each([
    'voorbeeld',
    'localhost',
    'voorbeeld.',
    '.nl',
    'voorbeeld..nl',
    '-voorbeeld.nl',
    'voorbeeld-.nl',
    'voorbeeld.n',
    'voorbeeld.123',
    '192.168.1.1',
    'mijn bedrijf.nl',
    'voorbeeld.nl/een pad',
    'user:pass@voorbeeld.nl',
    'ftp://voorbeeld.nl',
    'https://',
    'javascript:alert(1)',
    `${'a'.repeat(64)}.nl`,
    `https://voorbeeld.nl/${'a'.repeat(500)}`,
  ])('refuses %j with the message', (v) => {
    expect(messagesOf(websiteSchema, v)).toEqual([WEBSITE_MESSAGE]);
  });
});

describe('website properties', () => {
  it('normalising is idempotent', () => {
    fc.assert(fc.property(anyInput, (s) => normaliseWebsite(normaliseWebsite(s)) === normaliseWebsite(s)));
  });

  const label = fc
    .string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'),
      minLength: 1,
      maxLength: 20,
    })
    .filter((l) => !l.startsWith('-') && !l.endsWith('-'));
  const domainLike = fc
    .tuple(
      fc.constantFrom('', 'http://', 'https://', 'HTTPS://'),
      randomCase(fc.array(label, { minLength: 1, maxLength: 3 }).map((ls) => ls.join('.'))),
      randomCase(letters(2)),
      fc.constantFrom('', '/', '/pad', '/Pad/Sub?x=1', '#top'),
    )
    .map(([scheme, host, tld, path]) => `${scheme}${host}.${tld}${path}`);

  it('what the normaliser makes of a domain-like input, the validator accepts', () => {
    fc.assert(
      fc.property(padded(domainLike), (raw) => {
        const normalised = normaliseWebsite(raw);
        expect(normalised).toMatch(/^https?:\/\//);
        expect(isValidWebsite(normalised)).toBe(true);
        expect(websiteSchema.parse(raw)).toBe(normalised);
      }),
    );
  });
});
