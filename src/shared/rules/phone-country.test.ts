import { describe, expect, it } from 'vitest';
import { PHONE_MESSAGE } from './phone';
import { normalisePhoneFor, phoneErrorForCountry, phonePlaceholderFor } from './phone-country';

describe('phone by country', () => {
  it.each([
    ['Nederland', '06-12345678', '+31612345678'],
    ['België', '03 123 45 67', '+3231234567'],
    ['België', '+32 470 12 34 56', '+32470123456'],
    ['Duitsland', '030 1234567', '+49301234567'],
    ['Italië', '06 1234 5678', '+390612345678'],
    ['België', '0031 6 12345678', '+31612345678'],
    ['Andere', '+1 416 555 0123', '+14165550123'],
  ])('%s: %j is stored as %j', (country, raw, stored) => {
    expect(normalisePhoneFor(raw, country)).toBe(stored);
    expect(phoneErrorForCountry(raw, country)).toBe('');
  });

  it('refuses what is no phone number, saying what to type', () => {
    expect(phoneErrorForCountry('12345', 'Nederland')).toBe(PHONE_MESSAGE);
    expect(phoneErrorForCountry('03 12', 'België')).toBe(
      'Voer een geldig telefoonnummer in, bijv. +32 gevolgd door het nummer',
    );
    expect(phoneErrorForCountry('416 555', 'Andere')).toContain('met landnummer');
    expect(phoneErrorForCountry('0', 'België', true)).toBe('');
  });

  it('hints the country code', () => {
    expect(phonePlaceholderFor('Nederland')).toBe('06 12345678');
    expect(phonePlaceholderFor('België')).toBe('+32 …');
  });
});
