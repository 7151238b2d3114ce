import { describe, expect, it } from 'vitest';
import { POSTCODE_MESSAGE } from './postcode';
import { maskPostcodeFor, normalisePostcodeFor, postcodeErrorFor, postcodeHintFor } from './postcode-country';

describe('postcode by country', () => {
  it.each([
    ['Nederland', '1234ab', '1234 AB'],
    ['', '1234 AB', '1234 AB'],
    ['België', '2000', '2000'],
    ['België', 'B-2000', '2000'],
    ['BE', ' 9000 ', '9000'],
    ['Duitsland', '10115', '10115'],
    ['Duitsland', 'D-01067', '01067'],
    ['Duitsland', '10 115', '10115'],
    ['Frankrijk', '75001', '75001'],
    ['Luxemburg', '1234', 'L-1234'],
    ['Luxemburg', 'l-1234', 'L-1234'],
    ['Oostenrijk', '1010', '1010'],
    ['Spanje', '28001', '28001'],
    ['Italië', '00184', '00184'],
    ['Verenigd Koninkrijk', 'sw1a1aa', 'SW1A 1AA'],
    ['Andere', ' k1a  0b1 ', 'K1A 0B1'],
    ['Zweden', '114 55', '114 55'],
  ])('%s: %j is accepted and stored as %j', (country, raw, stored) => {
    expect(postcodeErrorFor(raw, country)).toBe('');
    expect(normalisePostcodeFor(raw, country)).toBe(stored);
  });

  it.each([
    ['Nederland', '2000', POSTCODE_MESSAGE],
    ['Nederland', '0123 AB', POSTCODE_MESSAGE],
    ['België', '10115', 'Ongeldige postcode voor België: 4 cijfers, bijv. 2000'],
    ['België', '0999', 'Ongeldige postcode voor België: 4 cijfers, bijv. 2000'],
    ['België', '1234 AB', 'Ongeldige postcode voor België: 4 cijfers, bijv. 2000'],
    ['Duitsland', '2000', 'Ongeldige postcode voor Duitsland: 5 cijfers, bijv. 10115'],
    ['Frankrijk', '7500', 'Ongeldige postcode voor Frankrijk: 5 cijfers, bijv. 75001'],
    ['Luxemburg', '12345', 'Ongeldige postcode voor Luxemburg: 4 cijfers, met of zonder L-, bijv. L-1234'],
    ['Oostenrijk', '0100', 'Ongeldige postcode voor Oostenrijk: 4 cijfers, bijv. 1010'],
    ['Andere', 'X', expect.stringContaining('Ongeldige postcode')],
    ['Andere', '12#45', expect.stringContaining('Ongeldige postcode')],
  ])('%s: %j is refused with a message that says the format', (country, raw, message) => {
    expect(postcodeErrorFor(raw, country)).toEqual(message);
  });

  it('accepts an empty postcode everywhere', () => {
    for (const country of ['Nederland', 'België', 'Andere']) expect(postcodeErrorFor(' ', country)).toBe('');
  });

  it('hints and masks by country', () => {
    expect(postcodeHintFor('België')).toEqual({
      placeholder: '2000',
      hint: 'Formaat: 4 cijfers, bijv. 2000',
    });
    expect(postcodeHintFor('Nederland').placeholder).toBe('1234 AB');
    expect(maskPostcodeFor('1234ab', 'Nederland')).toBe('1234 AB');
    expect(maskPostcodeFor('sw1a 1aa', 'Verenigd Koninkrijk')).toBe('SW1A 1AA');
    expect(maskPostcodeFor('10115', 'Duitsland')).toBe('10115');
  });
});
