import { describe, expect, it } from 'vitest';
import { BTW_MESSAGE_COMPANY, VAT_MESSAGE } from '../rules/btw';
import { IBAN_CHECKSUM_MESSAGE, IBAN_MESSAGE } from '../rules/iban';
import { KVK_MESSAGE } from '../rules/kvk';
import { PHONE_MESSAGE } from '../rules/phone';
import { POSTCODE_MESSAGE } from '../rules/postcode';
import { errorsByField } from '../rules/test-support';
import { WEBSITE_MESSAGE } from '../rules/website';
import {
  type CompanyProfileFormInput,
  companyFinancialFormSchema,
  companyProfileFormSchema,
  profileFormToUpdate,
  profileUpdateFields,
} from './company-profile';
import { passwordMessages } from './password';

const validProfile: CompanyProfileFormInput = {
  name: 'Jan Jansen',
  email: 'jan@voorbeeld.nl',
  company: 'Jansen Bouw B.V.',
  address: 'Dorpsstraat 1',
  postalCode: '1234ab',
  city: 'Utrecht',
  country: 'Nederland',
  website: 'jansenbouw.nl',
  phoneNumber: '06-12345678',
  password: '',
  confirmPassword: '',
};

describe('companyProfileFormSchema', () => {
  it('accepts a filled-in profile and normalises it', () => {
    expect(companyProfileFormSchema.parse(validProfile)).toEqual({
      ...validProfile,
      postalCode: '1234 AB',
      website: 'https://jansenbouw.nl',
      phoneNumber: '+31612345678',
    });
  });

  it('defaults the country to Nederland', () => {
    const { country: _country, ...rest } = validProfile;
    expect(companyProfileFormSchema.parse(rest).country).toBe('Nederland');
  });

  it('gives every required message of spec §5 at once', () => {
    const empty = {
      ...validProfile,
      name: ' ',
      email: '',
      company: '',
      address: '',
      postalCode: '',
      city: '',
    };
    expect(errorsByField(companyProfileFormSchema, empty)).toEqual({
      name: ['Naam is verplicht'],
      email: ['Email is verplicht'],
      company: ['Bedrijfsnaam is verplicht'],
      address: ['Adres is verplicht'],
      postalCode: ['Postcode is verplicht'],
      city: ['Plaats is verplicht'],
    });
  });

  it('checks the postcode, website, phone and country by their rules', () => {
    const errors = errorsByField(companyProfileFormSchema, {
      ...validProfile,
      postalCode: '0123 AB',
      website: 'jansen',
      phoneNumber: '0612',
      country: 'Belgie',
    });
    expect(errors).toEqual({
      postalCode: [POSTCODE_MESSAGE],
      website: [WEBSITE_MESSAGE],
      phoneNumber: [PHONE_MESSAGE],
      country: ['Kies een land uit de lijst'],
    });
  });

  it('accepts every country of the spec', () => {
    for (const country of [
      'Nederland',
      'België',
      'Duitsland',
      'Frankrijk',
      'Verenigd Koninkrijk',
      'Spanje',
      'Italië',
      'Andere',
    ]) {
      expect(companyProfileFormSchema.safeParse({ ...validProfile, country }).success).toBe(true);
    }
  });

  it('empty password and confirmation: not changing, valid', () => {
    expect(companyProfileFormSchema.safeParse(validProfile).success).toBe(true);
  });

  it('password and confirmation must match', () => {
    const errors = errorsByField(companyProfileFormSchema, {
      ...validProfile,
      password: 'Nieuw-Wachtwoord1',
      confirmPassword: 'Nieuw-Wachtwoord2',
      currentPassword: 'Oud-Wachtwoord1',
    });
    expect(errors).toEqual({ confirmPassword: ['Wachtwoorden komen niet overeen'] });
  });

  it('a new password needs the current one; none needs none', () => {
    const withoutCurrent = { ...validProfile, password: 'Geheim123', confirmPassword: 'Geheim123' };
    expect(errorsByField(companyProfileFormSchema, withoutCurrent)).toEqual({
      currentPassword: ['Huidig wachtwoord is verplicht'],
    });
    expect(errorsByField(companyProfileFormSchema, { ...withoutCurrent, currentPassword: '' })).toEqual({
      currentPassword: ['Huidig wachtwoord is verplicht'],
    });
    expect(companyProfileFormSchema.safeParse({ ...withoutCurrent, currentPassword: 'Oud1' }).success).toBe(
      true,
    );
    expect(companyProfileFormSchema.safeParse({ ...validProfile, currentPassword: '' }).success).toBe(true);
  });

  it('a confirmation without a password does not match either', () => {
    expect(errorsByField(companyProfileFormSchema, { ...validProfile, confirmPassword: 'x' })).toEqual({
      confirmPassword: ['Wachtwoorden komen niet overeen'],
    });
  });

  it('the mismatch shows even when other fields are wrong', () => {
    const errors = errorsByField(companyProfileFormSchema, {
      ...validProfile,
      name: '',
      password: 'a',
      confirmPassword: 'b',
    });
    expect(errors.name).toEqual(['Naam is verplicht']);
    expect(errors.confirmPassword).toEqual(['Wachtwoorden komen niet overeen']);
  });

  it('a new password must satisfy the registration rules', () => {
    const errors = errorsByField(companyProfileFormSchema, {
      ...validProfile,
      password: 'kort',
      confirmPassword: 'kort',
      currentPassword: 'Oud-Wachtwoord1',
    });
    expect(errors).toEqual({
      password: [passwordMessages.min, passwordMessages.uppercase, passwordMessages.digit],
    });
    expect(
      companyProfileFormSchema.safeParse({
        ...validProfile,
        password: 'Geheim123',
        confirmPassword: 'Geheim123',
        currentPassword: 'Oud-Wachtwoord1',
      }).success,
    ).toBe(true);
  });
});

