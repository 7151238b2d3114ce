import { COUNTRIES, DEFAULT_COUNTRY } from '../constants';
import { btwSchemaCompany, vatSchema } from '../rules/btw';
import { emailSchema } from '../rules/email';
import { ibanSchema } from '../rules/iban';
import { kvkSchema } from '../rules/kvk';
import { phoneSchema } from '../rules/phone';
import { requiredPostcodeSchema } from '../rules/postcode';
import { optionalText, requiredText } from '../rules/text';
import { websiteSchema } from '../rules/website';
import { z } from '../zod-nl';
import { idOutput, instantOutput, successOutput } from './common';
import { newPasswordSchema, optionalNewPassword, PASSWORD_MAX, passwordMessages } from './password';

/**
 * The account: the user and their company (spec §3 User/profile, §5 Company settings). The profile as
 * every call returns it, the two tabs' forms, PUT /auth/profile, and the security tab's calls
 * (POST /auth/change-password, POST /auth/sessions/sign-out-others).
 */

/** The user/profile as every call returns it (spec §3). Never a hash, never a token hash. */
export const profileOutput = z.object({
  _id: idOutput(),
  name: z.string().describe('Naam van de gebruiker'),
  email: z.string().describe('E-mailadres waarmee de gebruiker inlogt (niet te wijzigen)'),
  company: z.string().describe('Bedrijfsnaam'),
  isEmailVerified: z
    .boolean()
    .describe('Of het e-mailadres is geverifieerd; pas dan kan de gebruiker inloggen'),
  twoFactorEnabled: z
    .boolean()
    .describe(
      'Of de gebruiker tweestapsverificatie heeft ingeschakeld (een code uit een authenticator-app bij het inloggen)',
    ),
  twoFactorEnrolmentRequired: z
    .boolean()
    .describe(
      'Of de gebruiker eerst tweestapsverificatie moet instellen: de actieve organisatie stelt het verplicht en de gebruiker heeft het niet aan. Zolang dit `true` is, weigert elke aanroep met een sessie behalve dit profiel, het instellen (POST /auth/two-factor/setup en /auth/two-factor/enable), uitloggen en het kiezen van een andere organisatie (GET /auth/organizations, POST /auth/organizations/{id}/activate) met 403 en code `TWO_FACTOR_ENROLMENT_REQUIRED`. API-sleutels werken gewoon.',
    ),
  profileCompleted: z
    .boolean()
    .describe('Of de 8 velden van de volledigheidsbalk zijn ingevuld; bijgewerkt bij elke profielwijziging'),
  address: z.string().describe('Straat en huisnummer'),
  postalCode: z.string().describe("Postcode, als '1234 AB'"),
  city: z.string().describe('Plaats'),
  country: z.string().describe('Land'),
  website: z.string().describe("Website, met https:// ervoor; '' als niet ingevuld"),
  phoneNumber: z.string().describe("Telefoonnummer, als +31…; '' als niet ingevuld"),
  kvkNumber: z.string().describe("KVK-nummer (8 cijfers); '' als niet ingevuld"),
  btwNumber: z.string().describe("BTW-nummer, als NL123456789B01; '' als niet ingevuld"),
  vatNumber: z.string().describe("BTW-nummer voor handel binnen de EU, met landcode; '' als niet ingevuld"),
  bankAccount: z.string().describe("IBAN zonder spaties; '' als niet ingevuld"),
  /** The spec names both; they always hold the same value. */
  accountName: z.string().describe('Naam van de rekeninghouder'),
  bankAccountName: z.string().describe('Zelfde waarde als `accountName` (de specificatie noemt beide)'),
  bankName: z.string().describe('Naam van de bank'),
  createdAt: instantOutput('Account aangemaakt op'),
});
export type Profile = z.infer<typeof profileOutput>;

/**
 * Present (`true`) only for a person who belongs to no organisation any more (they left, or were
 * removed from their last one): they may sign in, the company fields are then empty, and every
 * call about business data answers 403 until an invitation makes them a member again.
 */
