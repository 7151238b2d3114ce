import { emailSchema } from '../rules/email';
import { requiredText } from '../rules/text';
import { z } from '../zod-nl';
import { successOutput } from './common';
import { profileOutput } from './company-profile';
import { newPasswordSchema, PASSWORD_MAX, passwordMessages, resetPasswordValueSchema } from './password';

/**
 * The auth forms' rules (spec §5 Login, Register, Forgot password, Reset password), in the spec's
 * wording, and what the auth calls answer. The server uses these same schemas as procedure inputs.
 */

const email = (required: string, invalid: string) => emailSchema({ required, invalid });

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

/** Login success: the profile plus the session token (also set as the HttpOnly cookie). */
export const loginOutput = profileOutput.extend({
  token: z.string(),
  expiresAt: z.string(),
});
export type LoginResult = z.infer<typeof loginOutput>;

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