describe('companyFinancialFormSchema', () => {
  it('accepts empty fields and bare NL', () => {
    expect(
      companyFinancialFormSchema.parse({
        kvkNumber: '',
        btwNumber: 'NL',
        vatNumber: 'NL',
        bankAccount: '',
        accountName: '',
        bankName: '',
      }),
    ).toEqual({
      kvkNumber: '',
      btwNumber: '',
      vatNumber: '',
      bankAccount: '',
      accountName: '',
      bankName: '',
    });
  });

  it('normalises what it stores', () => {
    expect(
      companyFinancialFormSchema.parse({
        kvkNumber: '1234 5678',
        btwNumber: 'nl123456789b01',
        vatNumber: '123456789B01',
        bankAccount: 'nl91 abna 0417 1643 00',
        accountName: ' Jansen Bouw B.V. ',
        bankName: ' ABN AMRO ',
      }),
    ).toEqual({
      kvkNumber: '12345678',
      btwNumber: 'NL123456789B01',
      vatNumber: 'NL123456789B01',
      bankAccount: 'NL91ABNA0417164300',
      accountName: 'Jansen Bouw B.V.',
      bankName: 'ABN AMRO',
    });
  });

  it('gives each rule’s message, BTW in the company wording', () => {
    const errors = errorsByField(companyFinancialFormSchema, {
      kvkNumber: '1234',
      btwNumber: 'NL1234',
      vatNumber: '1',
      bankAccount: 'NL91ABNA',
      accountName: 'x'.repeat(201),
      bankName: 'x'.repeat(101),
    });
    expect(errors).toEqual({
      kvkNumber: [KVK_MESSAGE],
      btwNumber: [BTW_MESSAGE_COMPANY],
      vatNumber: [VAT_MESSAGE],
      bankAccount: [IBAN_MESSAGE],
      accountName: ['Maximaal 200 tekens'],
      bankName: ['Maximaal 100 tekens'],
    });
    expect(
      errorsByField(companyFinancialFormSchema, { bankAccount: 'NL92ABNA0417164300' }).bankAccount,
    ).toEqual([IBAN_CHECKSUM_MESSAGE]);
  });
});

describe('profileUpdateFields (PUT /api/auth/profile)', () => {
  it('an empty body changes nothing', () => {
    expect(profileUpdateFields.parse({})).toEqual({});
  });

  it('a partial body keeps only what was sent (no defaults sneak in)', () => {
    expect(profileUpdateFields.parse({ bankAccount: 'NL91 ABNA 0417 1643 00' })).toEqual({
      bankAccount: 'NL91ABNA0417164300',
    });
  });

  it('strips email and unknown keys', () => {
    expect(
      profileUpdateFields.parse({
        email: 'ander@voorbeeld.nl',
        confirmPassword: 'x',
        passwordHash: 'x',
        isEmailVerified: true,
        city: 'Utrecht',
      }),
    ).toEqual({ city: 'Utrecht' });
  });

  it('refuses a sent required field that is empty, and every invalid field', () => {
    const errors = errorsByField(profileUpdateFields, {
      name: '',
      postalCode: '',
      kvkNumber: '12',
      btwNumber: 'NL12',
      bankAccount: 'NL92ABNA0417164300',
      website: 'x',
      phoneNumber: '12',
      country: 'Atlantis',
    });
    expect(errors).toEqual({
      name: ['Naam is verplicht'],
      postalCode: ['Postcode is verplicht'],
      kvkNumber: [KVK_MESSAGE],
      btwNumber: [BTW_MESSAGE_COMPANY],
      bankAccount: [IBAN_CHECKSUM_MESSAGE],
      website: [WEBSITE_MESSAGE],
      phoneNumber: [PHONE_MESSAGE],
      country: ['Kies een land uit de lijst'],
    });
  });

  it('an empty password means not changing; a weak one is refused', () => {
    expect(profileUpdateFields.parse({ password: '' })).toEqual({ password: undefined });
    expect(profileUpdateFields.parse({ password: 'Geheim123' })).toEqual({ password: 'Geheim123' });
    expect(errorsByField(profileUpdateFields, { password: 'geheim123' })).toEqual({
      password: [passwordMessages.uppercase],
    });
  });
});

describe('profileFormToUpdate', () => {
  it('drops email and confirmPassword, and the password when empty', () => {
    const values = companyProfileFormSchema.parse(validProfile);
    const update = profileFormToUpdate(values);
    expect(update).not.toHaveProperty('email');
    expect(update).not.toHaveProperty('confirmPassword');
    expect(update).not.toHaveProperty('password');
    expect(profileUpdateFields.parse(update)).toEqual(update);
  });

  it('sends a filled password with the current one', () => {
    const values = companyProfileFormSchema.parse({
      ...validProfile,
      password: 'Geheim123',
      confirmPassword: 'Geheim123',
      currentPassword: 'Oud-Wachtwoord1',
    });
    expect(profileFormToUpdate(values)).toMatchObject({
      password: 'Geheim123',
      currentPassword: 'Oud-Wachtwoord1',
    });
  });
});
