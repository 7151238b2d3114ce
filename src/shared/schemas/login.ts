import { z } from '../zod-nl';

/**
 * Two-step sign-in at the login: the code, the recovery code, the second step's input and the first
 * step's challenge. Apart from the login form (login-form.ts): /login loads this only when an account
 * asks for its second step, and Beveiliging shares it (two-factor.ts); a module that both /login and
 * another screen import would be a file of its own on /login's first load.
 */

/** What the second step of a sign-in takes: the 6 digits of the authenticator app at this moment. */
export const TWO_FACTOR_CODE_MESSAGES = {
  required: 'Voer de code uit uw authenticator-app in',
  invalid: 'De code bestaat uit 6 cijfers',
  oneOfTwo: 'Stuur een code of een herstelcode, niet allebei',
} as const;

/** A recovery code as shown: ten letters and digits in two groups, e.g. `k7m2p-x9q4r`. */
export const RECOVERY_CODE_MESSAGES = {
  required: 'Voer een herstelcode in',
  invalid: 'Een herstelcode bestaat uit 10 letters en cijfers, zoals k7m2p-x9q4r',
} as const;

/** Spaces (an app shows "123 456") are left out before the check. */
export const twoFactorCodeSchema = z
  .string({ error: TWO_FACTOR_CODE_MESSAGES.required })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, TWO_FACTOR_CODE_MESSAGES.required)
      .regex(/^\d{6}$/, TWO_FACTOR_CODE_MESSAGES.invalid),
  )
  .describe('De 6 cijfers die de authenticator-app nu toont (TOTP, RFC 6238: SHA-1, 30 seconden)');

/** Letters in either case, spaces and the dash are all accepted: only the ten characters count. */
export const normalizeRecoveryCode = (value: string) => value.toLowerCase().replace(/[\s-]+/g, '');

export const recoveryCodeSchema = z
  .string({ error: RECOVERY_CODE_MESSAGES.required })
  .transform(normalizeRecoveryCode)
  .pipe(
    z
      .string()
      .min(1, RECOVERY_CODE_MESSAGES.required)
      .regex(/^[a-z0-9]{10}$/, RECOVERY_CODE_MESSAGES.invalid),
  )
  .describe('Een van de tien herstelcodes (elk werkt één keer), zoals `k7m2p-x9q4r`');

/**
 * POST /auth/login/two-factor: the challenge of the first step, with a code or a recovery code (one
 * of the two). One object with both fields optional, not a union of two: REST takes only an object as
 * a body (trpc-to-openapi), and the rule "exactly one" is the refinement's.
 */
export const loginTwoFactorInput = z
  .object({
    challenge: z.string().min(1).max(200).describe('De `challenge` uit het antwoord van POST /auth/login'),
    code: twoFactorCodeSchema
      .optional()
      .describe(
        'De 6 cijfers die de authenticator-app nu toont (TOTP, RFC 6238: SHA-1, 30 seconden); of in plaats daarvan `recoveryCode`',
      ),
    recoveryCode: recoveryCodeSchema
      .optional()
      .describe(
        'Een van de tien herstelcodes (elk werkt één keer), zoals `k7m2p-x9q4r`; in plaats van `code`',
      ),
  })
  .superRefine((v, ctx) => {
    if (v.code === undefined && v.recoveryCode === undefined)
      ctx.addIssue({ code: 'custom', path: ['code'], message: TWO_FACTOR_CODE_MESSAGES.required });
    if (v.code !== undefined && v.recoveryCode !== undefined)
      ctx.addIssue({ code: 'custom', path: ['recoveryCode'], message: TWO_FACTOR_CODE_MESSAGES.oneOfTwo });
  });
export type LoginTwoFactorInput = z.input<typeof loginTwoFactorInput>;

/**
 * POST /auth/login's answer for an account with two-step sign-in: no session yet, but a challenge that
 * POST /auth/login/two-factor completes with a code (once, within a few minutes).
 */
export const loginChallengeOutput = z.object({
  twoFactorRequired: z.literal(true).describe('Altijd `true`: de tweede stap is nodig'),
  requiresTwoFactor: z
    .literal(true)
    .describe('Hetzelfde als `twoFactorRequired` (de naam uit de specificatie)'),
  challenge: z
    .string()
    .describe(
      'Eenmalig en kortlevend: stuur mee naar POST /auth/login/two-factor met `code` of `recoveryCode`',
    ),
  userId: z.string().describe('Id van de gebruiker (uuid)'),
  email: z.string().describe('Het e-mailadres van het account'),
  message: z.string().describe('Uitleg in het Nederlands, bedoeld om te tonen'),
});
export type LoginChallenge = z.infer<typeof loginChallengeOutput>;