export const noOrganizationFlag = z
  .literal(true)
  .optional()
  .describe(
    'Alleen aanwezig (`true`) als de gebruiker bij geen enkele organisatie hoort; de bedrijfsvelden zijn dan leeg. Een nieuwe uitnodiging maakt de gebruiker weer lid.',
  );

/** What the browser's start-up question (auth.session) answers: the profile, and whether they have no organisation. */
export const sessionProfileOutput = profileOutput.extend({ noOrganization: noOrganizationFlag });
export type SessionProfile = z.infer<typeof sessionProfileOutput>;

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

/** Tab Bedrijfsprofiel, without e-mail and password (no defaults, so `.partial()` is a safe patch). */
export const companyProfileShape = {
  name: requiredText(companyMessages.nameRequired).describe('Naam van de gebruiker'),
  company: requiredText(companyMessages.companyRequired).describe('Bedrijfsnaam'),
  address: requiredText(companyMessages.addressRequired).describe('Straat en huisnummer'),
  postalCode: requiredPostcodeSchema(companyMessages.postalCodeRequired),
  city: requiredText(companyMessages.cityRequired, 100).describe('Plaats'),
  country: z
    .enum(COUNTRIES, { error: companyMessages.countryInvalid })
    .describe(`Land, een van: ${COUNTRIES.join(', ')}`),
  website: websiteSchema,
  phoneNumber: phoneSchema,
};

/** Tab Financiële gegevens. All optional; BTW in the company wording; VAT as any EU VAT number. */
export const companyFinancialShape = {
  kvkNumber: kvkSchema,
  btwNumber: btwSchemaCompany,
  vatNumber: vatSchema,
  bankAccount: ibanSchema,
  accountName: optionalText(200).describe('Naam van de rekeninghouder (optioneel)'),
  bankName: optionalText(100).describe('Naam van de bank (optioneel)'),
};

export const changePasswordMessages = {
  currentRequired: 'Huidig wachtwoord is verplicht',
  currentWrong: 'Huidig wachtwoord is onjuist',
} as const;

/** A new password through the profile needs the current one, as on the Beveiliging tab. */
const needsCurrentPassword = (v: { password?: unknown; currentPassword?: unknown }) =>
  typeof v.password !== 'string' ||
  v.password === '' ||
  (typeof v.currentPassword === 'string' && v.currentPassword !== '');

/**
 * The Bedrijfsprofiel form as the client validates it: the read-only e-mail is shown and checked but
 * never sent; password and confirmation must match ('' and '' = not changing).
 */
