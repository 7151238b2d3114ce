import { describe, expect, it } from 'vitest';
import { appNameOf, displayNameOf, onBehalfName } from './sender-name';

describe('displayNameOf', () => {
  it('leaves an ordinary company name as it is, apostrophes, commas and accents included', () => {
    for (const name of ['Bakkerij De Korst', "Café 't Hoekje", 'Jansen, Zonen & Co.', 'Müller’s Bäckerei'])
      expect(displayNameOf(name)).toBe(name);
  });

  it('takes out the signs of an address and of a quoted name', () => {
    expect(displayNameOf('ING Bank <security@ing.nl>')).toBe('ING Bank security ing.nl');
    expect(displayNameOf('Bakkerij "De Gouden" Korst')).toBe('Bakkerij De Gouden Korst');
    expect(displayNameOf('security@ing.nl')).toBe('security ing.nl');
  });

  it('also their full-width, small and look-alike forms', () => {
    expect(displayNameOf('ING ＜security＠ing.nl＞')).toBe('ING security ing.nl');
    expect(displayNameOf('ING ﹤security﹫ing.nl﹥')).toBe('ING security ing.nl');
    expect(displayNameOf('ING ‹security@ing.nl› «x» ⟨y⟩ 〈z〉 ˂w˃ ❮v❯')).toBe(
      'ING security ing.nl x y z w v',
    );
    expect(displayNameOf('„Bank” “ING” ＂X＂ 〝Y〞')).toBe('Bank ING X Y');
  });

  it('keeps the name on one line: line breaks and control characters become spaces', () => {
    expect(displayNameOf('X\r\nBcc: spy@evil.example')).toBe('X Bcc: spy evil.example');
    expect(displayNameOf('A\u2028B\u2029C\tD\u0085E')).toBe('A B C D E');
  });

  it('drops invisible characters that can disguise a name (bidi overrides, zero-width)', () => {
    expect(displayNameOf('ING\u202Eln.gni\u202C')).toBe('INGln.gni');
    expect(displayNameOf('I\u200BN\u200DG\uFEFF')).toBe('ING');
  });

  it('is empty when nothing readable is left', () => {
    expect(displayNameOf(' <@> "" \r\n ')).toBe('');
  });
});

describe('onBehalfName', () => {
  const MAIL_FROM = 'Inkooporders <no-reply@inkooporders.test>';

  it("says whose mail it is and through whom: '<company> via <MAIL_FROM's name>'", () => {
    expect(onBehalfName('Bakkerij De Korst', MAIL_FROM)).toBe('Bakkerij De Korst via Inkooporders');
    expect(onBehalfName('ING Bank <security@ing.nl>', MAIL_FROM)).toBe(
      'ING Bank security ing.nl via Inkooporders',
    );
    expect(onBehalfName('Bakkerij', '"Mijn Portaal" <orders@example.nl>')).toBe('Bakkerij via Mijn Portaal');
  });

  it("names the app itself when MAIL_FROM has no name, and says it once when the company is MAIL_FROM's name", () => {
    expect(appNameOf('no-reply@example.nl')).toBe('Inkooporders');
    expect(appNameOf('<no-reply@example.nl>')).toBe('Inkooporders');
    expect(onBehalfName('Bakkerij', 'no-reply@example.nl')).toBe('Bakkerij via Inkooporders');
    expect(onBehalfName('Mijn bedrijf', 'Mijn Bedrijf <orders@example.nl>')).toBe('Mijn bedrijf');
  });

  it('is undefined when the company has nothing readable left: the mail goes as MAIL_FROM', () => {
    expect(onBehalfName('<@>', MAIL_FROM)).toBeUndefined();
    expect(onBehalfName('  ', MAIL_FROM)).toBeUndefined();
  });
});
