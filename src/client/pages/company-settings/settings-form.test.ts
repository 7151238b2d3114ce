import { describe, expect, it } from 'vitest';
import { pickFieldErrors } from '../../../shared/field-errors';
import type { Profile } from '../../../shared/schemas/company-profile';
import { afterBlur, afterChange, afterFocus, initialFormState } from '../../lib/form-state';
import {
  checkFinancialField,
  checkFinancialForm,
  checkProfileField,
  checkProfileForm,
  FINANCIAL_FIELDS,
  financialValuesOf,
  maskFinancialField,
  maskIban,
  maskProfileField,
  PROFILE_FIELDS,
  type ProfileFormField,
  type ProfileFormValues,
  profileFormRules,
  profileValuesOf,
  settingsDetails,
} from './settings-form';

const profile: Profile = {
  _id: 'u1',
  name: 'Jan de Vries',
  email: 'jan@voorbeeld.nl',
  company: 'De Vries BV',
  isEmailVerified: true,
  twoFactorEnabled: false,
  twoFactorEnrolmentRequired: false,
  profileCompleted: false,
  address: 'Dorpsstraat 1',
  postalCode: '1234 AB',
  city: 'Utrecht',
  country: 'Nederland',
  website: '',
  phoneNumber: '',
  kvkNumber: '',
  btwNumber: '',
  vatNumber: '',
  bankAccount: 'NL91ABNA0417164300',
  accountName: '',
  bankAccountName: 'J. de Vries',
  bankName: '',
  createdAt: '2024-01-01T00:00:00.000Z',
};

describe('values from the profile', () => {
  it('profile tab: postcode shown as 1234 AB, passwords empty, country defaults to Nederland', () => {
    const values = profileValuesOf({ ...profile, postalCode: '1234ab', country: '' });
    expect(values).toMatchObject({
      postalCode: '1234 AB',
      country: 'Nederland',
      password: '',
      confirmPassword: '',
    });
  });
  it('financial tab: IBAN grouped, VAT starts with NL, account name from either name', () => {
    expect(financialValuesOf(profile)).toEqual({
      kvkNumber: '',
      btwNumber: '',
      vatNumber: 'NL',
      bankAccount: 'NL91 ABNA 0417 1643 00',
      accountName: 'J. de Vries',
      bankName: '',
    });
  });
});

describe('masks', () => {
  it.each([
    ['kvkNumber', '12a34-5678 9', '12345678'],
    ['btwNumber', '123456789b01', 'NL123456789B01'],
    ['vatNumber', 'be 0123', 'BE0123'],
    ['bankAccount', 'nl91abna0417164300', 'NL91 ABNA 0417 1643 00'],
    ['accountName', 'Jan', 'Jan'],
  ] as const)('%s: %j → %j', (field, raw, masked) => {
    expect(maskFinancialField(field, raw)).toBe(masked);
  });
  it('postcode: upper-cased, space after four digits', () => {
    expect(maskProfileField('postalCode', '1234ab')).toBe('1234 AB');
    expect(maskProfileField('city', 'utrecht')).toBe('utrecht');
  });
  it('IBAN: at most 18 characters, grouped', () => {
    expect(maskIban('NL91 ABNA 0417 1643 0099')).toBe('NL91 ABNA 0417 1643 00');
    expect(maskIban('nl91-ab')).toBe('NL91 AB');
  });
});

describe('field checks (spec §5 wording)', () => {
  const values = profileValuesOf(profile);
  it.each([
    ['name', '', 'Naam is verplicht'],
    ['company', ' ', 'Bedrijfsnaam is verplicht'],
    ['address', '', 'Adres is verplicht'],
    ['postalCode', '', 'Postcode is verplicht'],
    ['postalCode', '0123 AB', 'Ongeldige postcode'],
    ['city', '', 'Plaats is verplicht'],
    ['website', 'geen url', 'Ongeldige website URL'],
    ['phoneNumber', '0612', 'Voer een geldig Nederlands telefoonnummer in'],
  ] as const)('%s %j → %j', (field, value, message) => {
    expect(checkProfileField(field, { ...values, [field]: value })).toBe(message);
  });
  it('phone waits for more than 3 characters; e-mail is never checked', () => {
    expect(checkProfileField('phoneNumber', { ...values, phoneNumber: '0' })).toBeUndefined();
    expect(checkProfileField('email', { ...values, email: '' })).toBeUndefined();
  });
  it('confirmation must match a filled password', () => {
    expect(
      checkProfileField('confirmPassword', { ...values, password: 'Nieuw12345', confirmPassword: 'x' }),
    ).toBe('Wachtwoorden komen niet overeen');
    expect(
      checkProfileField('confirmPassword', { ...values, password: '', confirmPassword: '' }),
    ).toBeUndefined();
  });
  it.each([
    ['kvkNumber', '123', 'KVK nummer moet 8 cijfers bevatten'],
    ['btwNumber', 'NL12', 'BTW-nummer moet het formaat NL123456789B01 hebben'],
    ['bankAccount', 'NL91 ABNA 0417', 'IBAN moet het formaat NL91ABNA0417164300 hebben'],
    ['bankAccount', 'NL92 ABNA 0417 1643 00', 'IBAN-controlegetal klopt niet. Controleer het nummer.'],
  ] as const)('%s %j → %j', (field, value, message) => {
    expect(checkFinancialField(field, { ...financialValuesOf(profile), [field]: value })).toBe(message);
  });
  it('bare NL counts as empty for BTW and VAT', () => {
    const fin = { ...financialValuesOf(profile), btwNumber: 'NL', vatNumber: 'NL' };
    expect(checkFinancialField('btwNumber', fin)).toBeUndefined();
    expect(checkFinancialField('vatNumber', fin)).toBeUndefined();
  });
});

