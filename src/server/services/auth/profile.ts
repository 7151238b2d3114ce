import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { type OrganizationRow, organizations, type UserRow, users } from '../../../db/schema';
import { profileCompleteness } from '../../../shared/profile-completeness';
import { roleAllows } from '../../../shared/roles';
import type { Profile, ProfileUpdateParsed } from '../../../shared/schemas/company-profile';
import { AppError, notFound } from '../../errors';
import { type AuditScope, recordAudit } from '../audit/audit-log';
import { organizationMessages } from '../organizations/messages';
import type { Tenant } from '../organizations/tenant';
import { hashPassword } from './passwords';
import { toProfile } from './profile-view';
import { endOtherSessions, verifyCurrentPassword } from './security';
import { endLoginChallenges } from './two-factor/challenges';

/** The person's own columns a profile update may write: never the e-mail address. */
type PersonColumns = Partial<Pick<UserRow, 'name' | 'passwordHash'>>;

/** The organisation's company columns a profile update may write. */
type CompanyColumns = Partial<
  Pick<
    OrganizationRow,
    | 'name'
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
  >
>;

/**
 * The parsed input as columns, split into the person's and the company's: only keys that were sent,
 * `company` as the organisation's name, `bankAccountName` folded into accountName.
 */
function columnsOf(patch: ProfileUpdateParsed): { person: PersonColumns; company: CompanyColumns } {
  const {
    password: _password,
    confirmPassword: _confirm,
    currentPassword: _current,
    bankAccountName,
    name,
    company: companyName,
    ...fields
  } = patch;
  const person: PersonColumns = {};
  if (name !== undefined) person.name = name;
  const company: CompanyColumns = {};
  if (companyName !== undefined) company.name = companyName;
  for (const [key, value] of Object.entries(fields) as [keyof typeof fields, string | undefined][]) {
    if (value !== undefined) company[key] = value;
  }
  if (company.accountName === undefined && bankAccountName !== undefined)
    company.accountName = bankAccountName;
  return { person, company };
}

/** The company columns whose sent value differs from the stored one: what the update would change. */
function changedColumns(columns: CompanyColumns, current: OrganizationRow): CompanyColumns {
  const changed: CompanyColumns = {};
  for (const [key, value] of Object.entries(columns) as [keyof CompanyColumns, string][]) {
    if (current[key] !== value) changed[key] = value;
  }
  return changed;
}

export type UpdateProfileOptions = {
  /**
   * The session the request came with: a new password ends every other session of the user. Absent
   * for a call with an API key, which may not change the password (routers/auth.ts).
   */
  currentSessionId?: string;
  /** Current-password attempts per user in 15 minutes (RATE_LIMIT_AUTH), shared with change-password. */
  passwordAttemptLimit: number;
  /** The request's time (deps.now): that budget's window. */
  now: Date;
  /** Who changes it, for the audit log: a change of the name or the company data is recorded there. */
  audit?: AuditScope;
};

/**
 * Applies a validated profile update: the person's own name (and password) to their user row, the
 * company data to the active organisation (both ids come from the session or key). Only the keys the
 * input let through are written; a key left out keeps its value. Company data may be changed only by
 * an owner or admin: a member or viewer whose update would change any of it gets a 403 and nothing
 * is written (sending the stored values unchanged is no change). A new password is hashed and ends
 * the user's other sessions, in the same transaction. `profileCompleted` follows the 8 completeness
 * fields (spec §9).
 */
export async function updateProfile(
  db: DbOrTx,
  tenant: Tenant,
  patch: ProfileUpdateParsed,
  { currentSessionId, passwordAttemptLimit, now, audit }: UpdateProfileOptions,
): Promise<Profile> {
  const { userId, organizationId } = tenant;
  const columns = columnsOf(patch);
  const [before] = await db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!before) throw notFound();
  // Checked before the password, so a refused update costs no password attempt.
  const mayEditCompany = roleAllows(tenant.role, 'manage');
  if (!mayEditCompany && Object.keys(changedColumns(columns.company, before)).length > 0)
    throw new AppError('FORBIDDEN', organizationMessages.companyDataNeedsAdmin);
  // Hash outside the transaction: on PGlite a transaction holds the process-wide queue.
  if (patch.password) {
    // The input rule already demands it; the check here keeps the service safe on its own.
    await verifyCurrentPassword(db, userId, {
      currentPassword: patch.currentPassword ?? '',
      limit: passwordAttemptLimit,
      now,
    });
    columns.person.passwordHash = await hashPassword(patch.password);
  }

  const { user, organization } = await db.transaction(async (tx) => {
    const nameBefore =
      audit && columns.person.name !== undefined
        ? (await tx.select({ name: users.name }).from(users).where(eq(users.id, userId)))[0]?.name
        : undefined;
    const [user] = Object.keys(columns.person).length
      ? await tx.update(users).set(columns.person).where(eq(users.id, userId)).returning()
      : await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw notFound();
    // Locked, so the role check below sees the row this update changes.
    let [organization] = await tx
      .select()
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update');
    if (!organization) throw notFound();
    const companyChanges = changedColumns(columns.company, organization);
    if (Object.keys(companyChanges).length > 0) {
      // A member's update that raced a change of the stored data would now change it: refused too.
      if (!mayEditCompany) throw new AppError('FORBIDDEN', organizationMessages.companyDataNeedsAdmin);
      [organization] = await tx
        .update(organizations)
        .set(companyChanges)
        .where(eq(organizations.id, organizationId))
        .returning();
      if (!organization) throw notFound();
    }
    const completed =
      profileCompleteness({ ...organization, company: organization.name, name: user.name, email: user.email })
        .percent === 100;
    if (organization.profileCompleted !== completed) {
      [organization] = await tx
        .update(organizations)
        .set({ profileCompleted: completed })
        .where(eq(organizations.id, organizationId))
        .returning();
      if (!organization) throw notFound();
    }
    if (columns.person.passwordHash) {
      await endOtherSessions(tx, userId, currentSessionId ?? '');
      await endLoginChallenges(tx, userId);
    }
    // Field names as the API calls them (the organisation's `name` is `company`); never the password.
    const changed = [
      ...Object.keys(companyChanges).map((key) => (key === 'name' ? 'company' : key)),
      ...(nameBefore !== undefined && nameBefore !== user.name ? ['name'] : []),
    ];
    if (audit && changed.length > 0)
      await recordAudit(
        tx,
        organizationId,
        audit.actor,
        { action: 'settings.updated', objectType: 'organization', objectId: organizationId, fields: changed },
        audit.now(),
      );
    return { user, organization };
  });
  return toProfile(user, organization);
}
