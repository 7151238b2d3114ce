import { z } from '../zod-nl';

/**
 * The password rules (spec §5 Register, Reset password, Company settings), in the spec's wording:
 * at least 8 characters with an upper-case letter, a lower-case letter and a digit.
 */

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

const RULE_TEXT = `Nieuw wachtwoord: ${PASSWORD_MIN} tot ${PASSWORD_MAX} tekens, met een hoofdletter, een kleine letter en een cijfer`;

const passwordBase = z
  .string({ error: passwordMessages.required })
  .min(1, passwordMessages.required)
  .min(PASSWORD_MIN, passwordMessages.min)
  .max(PASSWORD_MAX, passwordMessages.tooLong);

/** Register and change password: each missing class has its own message. */
export const newPasswordSchema = passwordBase
  .regex(/[A-Z]/, passwordMessages.uppercase)
  .regex(/[a-z]/, passwordMessages.lowercase)
  .regex(/[0-9]/, passwordMessages.digit)
  .describe(RULE_TEXT);

/** Reset: one combined message for the three classes, as the spec words it. */
export const resetPasswordValueSchema = passwordBase
  .refine((v) => /[A-Z]/.test(v) && /[a-z]/.test(v) && /[0-9]/.test(v), passwordMessages.mixed)
  .describe(RULE_TEXT);

/** The profile form's password: '' means "not changing it"; anything else must be a new password. */
export const optionalNewPassword = z
  .string({ error: passwordMessages.required })
  .superRefine((value, ctx) => {
    if (value === '') return;
    const result = newPasswordSchema.safeParse(value);
    if (result.success) return;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
  })
  .describe(`${RULE_TEXT}; leeg laten om het wachtwoord niet te wijzigen`);
