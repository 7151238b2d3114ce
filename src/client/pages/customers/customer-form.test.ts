import { describe, expect, it } from 'vitest';
import { pickFieldErrors } from '../../../shared/field-errors';
import { afterBlur, afterChange, afterFocus, firstError, initialFormState } from '../../lib/form-state';
import {
  CUSTOMER_FIELDS,
  type CustomerField,
  type CustomerFormValues,
  customerFormRules,
  emptyCustomerValues,
  errorCountBySection,
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

const home = emptyCustomerValues();
const one = (field: CustomerField, value: string, country = home.country) =>
  validateCustomerField(field, { ...home, country, [field]: value });

describe('maskCustomerField', () => {
  it('masks KVK, BTW and postcode while typing and leaves other fields alone', () => {
    expect(maskCustomerField('kvkNumber', '1234-5678 9', home)).toBe('12345678');
    expect(maskCustomerField('btwNumber', '123456789b01', home)).toBe('NL123456789B01');
    expect(maskCustomerField('btwNumber', 'nl 1234-56789 b01 9', home)).toBe('NL123456789B01');
    expect(maskCustomerField('postalCode', '1234ab', home)).toBe('1234 AB');
    expect(maskCustomerField('postalCode', '1234a', home)).toBe('1234A');
    expect(maskCustomerField('city', ' Den Haag ', home)).toBe(' Den Haag ');
  });

  it("puts the customer's own country prefix before a bare number, never NL for a foreign one", () => {
    const belgium = { country: 'België' };
    expect(maskCustomerField('btwNumber', '0123.456.749', belgium)).toBe('BE0123456749');
    expect(maskCustomerField('btwNumber', 'be0123456749', home)).toBe('BE0123456749');
    expect(maskCustomerField('postalCode', '2000', belgium)).toBe('2000');
  });
});

describe('validateCustomerField', () => {
  it('gives the spec messages', () => {
    expect(one('name', ' ')).toBe('Naam is verplicht');
    expect(one('company', '')).toBe('Bedrijfsnaam is verplicht');
    expect(one('email', '')).toBe('E-mailadres is verplicht');
    expect(one('email', 'jan@')).toBe('Voer een geldig e-mailadres in');
    expect(one('kvkNumber', '1234')).toBe('KVK nummer moet 8 cijfers bevatten');
    expect(one('btwNumber', 'NL12')).toBe('BTW nummer moet het formaat NL123456789B01 hebben');
    expect(one('postalCode', '0123 AB')).toBe('Ongeldige postcode');
  });

  it('accepts empty optional fields and a bare NL', () => {
    expect(one('kvkNumber', '')).toBeUndefined();
    expect(one('btwNumber', 'NL')).toBeUndefined();
    expect(one('postalCode', '')).toBeUndefined();
    expect(one('phone', '')).toBeUndefined();
  });

  it("checks postcode and BTW number for the customer's country", () => {
    expect(one('postalCode', '2000', 'België')).toBeUndefined();
    expect(one('postalCode', '2000')).toBe('Ongeldige postcode');
    expect(one('btwNumber', 'BE0123456749', 'België')).toBeUndefined();
    expect(one('btwNumber', 'BE0123456748', 'België')).toBe(
      'Het controlegetal van dit BTW-nummer klopt niet. Controleer het nummer.',
    );
  });

  it('keeps quiet while the number is 3 characters or fewer (normalised)', () => {
    expect(one('phone', '0')).toBeUndefined();
    expect(one('phone', '06-123')).toBe('Voer een geldig Nederlands telefoonnummer in');
    expect(one('phone', '06-12345678')).toBeUndefined();
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
    expect(firstError(customerFormRules, valid, result.errors)).toBe('name');
    expect(errorCountBySection(result.errors)).toEqual({ general: 2, contact: 2, address: 0, business: 1 });
  });
});

describe('server details and blocking errors', () => {
  it('knows every field of the form, in screen order', () => {
    expect([...CUSTOMER_FIELDS].sort()).toEqual(Object.keys(emptyCustomerValues()).sort());
    expect(pickFieldErrors({ email: 'Bezet', _: 'x', 'items.0': 'y' }, CUSTOMER_FIELDS)).toEqual({
      email: 'Bezet',
    });
  });

  it('blocks submit only on a KVK or BTW error', () => {
    expect(hasBlockingError({ name: 'Naam is verplicht' })).toBe(false);
    expect(hasBlockingError({ kvkNumber: 'x' })).toBe(true);
    expect(hasBlockingError({ btwNumber: 'x' })).toBe(true);
    expect(firstError(customerFormRules, valid, { btwNumber: 'x', city: 'y' })).toBe('city');
  });
});

describe('when a field speaks', () => {
  const start = initialFormState<CustomerFormValues, CustomerField>(emptyCustomerValues());
  const typed = (state: typeof start, field: CustomerField, value: string) =>
    afterChange(state, customerFormRules, { ...state.values, [field]: value }, [field]);

  it('says nothing while typing or when an untouched field is left; speaks when a changed field is left', () => {
    expect(afterBlur(start, customerFormRules, 'name').errors).toEqual({});
    const wrong = typed(start, 'kvkNumber', '123');
    expect(wrong.errors).toEqual({});
    const left = afterBlur(wrong, customerFormRules, 'kvkNumber');
    expect(left.errors).toEqual({ kvkNumber: 'KVK nummer moet 8 cijfers bevatten' });
    // Once it has spoken it follows the typing, so the message goes as soon as the number is right.
    expect(typed(left, 'kvkNumber', '1234567').errors).toEqual({
      kvkNumber: 'KVK nummer moet 8 cijfers bevatten',
    });
    expect(typed(left, 'kvkNumber', '12345678').errors).toEqual({});
  });

  it('the phone speaks only when left, and its message goes on focus (spec §5)', () => {
    const left = afterBlur(typed(start, 'phone', '06-123'), customerFormRules, 'phone');
    expect(left.errors).toEqual({ phone: 'Voer een geldig Nederlands telefoonnummer in' });
    expect(typed(left, 'phone', '06-1234').errors).toEqual(left.errors);
    expect(afterFocus(left, customerFormRules, 'phone').errors).toEqual({});
  });

  it('choosing a country takes its message away', () => {
    const refused = { ...start, errors: { country: 'Onbekend land' } };
    expect(typed(refused, 'country', 'België').errors).toEqual({});
  });
});
