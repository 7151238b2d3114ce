import { z } from '../zod-nl';

/**
 * The auth forms' rules (spec §5 Login, Register, Forgot password, Reset password), in the spec's
 * wording. The server uses these same schemas as procedure inputs.
 */

/** The spec's "simple address pattern": something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Maximaal ${max} tekens`);

const email = (requiredMessage: string, invalidMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, invalidMessage)
    .regex(EMAIL_PATTERN, invalidMessage)
    .transform((v) => v.toLowerCase());

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const passwordMessages = {
  required: 'Wachtwoord is verplicht',
  min: 'Wachtwoord moet minimaal 8 karakters bevatten',
  uppercase: 'Wachtwoord moet minimaal één hoofdletter bevatten',
  lowercase: 'Wachtwoord moet minimaal één kleine letter bevatten',
  digit: 'Wachtwoord moet minimaal één cijfer bevatten',
  mixed: 'Wachtwoord moet minimaal één hoofdletter, één kleine letter en één cijfer bevatten',
  confirmRequired: 'Bevestig wachtwoord is verplicht',
  mismatch: 'Wachtwoorden komen niet overeen',
  tooLong: `Wachtwoord mag maximaal ${PASSWORD_MAX} karakters bevatten`,
} as const;

const passwordBase = z
  .string({ error: passwordMessages.required })
  .min(1, passwordMessages.required)
  .min(PASSWORD_MIN, passwordMessages.min)
  .max(PASSWORD_MAX, passwordMessages.tooLong);

/** Register: each missing class has its own message. */
export const newPasswordSchema = passwordBase
  .regex(/[A-Z]/, passwordMessages.uppercase)
  .regex(/[a-z]/, passwordMessages.lowercase)
  .regex(/[0-9]/, passwordMessages.digit);

/** Reset: one combined message for the three classes, as the spec words it. */
export const resetPasswordValueSchema = passwordBase.refine(
  (v) => /[A-Z]/.test(v) && /[a-z]/.test(v) && /[0-9]/.test(v),
  passwordMessages.mixed,
);

export const loginInput = z.object({
  email: email('E-mailadres is verplicht', 'Voer een geldig e-mailadres in'),
  password: z
    .string({ error: 'Wachtwoord is verplicht' })
    .min(1, 'Wachtwoord is verplicht')
    .max(PASSWORD_MAX),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginInput = z.input<typeof loginInput>;

export const registerInput = z.object({
  name: requiredText('Naam is verplicht'),
  email: email('Email is verplicht', 'Voer een geldig email adres in'),
  password: newPasswordSchema,
  company: requiredText('Bedrijfsnaam is verplicht'),
  profileCompleted: z.boolean().optional().default(false),
});
export type RegisterInput = z.input<typeof registerInput>;

export const forgotPasswordInput = z.object({
  email: email('Email is verplicht', 'Voer een geldig email adres in'),
});

export const resendVerificationPublicInput = z.object({
  email: email('E-mailadres is verplicht', 'Voer een geldig e-mailadres in'),
});

/** Without the token, which REST takes from the path. */
export const resetPasswordFields = z
  .object({
    password: resetPasswordValueSchema,
    confirmPassword: z
      .string({ error: passwordMessages.confirmRequired })
      .min(1, passwordMessages.confirmRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: passwordMessages.mismatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordFields = z.input<typeof resetPasswordFields>;

/** Verification token status codes of spec §7. */
export const verifyStatus = z.enum(['verified', 'already_verified', 'expired_token', 'invalid_token']);
export type VerifyStatus = z.infer<typeof verifyStatus>;

/** POST /auth/reset-password/{token}: the form's fields plus the token from the path. */
export const resetPasswordInput = resetPasswordFields.safeExtend({
  token: z.string({ error: 'Ongeldige of verlopen reset link. Vraag een nieuwe aan.' }).min(1).max(200),
});

export const verifyEmailInput = z.object({
  token: z.string({ error: 'Verificatie token ontbreekt. Controleer de URL in uw e-mail.' }).min(1).max(200),
});

/** The plain acknowledgement most auth calls answer with. */
export const successOutput = z.object({ success: z.literal(true), message: z.string() });
export type SuccessOutput = z.infer<typeof successOutput>;

export const registerOutput = successOutput.extend({ email: z.string() });
export type RegisterOutput = z.infer<typeof registerOutput>;

/** GET /auth/verify-email/{token} on success; its failures carry the same fields in the error body. */
export const verifyEmailOutput = z.object({
  success: z.boolean(),
  message: z.string(),
  email: z.string(),
  status: verifyStatus,
});
export type VerifyEmailOutput = z.infer<typeof verifyEmailOutput>;
