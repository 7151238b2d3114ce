import { describe, expect, it } from 'vitest';
import { BTW_MESSAGE_CUSTOMER } from './btw';
import {
  maskVatNumber,
  normaliseVatNumber,
  VAT_CHECKSUM_MESSAGE,
  vatNumberCountryCode,
  vatNumberErrorFor,
  vatNumberHintFor,
} from './vat-number';

describe('VAT number by country', () => {
  it.each([
    ['Nederland', 'NL812345678B01', 'NL812345678B01'],
    ['Nederland', '812345678b01', 'NL812345678B01'],
    ['Nederland', 'NL000099998B57', 'NL000099998B57'],
    ['België', 'BE0123456749', 'BE0123456749'],
    ['België', '0123.456.749', 'BE0123456749'],
    ['België', 'be 0403 019 261', 'BE0403019261'],
    ['Duitsland', 'DE136695976', 'DE136695976'],
    ['Duitsland', '136695976', 'DE136695976'],
    ['Frankrijk', 'FR40303265045', 'FR40303265045'],
    ['Luxemburg', 'LU15027442', 'LU15027442'],
    ['Oostenrijk', 'U13585627', 'ATU13585627'],
    ['Griekenland', '094259216', 'EL094259216'],
    // A Dutch customer may hold a foreign number: it is checked as its own country's.
    ['Nederland', 'BE0123456749', 'BE0123456749'],
    ['Andere', 'abc-12345', 'ABC12345'],
  ])('%s: %j is valid and stored as %j', (country, raw, stored) => {
    expect(vatNumberErrorFor(raw, country)).toBe('');
    expect(normaliseVatNumber(raw, country)).toBe(stored);
  });

  it('holds a Dutch number to the spec format only: its own example passes though no check digit holds', () => {
    expect(vatNumberErrorFor('NL123456789B01', 'Nederland')).toBe('');
    expect(vatNumberErrorFor('NL123456789B01', 'België')).toBe('');
  });

  it.each([
    ['België', 'BE0123456748'],
    ['Duitsland', 'DE136695977'],
    ['Frankrijk', 'FR41303265045'],
    ['Luxemburg', 'LU15027443'],
    ['Oostenrijk', 'ATU13585626'],
  ])('%s: %j has a wrong check digit', (country, raw) => {
    expect(vatNumberErrorFor(raw, country)).toBe(VAT_CHECKSUM_MESSAGE);
  });

  it.each([
    ['Nederland', 'NL12345', BTW_MESSAGE_CUSTOMER],
    ['Nederland', '12345', BTW_MESSAGE_CUSTOMER],
    ['België', '12345', 'BTW nummer moet het formaat BE0123456749 hebben'],
    ['België', 'BE01234', 'BTW nummer moet het formaat BE0123456749 hebben'],
    ['Duitsland', 'DE1234', 'BTW nummer moet het formaat DE136695976 hebben'],
    ['Frankrijk', 'FR123', 'BTW nummer moet het formaat FR40303265045 hebben'],
    ['Luxemburg', 'LU123', 'BTW nummer moet het formaat LU15027442 hebben'],
    ['Oostenrijk', 'AT13585627', 'BTW nummer moet het formaat ATU13585627 hebben'],
    ['Andere', '12#', expect.stringContaining('alleen letters en cijfers')],
  ])('%s: %j has the wrong format', (country, raw, message) => {
    expect(vatNumberErrorFor(raw, country)).toEqual(message);
  });

  it('never puts NL before a foreign number; the bare prefix of the country is empty', () => {
    expect(normaliseVatNumber('0123456749', 'België')).toBe('BE0123456749');
    expect(maskVatNumber('0123456749', 'België')).toBe('BE0123456749');
    expect(maskVatNumber('be0123456749', 'Nederland')).toBe('BE0123456749');
    expect(maskVatNumber('12345', 'Andere')).toBe('12345');
    expect(normaliseVatNumber('NL', 'Nederland')).toBe('');
    expect(normaliseVatNumber('be', 'België')).toBe('');
    expect(vatNumberErrorFor('NL', 'Nederland')).toBe('');
  });

  it('keeps the spec mask at home: NL prefix, at most 14 characters', () => {
    expect(maskVatNumber('nl 1234-56789 b01 9', 'Nederland')).toBe('NL123456789B01');
    expect(maskVatNumber('N', 'Nederland')).toBe('N');
  });

  it('knows the country of a number and hints per country', () => {
    expect(vatNumberCountryCode('BE0123456749')).toBe('BE');
    expect(vatNumberCountryCode('EL094259216')).toBe('GR');
    expect(vatNumberCountryCode('12345')).toBeUndefined();
    expect(vatNumberHintFor('Nederland').hint).toBe(
      'Formaat: NL + 9 cijfers + B + 2 cijfers, bijv. NL123456789B01',
    );
    expect(vatNumberHintFor('België')).toEqual({
      placeholder: 'BE0123456749',
      hint: 'Formaat: BE + 10 cijfers, bijv. BE0123456749',
    });
  });
});
