import type { UserRow } from '../../../db/schema';
import type { Profile } from '../../../shared/schemas/company-profile';

/** The one place a user row becomes the REST/tRPC profile shape. */
export function toProfile(u: UserRow): Profile {
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
