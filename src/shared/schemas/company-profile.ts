import { COUNTRIES, DEFAULT_COUNTRY } from '../constants';
import { btwSchemaCompany, normaliseBtw, vatSchema } from '../rules/btw';
import { emailSchema } from '../rules/email';
import { ibanSchema } from '../rules/iban';
import { kvkSchema } from '../rules/kvk';
import { phoneSchema } from '../rules/phone';
import { requiredPostcodeSchema } from '../rules/postcode';
import { optionalText, requiredText } from '../rules/text';
import { websiteSchema } from '../rules/website';
import { z } from '../zod-nl';
import { newPasswordSchema, passwordMessages } from './auth';

/** Spec §5 Company form (the country message is ours: the spec's select cannot produce it). */
export const companyMessages = {
  nameRequired: 'Naam is verplicht',
  emailRequired: 'Email is verplicht',
  emailInvalid: 'Voer een geldig email adres in',
  companyRequired: 'Bedrijfsnaam is verplicht',
  addressRequired: 'Adres is verplicht',
  cityRequired: 'Plaats is verplicht',
  postalCodeRequired: 'Postcode is verplicht',
  countryInvalid: 'Kies een land uit de lijst',
  passwordMismatch: passwordMessages.mismatch,
  formHasErrors: 'Er zijn fouten in het formulier. Controleer de gemarkeerde velden.',
} as const;

/** '' means "not changing the password"; anything else must be a new password as at registration. */
const passwordChange = z.string({ error: passwordMessages.required }).superRefine((value, ctx) => {
  if (value === '') return;
  const result = newPasswordSchema.safeParse(value);
  if (result.success) return;
  for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
});

/** Tab Bedrijfsprofiel, without e-mail and password (no defaults, so `.partial()` is a safe patch). */
export const companyProfileShape = {
  name: requiredText(companyMessages.nameRequired),
  company: requiredText(companyMessages.companyRequired),
  address: requiredText(companyMessages.addressRequired),
  postalCode: requiredPostcodeSchema(companyMessages.postalCodeRequired),
  city: requiredText(companyMessages.cityRequired, 100),
  country: z.enum(COUNTRIES, { error: companyMessages.countryInvalid }),
  website: websiteSchema,
  phoneNumber: phoneSchema,
};

/** Tab Financiële gegevens. All optional; BTW in the company wording; VAT as any EU VAT number. */
export const companyFinancialShape = {
  kvkNumber: kvkSchema,
  btwNumber: btwSchemaCompany,
  vatNumber: vatSchema,
  bankAccount: ibanSchema,
  accountName: optionalText(200),
  bankName: optionalText(100),
};

/**
 * The Bedrijfsprofiel form as the client validates it: the read-only e-mail is shown and checked but
 * never sent; password and confirmation must match ('' and '' = not changing).
 */
export const companyProfileFormSchema = z
  .object({
    ...companyProfileShape,
    email: emailSchema({ required: companyMessages.emailRequired, invalid: companyMessages.emailInvalid }),
    country: companyProfileShape.country.default(DEFAULT_COUNTRY),
    password: passwordChange,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: companyMessages.passwordMismatch,
    path: ['confirmPassword'],
    // Also when other fields are wrong, so all messages show at once.
    when: (payload) => {
      const v = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
      return typeof v?.password === 'string' && typeof v.confirmPassword === 'string';
    },
  });
export type CompanyProfileFormInput = z.input<typeof companyProfileFormSchema>;
export type CompanyProfileFormValues = z.output<typeof companyProfileFormSchema>;

export const companyFinancialFormSchema = z.object(companyFinancialShape);
export type CompanyFinancialFormInput = z.input<typeof companyFinancialFormSchema>;
export type CompanyFinancialFormValues = z.output<typeof companyFinancialFormSchema>;

/**
 * PUT /api/auth/profile: every updatable field, each optional (a partial update changes only what is
 * sent). `email` is not among them and, like any unknown key, is stripped. A password '' comes out as
 * undefined (not changing); a non-empty one must satisfy the new-password rules.
 */
export const profileUpdateFields = z
  .object({ ...companyProfileShape, ...companyFinancialShape })
  .partial()
  .extend({ password: passwordChange.transform((v) => (v === '' ? undefined : v)).optional() });
export type ProfileUpdateInput = z.input<typeof profileUpdateFields>;
export type ProfileUpdateData = z.output<typeof profileUpdateFields>;

