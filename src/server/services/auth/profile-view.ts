import type { UserRow } from '../../../db/schema';
import type { Profile } from '../../../shared/schemas/company-profile';

/** What the profile shows of a user (the bench's bare route reads these columns itself). */
export type ProfileSource = Pick<
  UserRow,
  | 'id'
  | 'name'
  | 'email'
  | 'company'
  | 'isEmailVerified'
  | 'twoFactorEnabled'
  | 'profileCompleted'
  | 'address'
  | 'postalCode'
  | 'city'
  | 'country'
  | 'website'
  | 'phoneNumber'
  | 'kvkNumber'
  | 'btwNumber'
  | 'vatNumber'
  | 'bankAccount'
  | 'accountName'
  | 'bankName'
  | 'createdAt'
>;

/** The one place a user row becomes the REST/tRPC profile shape. */
export function toProfile(u: ProfileSource): Profile {
  return {
    _id: u.id,
    name: u.name,
    email: u.email,
    company: u.company,
    isEmailVerified: u.isEmailVerified,
    twoFactorEnabled: u.twoFactorEnabled,
    profileCompleted: u.profileCompleted,
    address: u.address,
    postalCode: u.postalCode,
    city: u.city,
    country: u.country,
    website: u.website,
    phoneNumber: u.phoneNumber,
    kvkNumber: u.kvkNumber,
    btwNumber: u.btwNumber,
    vatNumber: u.vatNumber,
    bankAccount: u.bankAccount,
    accountName: u.accountName,
    bankAccountName: u.accountName,
    bankName: u.bankName,
    createdAt: u.createdAt.toISOString(),
  };
}
