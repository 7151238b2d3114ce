import { z } from '../zod-nl';
import { newPasswordSchema, PASSWORD_MAX, passwordMessages } from './auth';
import { companyFinancialShape, profileUpdateFields } from './company-profile';

/**
 * The calls of the company settings screen: PUT /auth/profile, POST /auth/change-password and
 * POST /auth/sessions/sign-out-others. (Kept apart from profile.ts, which company.ts imports.)
 */

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
    confirmPassword: z.string().max(PASSWORD_MAX).optional(),
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
  );
export type ProfileUpdateRequest = z.input<typeof profileUpdateInput>;
export type ProfileUpdateParsed = z.output<typeof profileUpdateInput>;

export const changePasswordMessages = {
  currentRequired: 'Huidig wachtwoord is verplicht',
  currentWrong: 'Huidig wachtwoord is onjuist',
} as const;

/** POST /api/auth/change-password: the current password, then a new one as at registration, twice. */
export const changePasswordInput = z
  .object({
    currentPassword: z
      .string({ error: changePasswordMessages.currentRequired })
      .min(1, changePasswordMessages.currentRequired)
      .max(PASSWORD_MAX),
    newPassword: newPasswordSchema,
    confirmPassword: z
      .string({ error: passwordMessages.confirmRequired })
      .min(1, passwordMessages.confirmRequired)
      .max(PASSWORD_MAX),
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
export const sessionsEndedOutput = z.object({
  success: z.literal(true),
  message: z.string(),
  count: z.number().int().min(0),
});
export type SessionsEndedOutput = z.infer<typeof sessionsEndedOutput>;
