import { emailSchema } from '../rules/email';
import { requiredText } from '../rules/text';
import { z } from '../zod-nl';
import { instantOutput, successOutput } from './common';
import { noOrganizationFlag, profileOutput } from './company-profile';
import { newPasswordSchema, passwordMessages, resetPasswordValueSchema } from './password';

/**
 * The auth forms' rules (spec §5 Login, Register, Forgot password, Reset password), in the spec's
 * wording, and what the auth calls answer. The server uses these same schemas as procedure inputs.
 */

const email = (required: string, invalid: string) => emailSchema({ required, invalid });

// In a module of its own so the login screen does not load the profile's rules with it (see login-form.ts).
export { type LoginInput, loginInput } from './login-form';

export const registerInput = z.object({
  name: requiredText('Naam is verplicht').describe('Naam van de gebruiker'),
  email: email('Email is verplicht', 'Voer een geldig email adres in'),
  password: newPasswordSchema,
  company: requiredText('Bedrijfsnaam is verplicht').describe('Bedrijfsnaam'),
  profileCompleted: z
    .boolean()
    .optional()
    .default(false)
    .describe('Of het bedrijfsprofiel al is ingevuld; bij registratie `false`'),
});
export type RegisterInput = z.input<typeof registerInput>;

/**
 * POST /auth/register as the server takes it: the register form's fields, or, with an
 * `invitationToken`, the invited person's (the company is then the inviting one, so `company` is not
 * asked). Without a token every field keeps the form's rules and messages.
 */
export const registerRequestInput = registerInput
  .extend({
    company: registerInput.shape.company
      .optional()
      .describe('Bedrijfsnaam; verplicht, behalve bij registratie met `invitationToken`'),
    invitationToken: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe(
        'Het token uit een uitnodigingslink: het account wordt dan meteen geverifieerd en lid van de uitnodigende organisatie',
      ),
  })
  .refine((v) => v.invitationToken !== undefined || v.company !== undefined, {
    message: 'Bedrijfsnaam is verplicht',
    path: ['company'],
    // Also when other fields failed: the form's answer lists every missing field at once.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });

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
      .min(1, passwordMessages.confirmRequired)
      .describe('Het nieuwe wachtwoord nogmaals; moet gelijk zijn aan `password`'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: passwordMessages.mismatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordFields = z.input<typeof resetPasswordFields>;

/** Login success: the profile plus the session token (also set as the HttpOnly cookie). */
export const loginOutput = profileOutput.extend({
  token: z
    .string()
    .describe(
      'Sessietoken: stuur mee als `Authorization: Bearer <token>` (staat ook in de cookie `session`)',
    ),
  expiresAt: instantOutput('Einde van de sessie'),
  noOrganization: noOrganizationFlag,
});
export type LoginResult = z.infer<typeof loginOutput>;

/** Verification token status codes of spec §7. */
export const verifyStatus = z
  .enum(['verified', 'already_verified', 'expired_token', 'invalid_token'])
  .describe('Uitkomst: verified, already_verified, expired_token of invalid_token');
export type VerifyStatus = z.infer<typeof verifyStatus>;

/** POST /auth/reset-password/{token}: the form's fields plus the token from the path. */
export const resetPasswordInput = resetPasswordFields.safeExtend({
  token: z
    .string({ error: 'Ongeldige of verlopen reset link. Vraag een nieuwe aan.' })
    .min(1)
    .max(200)
    .describe('Het token uit de resetlink in de e-mail'),
});

export const verifyEmailInput = z.object({
  token: z
    .string({ error: 'Verificatie token ontbreekt. Controleer de URL in uw e-mail.' })
    .min(1)
    .max(200)
    .describe('Het token uit de verificatielink in de e-mail'),
});

export const registerOutput = successOutput.extend({
  email: z.string().describe('Het geregistreerde e-mailadres, in kleine letters'),
});
export type RegisterOutput = z.infer<typeof registerOutput>;

/** GET /auth/verify-email/{token} on success; its failures carry the same fields in the error body. */
export const verifyEmailOutput = z.object({
  success: z.boolean().describe('`true` als het adres (nu of eerder) geverifieerd is'),
  message: z.string().describe('Uitleg in het Nederlands, bedoeld om te tonen'),
  email: z.string().describe('Het geverifieerde e-mailadres'),
  status: verifyStatus,
});
export type VerifyEmailOutput = z.infer<typeof verifyEmailOutput>;