describe('what the forms send (spec §7)', () => {
  it('profile: without email and confirmPassword; password only when filled; normalised', () => {
    const checked = checkProfileForm({
      ...profileValuesOf(profile),
      postalCode: '1234ab',
      phoneNumber: '0612345678',
    });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.data).not.toHaveProperty('email');
    expect(checked.data).not.toHaveProperty('confirmPassword');
    expect(checked.data).not.toHaveProperty('password');
    expect(checked.data).not.toHaveProperty('currentPassword');
    expect(checked.data).toMatchObject({ postalCode: '1234 AB', phoneNumber: '+31612345678' });
    const withPassword = checkProfileForm({
      ...profileValuesOf(profile),
      password: 'Nieuw12345',
      confirmPassword: 'Nieuw12345',
      currentPassword: 'Oud12345',
    });
    expect(withPassword.ok && withPassword.data).toMatchObject({
      password: 'Nieuw12345',
      currentPassword: 'Oud12345',
    });
  });
  it('profile: a new password asks for the current one', () => {
    const values = { ...profileValuesOf(profile), password: 'Nieuw12345', confirmPassword: 'Nieuw12345' };
    expect(checkProfileField('currentPassword', values)).toBe('Huidig wachtwoord is verplicht');
    expect(checkProfileField('currentPassword', { ...values, currentPassword: 'x' })).toBeUndefined();
    expect(checkProfileField('currentPassword', profileValuesOf(profile))).toBeUndefined();
    expect(checkProfileForm(values)).toEqual({
      ok: false,
      errors: { currentPassword: 'Huidig wachtwoord is verplicht' },
    });
  });
  it('profile: every error at once, first per field', () => {
    const checked = checkProfileForm({
      ...profileValuesOf(profile),
      name: '',
      postalCode: '0123AB',
      password: 'Nieuw12345',
      confirmPassword: 'anders',
    });
    expect(checked).toEqual({
      ok: false,
      errors: {
        name: 'Naam is verplicht',
        postalCode: 'Ongeldige postcode',
        confirmPassword: 'Wachtwoorden komen niet overeen',
        currentPassword: 'Huidig wachtwoord is verplicht',
      },
    });
  });
  it('financial: the six fields, IBAN without spaces', () => {
    const checked = checkFinancialForm({ ...financialValuesOf(profile), kvkNumber: '12345678' });
    expect(checked).toEqual({
      ok: true,
      data: {
        kvkNumber: '12345678',
        btwNumber: '',
        vatNumber: '',
        bankAccount: 'NL91ABNA0417164300',
        accountName: 'J. de Vries',
        bankName: '',
      },
    });
  });
  it('server details land on the fields; bankAccountName on accountName; unknown keys dropped', () => {
    const details = settingsDetails({ kvkNumber: 'K', bankAccountName: 'A', email: 'x', _: 'y' });
    expect(pickFieldErrors(details, FINANCIAL_FIELDS)).toEqual({ kvkNumber: 'K', accountName: 'A' });
    expect(pickFieldErrors(settingsDetails({ name: 'N', kvkNumber: 'K' }), PROFILE_FIELDS)).toEqual({
      name: 'N',
    });
  });
});

describe('when a settings field speaks', () => {
  const start = initialFormState<ProfileFormValues, ProfileFormField>(profileValuesOf(profile));
  const typed = (state: typeof start, field: ProfileFormField, value: string) =>
    afterChange(state, profileFormRules, { ...state.values, [field]: value }, [field]);

  it('speaks when left, then follows the typing', () => {
    const cleared = typed(start, 'name', '');
    expect(cleared.errors).toEqual({});
    const left = afterBlur(cleared, profileFormRules, 'name');
    expect(left.errors).toEqual({ name: 'Naam is verplicht' });
    expect(typed(left, 'name', 'J').errors).toEqual({});
  });

  it('the phone only when left, and its message goes on focus', () => {
    const left = afterBlur(typed(start, 'phoneNumber', '06-123'), profileFormRules, 'phoneNumber');
    expect(left.errors.phoneNumber).toBe('Voer een geldig Nederlands telefoonnummer in');
    expect(typed(left, 'phoneNumber', '06-1234').errors).toEqual(left.errors);
    expect(afterFocus(left, profileFormRules, 'phoneNumber').errors).toEqual({});
  });

  it('a new password checks a confirmation that shows a message again', () => {
    const mismatch = {
      ...start,
      values: { ...start.values, password: 'Nieuw12345', confirmPassword: 'Nieuw1234' },
      errors: { confirmPassword: 'Wachtwoorden komen niet overeen' },
    };
    expect(typed(mismatch, 'password', 'Nieuw1234').errors).toEqual({});
  });
});

describe('PROFILE_FIELDS', () => {
  it('lists the Bedrijfsprofiel fields in screen order, so the first wrong field on screen gets the cursor', async () => {
    const { readFileSync } = await import('node:fs');
    const tab = readFileSync(new URL('./profile-tab.tsx', import.meta.url), 'utf8');
    const onScreen = [...tab.matchAll(/inputProps\('(\w+)'\)/g)].map((m) => m[1]);
    expect([...PROFILE_FIELDS]).toEqual(onScreen);
  });
});
