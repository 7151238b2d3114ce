import { DEFAULT_COUNTRY } from '../../../shared/constants';
import { fieldErrors, pickFieldErrors } from '../../../shared/field-errors';
import type { ProfileScoreField } from '../../../shared/profile-completeness';
import {
  formatIban,
  formatPhone,
  formatPostcode,
  maskBtw,
  maskKvk,
  maskPostcode,
  maskVat,
  normaliseIban,
  phoneErrorFor,
} from '../../../shared/rules';
import {
  type CompanyFinancialFormValues,
  type CompanyProfileFormValues,
  changePasswordMessages,
  companyFinancialFormSchema,
  companyMessages,
  companyProfileFormSchema,
  type Profile,
  type ProfileUpdateRequest,
  profileFormToUpdate,
} from '../../../shared/schemas/company-profile';
import type { z } from '../../../shared/zod-nl';

/** Spec §8 Company, to the letter. */
export const settingsMessages = {
  loadError: 'Er is een fout opgetreden bij het ophalen van uw gegevens.',
  profileSaved: 'Bedrijfsgegevens zijn succesvol bijgewerkt!',
  profileError: 'Er is een fout opgetreden bij het bijwerken van je profiel. Probeer het later opnieuw.',
  financialSaved: 'Financiële gegevens zijn succesvol bijgewerkt!',
  financialError:
    'Er is een fout opgetreden bij het bijwerken van je financiële gegevens. Probeer het later opnieuw.',
  formHasErrors: companyMessages.formHasErrors,
} as const;

/* ---------- The two forms' values: strings as typed ---------- */

export type ProfileFormValues = {
  name: string;
  email: string;
  company: string;
  address: string;
  postalCode: string;
  city: string;
  country: string;
  website: string;
  phoneNumber: string;
  password: string;
  confirmPassword: string;
  /** Asked for only once a new password is typed: the change needs the current one. */
  currentPassword: string;
};
export type ProfileFormField = keyof ProfileFormValues;

export type FinancialFormValues = {
  kvkNumber: string;
  btwNumber: string;
  vatNumber: string;
  bankAccount: string;
  accountName: string;
  bankName: string;
};
export type FinancialFormField = keyof FinancialFormValues;

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** In screen order: after a failed save the cursor goes to the first wrong field as the eye reads it. */
export const PROFILE_FIELDS = [
  'name',
  'email',
  'company',
  'website',
  'phoneNumber',
  'address',
  'postalCode',
  'city',
  'country',
  'password',
  'confirmPassword',
  'currentPassword',
] as const satisfies readonly ProfileFormField[];

export const FINANCIAL_FIELDS = [
  'kvkNumber',
  'btwNumber',
  'vatNumber',
  'bankAccount',
  'accountName',
  'bankName',
] as const satisfies readonly FinancialFormField[];

/** The VAT field starts with the country prefix (spec §3: vatNumber, default prefix NL). */
export const VAT_DEFAULT_PREFIX = 'NL';

export function profileValuesOf(profile: Profile): ProfileFormValues {
  return {
    name: profile.name,
    email: profile.email,
    company: profile.company,
    address: profile.address,
    postalCode: profile.postalCode ? formatPostcode(profile.postalCode) : '',
    city: profile.city,
    country: profile.country || DEFAULT_COUNTRY,
    website: profile.website,
    phoneNumber: formatPhone(profile.phoneNumber),
    password: '',
    confirmPassword: '',
    currentPassword: '',
  };
}

export function financialValuesOf(profile: Profile): FinancialFormValues {
  return {
    kvkNumber: profile.kvkNumber,
    btwNumber: profile.btwNumber,
    vatNumber: profile.vatNumber || VAT_DEFAULT_PREFIX,
    bankAccount: profile.bankAccount ? formatIban(profile.bankAccount) : '',
    accountName: profile.accountName || profile.bankAccountName,
    bankName: profile.bankName,
  };
}

/** A Dutch IBAN has 18 characters; shown in groups of four while typing. */
const IBAN_MAX = 18;
export function maskIban(raw: string): string {
  return formatIban(
    normaliseIban(raw)
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, IBAN_MAX),
  );
}

