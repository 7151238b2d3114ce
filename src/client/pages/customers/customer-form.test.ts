import { describe, expect, it } from 'vitest';
import {
  emptyCustomerValues,
  errorCountBySection,
  fieldErrorsFromDetails,
  firstErrorField,
  hasBlockingError,
  maskCustomerField,
  validateCustomer,
  validateCustomerField,
} from './customer-form';

const valid = {
  ...emptyCustomerValues(),
  name: 'Jan Jansen',
  company: 'Jansen BV',
  email: 'Jan@Jansen.NL',
};

describe('maskCustomerField', () => {
  it('masks KVK, BTW and postcode while typing and leaves other fields alone', () => {
    expect(maskCustomerField('kvkNumber', '1234-5678 9')).toBe('12345678');
    expect(maskCustomerField('btwNumber', '123456789b01')).toBe('NL123456789B01');
    expect(maskCustomerField('btwNumber', 'nl 1234-56789 b01 9')).toBe('NL123456789B01');
    expect(maskCustomerField('postalCode', '1234ab')).toBe('1234 AB');
    expect(maskCustomerField('postalCode', '1234a')).toBe('1234A');
    expect(maskCustomerField('city', ' Den Haag ')).toBe(' Den Haag ');
  });
});

describe('validateCustomerField', () => {
  it('gives the spec messages', () => {
    expect(validateCustomerField('name', ' ')).toBe('Naam is verplicht');
    expect(validateCustomerField('company', '')).toBe('Bedrijfsnaam is verplicht');
    expect(validateCustomerField('email', '')).toBe('E-mailadres is verplicht');
    expect(validateCustomerField('email', 'jan@')).toBe('Voer een geldig e-mailadres in');
    expect(validateCustomerField('kvkNumber', '1234')).toBe('KVK nummer moet 8 cijfers bevatten');
    expect(validateCustomerField('btwNumber', 'NL12')).toBe(
      'BTW nummer moet het formaat NL123456789B01 hebben',
    );
    expect(validateCustomerField('postalCode', '0123 AB')).toBe('Ongeldige postcode');
  });

  it('accepts empty optional fields and a bare NL', () => {
    expect(validateCustomerField('kvkNumber', '')).toBeUndefined();
    expect(validateCustomerField('btwNumber', 'NL')).toBeUndefined();
    expect(validateCustomerField('postalCode', '')).toBeUndefined();
    expect(validateCustomerField('phone', '')).toBeUndefined();
  });

  it('keeps quiet while the number is 3 characters or fewer (normalised)', () => {
    expect(validateCustomerField('phone', '0')).toBeUndefined();
    expect(validateCustomerField('phone', '06-123')).toBe('Voer een geldig Nederlands telefoonnummer in');
    expect(validateCustomerField('phone', '06-12345678')).toBeUndefined();
  });
});

describe('validateCustomer', () => {
  it('normalises a valid form', () => {
    const result = validateCustomer({ ...valid, phone: '06 12345678', postalCode: '1234ab' });
    expect(result).toEqual({
      ok: true,
      data: expect.objectContaining({
        email: 'jan@jansen.nl',
        phone: '+31612345678',
        postalCode: '1234 AB',
        active: true,
        country: 'Nederland',
      }),
    });
  });

  it('lists the first error of each field', () => {
    const result = validateCustomer({ ...emptyCustomerValues(), kvkNumber: '12', phone: '0' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      name: 'Naam is verplicht',
      company: 'Bedrijfsnaam is verplicht',
      email: 'E-mailadres is verplicht',
      phone: 'Voer een geldig Nederlands telefoonnummer in',
      kvkNumber: 'KVK nummer moet 8 cijfers bevatten',
    });
    expect(firstErrorField(result.errors)).toBe('name');
    expect(errorCountBySection(result.errors)).toEqual({ general: 2, contact: 2, address: 0, business: 1 });
  });
});

describe('server details and blocking errors', () => {
  it('maps known fields and drops the rest', () => {
    expect(fieldErrorsFromDetails({ email: 'Bezet', _: 'x', 'items.0': 'y' })).toEqual({ email: 'Bezet' });
  });

  it('blocks submit only on a KVK or BTW error', () => {
    expect(hasBlockingError({ name: 'Naam is verplicht' })).toBe(false);
    expect(hasBlockingError({ kvkNumber: 'x' })).toBe(true);
    expect(hasBlockingError({ btwNumber: 'x' })).toBe(true);
    expect(firstErrorField({ btwNumber: 'x', city: 'y' })).toBe('city');
  });
});
