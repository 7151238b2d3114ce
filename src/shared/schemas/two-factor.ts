import { z } from '../zod-nl';
import { twoFactorCodeSchema } from './login';
import { PASSWORD_MAX } from './password';

/**
 * Two-step sign-in in Beveiliging: set up with an authenticator app, switch on with one code (which
 * gives the ten recovery codes, once), switch off with the password and a code.
 */

export { recoveryCodeSchema, twoFactorCodeSchema } from './login';

/** How many recovery codes enabling gives. */
export const RECOVERY_CODE_COUNT = 10;

/** POST /auth/two-factor/setup: a new key, not yet in use until POST /auth/two-factor/enable. */
export const twoFactorSetupOutput = z.object({
  secret: z.string().describe('De geheime sleutel (base32), om in de app over te typen'),
  otpauthUrl: z
    .string()
    .describe('`otpauth://totp/...`-adres met de sleutel, voor de QR-code (SHA-1, 6 cijfers, 30 seconden)'),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupOutput>;

export const twoFactorEnableInput = z.object({ code: twoFactorCodeSchema });
export type TwoFactorEnableInput = z.input<typeof twoFactorEnableInput>;

export const twoFactorEnableOutput = z.object({
  recoveryCodes: z
    .array(z.string())
    .length(RECOVERY_CODE_COUNT)
    .describe('Tien herstelcodes, elk één keer te gebruiken; ze worden alleen nu getoond'),
});
export type TwoFactorEnableResult = z.infer<typeof twoFactorEnableOutput>;

export const twoFactorDisableInput = z.object({
  password: z
    .string({ error: 'Wachtwoord is verplicht' })
    .min(1, 'Wachtwoord is verplicht')
    .max(PASSWORD_MAX)
    .describe('Het huidige wachtwoord'),
  code: twoFactorCodeSchema,
});
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableInput>;