/** The spec §5 input masks, applied on every keystroke. */
export function maskProfileField(field: ProfileFormField, raw: string): string {
  return field === 'postalCode' ? maskPostcode(raw) : raw;
}

export function maskFinancialField(field: FinancialFormField, raw: string): string {
  switch (field) {
    case 'kvkNumber':
      return maskKvk(raw);
    case 'btwNumber':
      return maskBtw(raw);
    case 'vatNumber':
      return maskVat(raw);
    case 'bankAccount':
      return maskIban(raw);
    default:
      return raw;
  }
}

/* ---------- Checking, with the very schemas the server uses ---------- */

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

/**
 * One profile field's message on blur, or undefined when it is fine. The phone speaks only once more
 * than 3 characters are typed (spec §5); the e-mail is read-only and never checked here.
 */
export function checkProfileField(field: ProfileFormField, values: ProfileFormValues): string | undefined {
  switch (field) {
    case 'email':
      return undefined;
    case 'phoneNumber':
      return phoneErrorFor(values.phoneNumber) || undefined;
    case 'confirmPassword':
      return values.password !== '' && values.confirmPassword !== values.password
        ? companyMessages.passwordMismatch
        : undefined;
    case 'currentPassword':
      return values.password !== '' && values.currentPassword === ''
        ? changePasswordMessages.currentRequired
        : undefined;
    default:
      return firstMessage(companyProfileFormSchema.shape[field].safeParse(values[field]));
  }
}

export function checkFinancialField(
  field: FinancialFormField,
  values: FinancialFormValues,
): string | undefined {
  return firstMessage(companyFinancialFormSchema.shape[field].safeParse(values[field]));
}

export type Checked<F extends string, T> = { ok: true; data: T } | { ok: false; errors: FieldErrors<F> };

const errorsOf = <F extends string>(error: z.ZodError, fields: readonly F[]): FieldErrors<F> =>
  pickFieldErrors(fieldErrors(error), fields);

/** The whole Bedrijfsprofiel form; `data` is what PUT /auth/profile gets (spec §7: no email, no confirmPassword). */
export function checkProfileForm(values: ProfileFormValues): Checked<ProfileFormField, ProfileUpdateRequest> {
  const result = companyProfileFormSchema.safeParse(values);
  if (!result.success) return { ok: false, errors: errorsOf(result.error, PROFILE_FIELDS) };
  return { ok: true, data: profileFormToUpdate(result.data satisfies CompanyProfileFormValues) };
}

/** The Financiële gegevens form; `data` holds kvkNumber, btwNumber, vatNumber, bankAccount, accountName, bankName. */
export function checkFinancialForm(
  values: FinancialFormValues,
): Checked<FinancialFormField, CompanyFinancialFormValues> {
  const result = companyFinancialFormSchema.safeParse(values);
  if (!result.success) return { ok: false, errors: errorsOf(result.error, FINANCIAL_FIELDS) };
  return { ok: true, data: result.data };
}

/** A refused save's `details` ({field: message}) → the form's errors (bankAccountName shows on accountName). */
export function errorsFromDetails<F extends string>(
  details: Record<string, string>,
  fields: readonly F[],
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const [key, message] of Object.entries(details)) {
    const field = key === 'bankAccountName' ? 'accountName' : key;
    if ((fields as readonly string[]).includes(field)) errors[field as F] = message;
  }
  return errors;
}

/** The first field with an error, in form order. */
export function firstErrorField<F extends string>(
  errors: FieldErrors<F>,
  order: readonly F[],
): F | undefined {
  return order.find((f) => errors[f]);
}

/* ---------- Where each completeness field lives ---------- */

export type SettingsTabId = 'profiel' | 'financieel' | 'documenten' | 'beveiliging';

/** The tab and the input id of each field the completeness hint can point at. */
export const SCORE_FIELD_TAB: Record<ProfileScoreField, SettingsTabId> = {
  name: 'profiel',
  email: 'profiel',
  company: 'profiel',
  address: 'profiel',
  postalCode: 'profiel',
  city: 'profiel',
  kvkNumber: 'financieel',
  btwNumber: 'financieel',
  bankAccount: 'financieel',
};

/** The DOM id of a settings input. */
export const settingsFieldId = (field: string) => `settings-${field}`;