export const companyProfileFormSchema = z
  .object({
    ...companyProfileShape,
    email: emailSchema({ required: companyMessages.emailRequired, invalid: companyMessages.emailInvalid }),
    country: companyProfileShape.country.default(DEFAULT_COUNTRY),
    password: optionalNewPassword,
    confirmPassword: z.string(),
    currentPassword: z.string().max(PASSWORD_MAX).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: companyMessages.passwordMismatch,
    path: ['confirmPassword'],
    // Also when other fields are wrong, so all messages show at once.
    when: (payload) => {
      const v = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
      return typeof v?.password === 'string' && typeof v.confirmPassword === 'string';
    },
  })
  .refine(needsCurrentPassword, {
    error: changePasswordMessages.currentRequired,
    path: ['currentPassword'],
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type CompanyProfileFormInput = z.input<typeof companyProfileFormSchema>;
export type CompanyProfileFormValues = z.output<typeof companyProfileFormSchema>;

export const companyFinancialFormSchema = z.object(companyFinancialShape);
export type CompanyFinancialFormInput = z.input<typeof companyFinancialFormSchema>;
export type CompanyFinancialFormValues = z.output<typeof companyFinancialFormSchema>;

/**
 * The updatable fields of PUT /api/auth/profile, each optional (a partial update changes only what is
 * sent). `email` is not among them and, like any unknown key, is stripped. A password '' comes out as
 * undefined (not changing); a non-empty one must satisfy the new-password rules.
 */
export const profileUpdateFields = z
  .object({ ...companyProfileShape, ...companyFinancialShape })
  .partial()
  .extend({ password: optionalNewPassword.transform((v) => (v === '' ? undefined : v)).optional() });
export type ProfileUpdateInput = z.input<typeof profileUpdateFields>;
export type ProfileUpdateData = z.output<typeof profileUpdateFields>;

/** Spec §7: the profile form's values as sent — without email and confirmPassword, password only when filled. */
export function profileFormToUpdate(values: CompanyProfileFormValues): ProfileUpdateRequest {
  const { email: _email, confirmPassword: _confirm, password, currentPassword, ...fields } = values;
  return password === '' ? fields : { ...fields, password, currentPassword: currentPassword ?? '' };
}

type PasswordPair = { password?: unknown; confirmPassword?: unknown };

/**
 * PUT /api/auth/profile: every updatable field, each optional — only the keys sent are written.
 * `email` and any other unknown key are stripped, never applied. `bankAccountName` is the spec's other
 * name for `accountName` (accountName wins when both are sent). A non-empty `password` is a new
 * password; `confirmPassword`, when sent, must match it.
 */
export const profileUpdateInput = profileUpdateFields
  .extend({
    bankAccountName: companyFinancialShape.accountName
      .optional()
      .meta({ description: 'Andere naam voor `accountName` (naam rekeninghouder)' }),
    confirmPassword: z
      .string()
      .max(PASSWORD_MAX)
      .optional()
      .describe('Het nieuwe wachtwoord nogmaals (optioneel); moet dan gelijk zijn aan `password`'),
    currentPassword: z
      .string()
      .max(PASSWORD_MAX)
      .optional()
      .describe('Het huidige wachtwoord: verplicht bij een nieuw `password`'),
  })
  .refine(
    (v) => v.password === undefined || v.confirmPassword === undefined || v.password === v.confirmPassword,
    {
      error: passwordMessages.mismatch,
      path: ['confirmPassword'],
      // Also when other fields are wrong, so every message comes back at once.
      when: (payload) => {
        const v = payload.value as PasswordPair | null;
        return typeof v?.password === 'string' && typeof v.confirmPassword === 'string';
      },
    },
  )
  .refine(needsCurrentPassword, {
    error: changePasswordMessages.currentRequired,
    path: ['currentPassword'],
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type ProfileUpdateRequest = z.input<typeof profileUpdateInput>;
export type ProfileUpdateParsed = z.output<typeof profileUpdateInput>;

/** POST /api/auth/change-password: the current password, then a new one as at registration, twice. */
export const changePasswordInput = z
  .object({
    currentPassword: z
      .string({ error: changePasswordMessages.currentRequired })
      .min(1, changePasswordMessages.currentRequired)
      .max(PASSWORD_MAX)
      .describe('Het huidige wachtwoord'),
    newPassword: newPasswordSchema,
    confirmPassword: z
      .string({ error: passwordMessages.confirmRequired })
      .min(1, passwordMessages.confirmRequired)
      .max(PASSWORD_MAX)
      .describe('Het nieuwe wachtwoord nogmaals; moet gelijk zijn aan `newPassword`'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: passwordMessages.mismatch,
    path: ['confirmPassword'],
    when: (payload) => {
      const v = payload.value as { newPassword?: unknown; confirmPassword?: unknown } | null;
      return (
        typeof v?.newPassword === 'string' &&
        typeof v.confirmPassword === 'string' &&
        v.confirmPassword !== ''
      );
    },
  });
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

/** What both security calls answer: `count` is the number of other sessions that were ended. */
export const sessionsEndedOutput = successOutput.extend({
  count: z.number().int().min(0).describe('Het aantal andere sessies dat is beëindigd'),
});
export type SessionsEndedOutput = z.infer<typeof sessionsEndedOutput>;
