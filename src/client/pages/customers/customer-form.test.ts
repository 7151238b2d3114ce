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
