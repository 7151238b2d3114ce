import type { OrganizationRow, UserRow } from '../../../db/schema';
import type { Profile, SessionProfile } from '../../../shared/schemas/company-profile';

/** What the profile shows of the person (the bench's bare route reads these columns itself). */
export type ProfilePerson = Pick<
  UserRow,
  'id' | 'name' | 'email' | 'isEmailVerified' | 'twoFactorEnabled' | 'createdAt'
>;

/** What the profile shows of the active organisation: its company data. */
export type ProfileCompany = Pick<
  OrganizationRow,
  | 'name'
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
  | 'twoFactorRequired'
>;

/**
 * The one place the REST/tRPC profile shape is made: the person's own id, name and e-mail address,
 * with the company data of the organisation they work in.
 */
export function toProfile(u: ProfilePerson, o: ProfileCompany): Profile {
  return {
    _id: u.id,
    name: u.name,
    email: u.email,
    company: o.name,
    isEmailVerified: u.isEmailVerified,
    twoFactorEnabled: u.twoFactorEnabled,
    // The same rule as the requests' (http/two-factor-enrolment.ts), said in advance.
    twoFactorEnrolmentRequired: o.twoFactorRequired && !u.twoFactorEnabled,
    profileCompleted: o.profileCompleted,
    address: o.address,
    postalCode: o.postalCode,
    city: o.city,
    country: o.country,
    website: o.website,
    phoneNumber: o.phoneNumber,
    kvkNumber: o.kvkNumber,
    btwNumber: o.btwNumber,
    vatNumber: o.vatNumber,
    bankAccount: o.bankAccount,
    accountName: o.accountName,
    bankAccountName: o.accountName,
    bankName: o.bankName,
    createdAt: u.createdAt.toISOString(),
  };
}

/** The company fields of someone who belongs to no organisation: all empty. */
const NO_COMPANY: ProfileCompany = {
  name: '',
  profileCompleted: false,
  address: '',
  postalCode: '',
  city: '',
  country: '',
  website: '',
  phoneNumber: '',
  kvkNumber: '',
  btwNumber: '',
  vatNumber: '',
  bankAccount: '',
  accountName: '',
  bankName: '',
  twoFactorRequired: false,
};

/**
 * The profile at sign-in and on the browser's start-up question: a person without any organisation
 * may still sign in, to be told so (with empty company fields and `noOrganization`).
 */
export function toSessionProfile(u: ProfilePerson, o: ProfileCompany | null): SessionProfile {
  return o ? toProfile(u, o) : { ...toProfile(u, NO_COMPANY), noOrganization: true };
}
