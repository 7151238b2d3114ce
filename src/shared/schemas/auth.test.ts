import { describe, expect, it } from 'vitest';
import type { z } from '../zod-nl';
import {
  forgotPasswordInput,
  loginInput,
  registerInput,
  resendVerificationPublicInput,
  resetPasswordFields,
} from './auth';
import { passwordMessages } from './password';

/** The first message per field — what a form shows under each field. */
function fieldErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

const GOOD_PASSWORD = 'Geheim123';

describe('login form (spec §5 Login)', () => {
  const valid = { email: 'jan@voorbeeld.nl', password: 'x', rememberMe: false };

  it('accepts a filled form and lower-cases the address', () => {
    const parsed = loginInput.parse({ ...valid, email: ' Jan@Voorbeeld.NL ' });
    expect(parsed.email).toBe('jan@voorbeeld.nl');
    expect(loginInput.parse({ email: 'a@b.nl', password: 'x' }).rememberMe).toBe(false);
  });

  it.each([
    ['', 'E-mailadres is verplicht'],
    ['   ', 'E-mailadres is verplicht'],
    ['jan', 'Voer een geldig e-mailadres in'],
    ['jan@voorbeeld', 'Voer een geldig e-mailadres in'],
    ['jan @voorbeeld.nl', 'Voer een geldig e-mailadres in'],
    ['@voorbeeld.nl', 'Voer een geldig e-mailadres in'],
  ])('e-mail %j → %s', (email, message) => {
    expect(fieldErrors(loginInput, { ...valid, email })).toEqual({ email: message });
  });

  it('password is required (any non-empty password may be tried)', () => {
    expect(fieldErrors(loginInput, { ...valid, password: '' })).toEqual({
      password: 'Wachtwoord is verplicht',
    });
    expect(fieldErrors(loginInput, { ...valid, password: 'kort' })).toEqual({});
  });

  it('missing fields carry the same messages', () => {
    expect(fieldErrors(loginInput, {})).toEqual({
      email: 'E-mailadres is verplicht',
      password: 'Wachtwoord is verplicht',
    });
  });
});

describe('register form (spec §5 Register)', () => {
  const valid = {
    name: 'Jan de Vries',
    email: 'jan@voorbeeld.nl',
    password: GOOD_PASSWORD,
    company: 'De Vries BV',
    profileCompleted: false,
  };

  it('accepts a filled form', () => {
    expect(fieldErrors(registerInput, valid)).toEqual({});
  });

  it.each([
    ['name', '', 'Naam is verplicht'],
    ['name', '   ', 'Naam is verplicht'],
    ['email', '', 'Email is verplicht'],
    ['email', 'jan@', 'Voer een geldig email adres in'],
    ['email', 'jan.voorbeeld.nl', 'Voer een geldig email adres in'],
    ['password', '', 'Wachtwoord is verplicht'],
    ['password', 'Ab1', 'Wachtwoord moet minimaal 8 karakters bevatten'],
    ['password', 'geheim123', 'Wachtwoord moet minimaal één hoofdletter bevatten'],
    ['password', 'GEHEIM123', 'Wachtwoord moet minimaal één kleine letter bevatten'],
    ['password', 'Geheimpje', 'Wachtwoord moet minimaal één cijfer bevatten'],
    ['company', '', 'Bedrijfsnaam is verplicht'],
    ['company', '  ', 'Bedrijfsnaam is verplicht'],
  ])('%s %j → %s', (field, value, message) => {
    expect(fieldErrors(registerInput, { ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it('reports every missing class of a weak password, each with its own message', () => {
    const issues = registerInput.safeParse({ ...valid, password: 'abc' }).error?.issues.map((i) => i.message);
    expect(issues).toEqual([
      'Wachtwoord moet minimaal 8 karakters bevatten',
      'Wachtwoord moet minimaal één hoofdletter bevatten',
      'Wachtwoord moet minimaal één cijfer bevatten',
    ]);
  });

  it('an empty form shows one message per field', () => {
    expect(fieldErrors(registerInput, { name: '', email: '', password: '', company: '' })).toEqual({
      name: 'Naam is verplicht',
      email: 'Email is verplicht',
      password: 'Wachtwoord is verplicht',
      company: 'Bedrijfsnaam is verplicht',
    });
  });

  it('sends profileCompleted false by default', () => {
    const { profileCompleted: _, ...rest } = valid;
    expect(registerInput.parse(rest).profileCompleted).toBe(false);
  });
});

describe('forgot-password form (spec §5 Forgot password)', () => {
  it.each([
    ['', 'Email is verplicht'],
    ['jan', 'Voer een geldig email adres in'],
  ])('e-mail %j → %s', (email, message) => {
    expect(fieldErrors(forgotPasswordInput, { email })).toEqual({ email: message });
  });

  it('accepts an address', () => {
    expect(forgotPasswordInput.parse({ email: 'Jan@Voorbeeld.nl' })).toEqual({ email: 'jan@voorbeeld.nl' });
  });
});

describe('resend-verification form', () => {
  it.each([
    ['', 'E-mailadres is verplicht'],
    ['jan@', 'Voer een geldig e-mailadres in'],
  ])('e-mail %j → %s', (email, message) => {
    expect(fieldErrors(resendVerificationPublicInput, { email })).toEqual({ email: message });
  });
});

describe('reset-password form (spec §5 Reset password)', () => {
  const valid = { password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD };

  it('accepts matching strong passwords', () => {
    expect(fieldErrors(resetPasswordFields, valid)).toEqual({});
  });

  it('an empty form shows both required messages', () => {
    expect(fieldErrors(resetPasswordFields, { password: '', confirmPassword: '' })).toEqual({
      password: 'Wachtwoord is verplicht',
      confirmPassword: 'Bevestig wachtwoord is verplicht',
    });
  });

  it.each([
    ['Ab1', 'Wachtwoord moet minimaal 8 karakters bevatten'],
    ['geheim123', 'Wachtwoord moet minimaal één hoofdletter, één kleine letter en één cijfer bevatten'],
    ['GEHEIM123', 'Wachtwoord moet minimaal één hoofdletter, één kleine letter en één cijfer bevatten'],
    ['Geheimpje', 'Wachtwoord moet minimaal één hoofdletter, één kleine letter en één cijfer bevatten'],
  ])('password %j → %s', (password, message) => {
    expect(fieldErrors(resetPasswordFields, { password, confirmPassword: password })).toEqual({
      password: message,
    });
  });

  it('confirmation is required', () => {
    expect(fieldErrors(resetPasswordFields, { ...valid, confirmPassword: '' })).toEqual({
      confirmPassword: 'Bevestig wachtwoord is verplicht',
    });
  });

  it('confirmation must match', () => {
    expect(fieldErrors(resetPasswordFields, { ...valid, confirmPassword: 'Geheim124' })).toEqual({
      confirmPassword: 'Wachtwoorden komen niet overeen',
    });
  });

  it('the exported messages are the spec wording', () => {
    expect(passwordMessages).toMatchObject({
      required: 'Wachtwoord is verplicht',
      min: 'Wachtwoord moet minimaal 8 karakters bevatten',
      mixed: 'Wachtwoord moet minimaal één hoofdletter, één kleine letter en één cijfer bevatten',
      confirmRequired: 'Bevestig wachtwoord is verplicht',
      mismatch: 'Wachtwoorden komen niet overeen',
    });
  });
});
