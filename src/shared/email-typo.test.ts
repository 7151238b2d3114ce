import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance, PROVIDER_DOMAINS, suggestEmail } from './email-typo';

const cases = (domains: Record<string, string>) =>
  Object.entries(domains).map(([typo, fixed]) => [`jan@${typo}`, `jan@${fixed}`] as const);

describe('suggestEmail', () => {
  describe('gmail', () => {
    it.each(
      cases({
        'gmial.com': 'gmail.com',
        'gmal.com': 'gmail.com',
        'gmai.com': 'gmail.com',
        'gamil.com': 'gmail.com',
        'gnail.com': 'gmail.com',
        'gmaill.com': 'gmail.com',
        'gmali.com': 'gmail.com',
        'gmail.con': 'gmail.com',
        'gmail.cmo': 'gmail.com',
        'gmail.cm': 'gmail.com',
        'gmail.om': 'gmail.com',
        'gmail.co': 'gmail.com',
        'gmail.nl': 'gmail.com',
        gmailcom: 'gmail.com',
        gmail: 'gmail.com',
        'gmial.con': 'gmail.com',
        'googlemial.com': 'googlemail.com',
      }),
    )('%s → %s', (typo, fixed) => expect(suggestEmail(typo)).toBe(fixed));
  });

  describe('hotmail, outlook, live', () => {
    it.each(
      cases({
        'hotmial.com': 'hotmail.com',
        'hotmal.com': 'hotmail.com',
        'hotnail.com': 'hotmail.com',
        'homtail.com': 'hotmail.com',
        'hotmaill.com': 'hotmail.com',
        'hotmail.con': 'hotmail.com',
        'hotmail.co': 'hotmail.com',
        'hotmal.nl': 'hotmail.nl',
        'hotmail.nll': 'hotmail.nl',
        'outlok.com': 'outlook.com',
        'outloook.com': 'outlook.com',
        'outlook.cmo': 'outlook.com',
        'outlool.com': 'outlook.com',
        'lve.nl': 'live.nl',
        'live.nl1': 'live.nl',
      }),
    )('%s → %s', (typo, fixed) => expect(suggestEmail(typo)).toBe(fixed));
  });

  describe('yahoo and icloud', () => {
    it.each(
      cases({
        'yaho.com': 'yahoo.com',
        'yahooo.com': 'yahoo.com',
        'yhaoo.com': 'yahoo.com',
        'yahoo.om': 'yahoo.com',
        'yahoo.nl': 'yahoo.com',
        'iclod.com': 'icloud.com',
        'icoud.com': 'icloud.com',
        'icloud.con': 'icloud.com',
        'icloud.nl': 'icloud.com',
      }),
    )('%s → %s', (typo, fixed) => expect(suggestEmail(typo)).toBe(fixed));
  });

  describe('Dutch providers', () => {
    it.each(
      cases({
        'zigo.nl': 'ziggo.nl',
        'ziggo.n': 'ziggo.nl',
        'ziggo.com': 'ziggo.nl',
        'kpnmial.nl': 'kpnmail.nl',
        'kpmail.nl': 'kpnmail.nl',
        'kpnmail.nll': 'kpnmail.nl',
        'kpnplanet.nl1': 'kpnplanet.nl',
        'kpnplanit.nl': 'kpnplanet.nl',
        'planet.n': 'planet.nl',
        'plannet.nl': 'planet.nl',
        'xs4al.nl': 'xs4all.nl',
        'xsall.nl': 'xs4all.nl',
        'xs4all.com': 'xs4all.nl',
        'hetnte.nl': 'hetnet.nl',
        'hetnet.nl1': 'hetnet.nl',
        'hme.nl': 'home.nl',
        'home.nll': 'home.nl',
        'upcmial.nl': 'upcmail.nl',
        'casama.nl': 'casema.nl',
        'chelo.nl': 'chello.nl',
        'telfrt.nl': 'telfort.nl',
        'tele2.n': 'tele2.nl',
        'tel2.nl': 'tele2.nl',
      }),
    )('%s → %s', (typo, fixed) => expect(suggestEmail(typo)).toBe(fixed));
  });

  describe('endings of any domain', () => {
    it.each([
      ['info@bedrijf.con', 'info@bedrijf.com'],
      ['info@bedrijf.cmo', 'info@bedrijf.com'],
      ['info@bedrijf.cm', 'info@bedrijf.com'],
      ['info@bedrijf.om', 'info@bedrijf.com'],
      ['info@bedrijf.nl1', 'info@bedrijf.nl'],
      ['info@bedrijf.nll', 'info@bedrijf.nl'],
      ['info@bedrijf.n', 'info@bedrijf.nl'],
      ['info@bedrijf.nl.', 'info@bedrijf.nl'],
    ])('%s → %s', (typo, fixed) => expect(suggestEmail(typo)).toBe(fixed));
  });

  it('keeps the local part exactly as typed and lower-cases the domain', () => {
    expect(suggestEmail('Jan.de.Vries+orders@GMIAL.COM')).toBe('Jan.de.Vries+orders@gmail.com');
    expect(suggestEmail('  piet@ziggo.n  ')).toBe('piet@ziggo.nl');
  });

  it.each([
    'jan@gmail.com',
    'jan@GMAIL.COM',
    'jan@hotmail.nl',
    'jan@live.nl',
    'jan@live.com',
    'jan@ziggo.nl',
    'jan@kpnmail.nl',
    'jan@xs4all.nl',
    'jan@tele2.nl',
    'jan@icloud.com',
    'jan@mail.com',
    'jan@gmx.nl',
    'jan@live.be',
    'jan@hema.nl',
    'jan@bedrijf.nl',
    'jan@voorbeeld.com',
    'jan@example.org',
  ])('no suggestion for %s', (email) => expect(suggestEmail(email)).toBeNull());

  it.each(['', 'jan', 'jan@', '@gmail.com', 'jan@gm ail.com', 'j an@gmial.com'])(
    'no suggestion for the incomplete %j',
    (email) => expect(suggestEmail(email)).toBeNull(),
  );

  it('never suggests the address it was given, and a suggestion is itself final', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9.]{1,10}$/),
        fc.stringMatching(/^[a-z0-9.]{1,14}$/),
        (local, domain) => {
          const email = `${local}@${domain}`;
          const s = suggestEmail(email);
          if (s === null) return;
          expect(s).not.toBe(email);
          expect(s.startsWith(`${local}@`)).toBe(true);
          expect(suggestEmail(s)).toBeNull();
        },
      ),
    );
  });

  it('leaves every provider domain alone', () => {
    for (const d of PROVIDER_DOMAINS) expect(suggestEmail(`a@${d}`)).toBeNull();
  });
});

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['gmail', 'gmail', 0],
    ['gmial', 'gmail', 1],
    ['gmal', 'gmail', 1],
    ['gmaill', 'gmail', 1],
    ['gnail', 'gmail', 1],
    ['hotmail', 'outlook', 6],
    ['', 'abc', 3],
  ])('%j ↔ %j = %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
});
