import { z } from '../zod-nl';

export const COUNTRIES = [
  'Nederland',
  'België',
  'Duitsland',
  'Frankrijk',
  'Verenigd Koninkrijk',
  'Spanje',
  'Italië',
  'Andere',
] as const;

/** The user/profile as every call returns it (spec §3). Never a hash, never a token hash. */
export const profileOutput = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  isEmailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  profileCompleted: z.boolean(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  website: z.string(),
  phoneNumber: z.string(),
  kvkNumber: z.string(),
  btwNumber: z.string(),
  vatNumber: z.string(),
  bankAccount: z.string(),
  /** The spec names both; they always hold the same value. */
  accountName: z.string(),
  bankAccountName: z.string(),
  bankName: z.string(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileOutput>;

/** Login success: the profile plus the session token (also set as the HttpOnly cookie). */
export const loginOutput = profileOutput.extend({
  token: z.string(),
  expiresAt: z.string(),
});
export type LoginResult = z.infer<typeof loginOutput>;

/**
 * PUT /auth/profile. Issue 2 lets the user change name and company; issue 3 adds the other profile
 * fields here. Keys not in this object (such as `email`) are stripped by zod and never applied.
 */
export const profileUpdateInput = z.object({
  name: z.string({ error: 'Naam is verplicht' }).trim().min(1, 'Naam is verplicht').max(200, 'Maximaal 200 tekens'),
  company: z
    .string({ error: 'Bedrijfsnaam is verplicht' })
    .trim()
    .min(1, 'Bedrijfsnaam is verplicht')
    .max(200, 'Maximaal 200 tekens'),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateInput>;
/** What the service writes: the parsed input, each field optional so later fields can be partial. */
export type ProfileUpdate = Partial<z.output<typeof profileUpdateInput>>;
