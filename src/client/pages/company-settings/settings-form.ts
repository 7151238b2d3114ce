import { DEFAULT_COUNTRY } from '../../../shared/constants';
import type { FieldErrors } from '../../../shared/field-errors';
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
  type ChangePasswordInput,
  type CompanyFinancialFormValues,
  type CompanyProfileFormValues,
  changePasswordInput,
  changePasswordMessages,
  companyFinancialFormSchema,
  companyMessages,
  companyProfileFormSchema,
  type Profile,
  type ProfileUpdateRequest,
  profileFormToUpdate,
} from '../../../shared/schemas/company-profile';
import { type FormCheck, type FormRules, schemaCheck } from '../../lib/form-state';

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

const profileSchemaCheck = schemaCheck<typeof companyProfileFormSchema, ProfileFormValues, ProfileFormField>(
  companyProfileFormSchema,
  { fields: PROFILE_FIELDS },
);

/** The whole Bedrijfsprofiel form; `data` is what PUT /auth/profile gets (spec §7: no email, no confirmPassword). */
export function checkProfileForm(
  values: ProfileFormValues,
): FormCheck<ProfileFormField, ProfileUpdateRequest> {
  const result = profileSchemaCheck(values);
  if (!result.ok) return result;
  return { ok: true, data: profileFormToUpdate(result.data satisfies CompanyProfileFormValues) };
}

/** The Financiële gegevens form; `data` holds kvkNumber, btwNumber, vatNumber, bankAccount, accountName, bankName. */
export const checkFinancialForm: (
  values: FinancialFormValues,
) => FormCheck<FinancialFormField, CompanyFinancialFormValues> = schemaCheck(companyFinancialFormSchema, {
  fields: FINANCIAL_FIELDS,
});

/**
 * When a settings field speaks: when it is left, and once it has spoken again while typing, so its
 * message goes as soon as it is right. The phone speaks only when left and loses its message on
 * focus (spec §5); a new password checks the confirmation again.
 */
export const profileFormRules: FormRules<ProfileFormValues, ProfileFormField, ProfileUpdateRequest> = {
  fields: PROFILE_FIELDS,
  check: checkProfileForm,
  checkField: checkProfileField,
  rule: { change: 'recheck', blur: 'check' },
  rules: {
    phoneNumber: { change: 'keep', blur: 'check', focus: 'clear' },
    password: { change: 'recheck', blur: 'check', also: ['confirmPassword'] },
  },
};

export const financialFormRules: FormRules<
  FinancialFormValues,
  FinancialFormField,
  CompanyFinancialFormValues
> = {
  fields: FINANCIAL_FIELDS,
  check: checkFinancialForm,
  checkField: checkFinancialField,
  rule: { change: 'recheck', blur: 'check' },
};

/* ---------- Beveiliging › Wachtwoord wijzigen ---------- */

export type PasswordFormValues = { currentPassword: string; newPassword: string; confirmPassword: string };
export type PasswordFormField = keyof PasswordFormValues;
export const PASSWORD_FIELDS = [
  'currentPassword',
  'newPassword',
  'confirmPassword',
] as const satisfies readonly PasswordFormField[];
export const EMPTY_PASSWORDS: PasswordFormValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

const checkPasswordForm = schemaCheck(changePasswordInput, { fields: PASSWORD_FIELDS });

/**
 * A field speaks when it is left (the current password once something is typed in it), then follows
 * the typing; the confirmation only once something is typed in it, or on submit.
 */
export const passwordFormRules: FormRules<PasswordFormValues, PasswordFormField, ChangePasswordInput> = {
  fields: PASSWORD_FIELDS,
  check: checkPasswordForm,
  checkField: (field, values) => {
    if (field === 'confirmPassword' && values.confirmPassword === '') return undefined;
    const result = checkPasswordForm(values);
    return result.ok ? undefined : result.errors[field];
  },
  rule: { change: 'recheck', blur: 'check' },
  rules: {
    currentPassword: { change: 'recheck', blur: 'filled' },
    newPassword: { change: 'recheck', blur: 'check', also: ['confirmPassword'] },
  },
};

/** A refused save's `details` as the forms name their fields: bankAccountName shows on accountName. */
export function settingsDetails(details: FieldErrors): FieldErrors {
  const { bankAccountName, ...rest } = details;
  return bankAccountName && !rest.accountName ? { ...rest, accountName: bankAccountName } : rest;
}

/* ---------- Where each completeness field lives ---------- */

export type SettingsTabId = 'profiel' | 'financieel' | 'documenten' | 'beveiliging' | 'team';

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