/** Spec §7: the profile form's values as sent — without email and confirmPassword, password only when filled. */
export function profileFormToUpdate(values: CompanyProfileFormValues): ProfileUpdateInput {
  const { email: _email, confirmPassword: _confirm, password, ...fields } = values;
  return password === '' ? fields : { ...fields, password };
}

/* ---------- Completeness (spec §9) ---------- */

export const PROFILE_FIELD_LABELS = {
  name: 'Naam',
  email: 'E-mail',
  company: 'Bedrijfsnaam',
  address: 'Adres',
  postalCode: 'Postcode',
  city: 'Plaats',
  kvkNumber: 'KVK-nummer',
  btwNumber: 'BTW-nummer',
  bankAccount: 'IBAN (bankrekening)',
} as const;
export type ProfileScoreField = keyof typeof PROFILE_FIELD_LABELS;

/** Company settings bar: 8 fields. */
export const COMPLETENESS_FIELDS = [
  'name',
  'email',
  'company',
  'address',
  'postalCode',
  'city',
  'kvkNumber',
  'btwNumber',
] as const satisfies readonly ProfileScoreField[];

/** Dashboard banner: 4 base points + 1 per filled field of these 6, out of 10. */
export const DASHBOARD_SCORE_FIELDS = [
  'address',
  'postalCode',
  'city',
  'kvkNumber',
  'btwNumber',
  'bankAccount',
] as const satisfies readonly ProfileScoreField[];
export const DASHBOARD_BASE_POINTS = 4;
export const DASHBOARD_SCORE_TOTAL = 10;
/** The banner shows a warning colour below this percentage… */
export const DASHBOARD_WARNING_BELOW_PERCENT = 70;
/** …and lists at most this many missing fields. */
export const DASHBOARD_MISSING_SHOWN = 3;

/** Any object with (some of) the profile's fields, e.g. the stored user in the browser. */
export type ProfileLike = Partial<Record<ProfileScoreField, string | null | undefined>>;

/** Non-blank; a bare 'NL' BTW number counts as empty (spec §5). */
export function isProfileFieldFilled(profile: ProfileLike, field: ProfileScoreField): boolean {
  const value = profile[field];
  if (typeof value !== 'string') return false;
  return (field === 'btwNumber' ? normaliseBtw(value) : value.trim()) !== '';
}

function missingOf(profile: ProfileLike, fields: readonly ProfileScoreField[]) {
  const missingFields = fields.filter((f) => !isProfileFieldFilled(profile, f));
  return { missingFields, missing: missingFields.map((f) => PROFILE_FIELD_LABELS[f]) };
}

export interface ProfileCompleteness {
  filled: number;
  total: 8;
  /** Rounded to a whole number. */
  percent: number;
  /** Dutch labels, in form order. */
  missing: string[];
  missingFields: ProfileScoreField[];
}

/** Company settings completeness: filled fields out of 8. */
export function profileCompleteness(profile: ProfileLike): ProfileCompleteness {
  const { missing, missingFields } = missingOf(profile, COMPLETENESS_FIELDS);
  const total = COMPLETENESS_FIELDS.length as 8;
  const filled = total - missingFields.length;
  return { filled, total, percent: Math.round((filled / total) * 100), missing, missingFields };
}

export interface DashboardProfileScore {
  /** 4 to 10. */
  score: number;
  total: 10;
  percent: number;
  /** All missing fields' Dutch labels; the banner shows the first DASHBOARD_MISSING_SHOWN. */
  missing: string[];
  missingFields: ProfileScoreField[];
  /** Warning colour: percent below 70. */
  warning: boolean;
}

/** Dashboard banner score: 4 base points + 1 per filled field among the 6, out of 10. */
export function dashboardProfileScore(profile: ProfileLike): DashboardProfileScore {
  const { missing, missingFields } = missingOf(profile, DASHBOARD_SCORE_FIELDS);
  const score = DASHBOARD_BASE_POINTS + DASHBOARD_SCORE_FIELDS.length - missingFields.length;
  const percent = Math.round((score / DASHBOARD_SCORE_TOTAL) * 100);
  return {
    score,
    total: DASHBOARD_SCORE_TOTAL,
    percent,
    missing,
    missingFields,
    warning: percent < DASHBOARD_WARNING_BELOW_PERCENT,
  };
}
