import { z } from '../zod-nl';

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

/*
 * PUT /auth/profile's input (profileUpdateInput) lives in account-settings.ts: it is built from the
 * company rules of company.ts, which imports COUNTRIES from here, and a module cycle would leave
 * COUNTRIES uninitialised.
 */
