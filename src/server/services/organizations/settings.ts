import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { type OrganizationRow, organizations } from '../../../db/schema';
import { centsToDecimal, centsToEuros, decimalToCents } from '../../../shared/money';
import {
  organizationSettingsMessages as messages,
  type OrganizationSettings,
  type OrganizationSettingsInputData,
} from '../../../shared/schemas/organization-settings';
import { AppError, notFound } from '../../errors';
import { organizationMessages } from './messages';

/**
 * The organisation's rules for everyone in it (GET|PUT /organization/settings): from which amount an
 * order needs approval, whether that holds for admins and the owner too, and whether two-step sign-in
 * is required. They live on the organisation's own row; who may change them is the router's.
 */

type SettingsColumns = Pick<OrganizationRow, 'approvalThreshold' | 'approvalForAdmins' | 'twoFactorRequired'>;

const settingsColumns = {
  approvalThreshold: organizations.approvalThreshold,
  approvalForAdmins: organizations.approvalForAdmins,
  twoFactorRequired: organizations.twoFactorRequired,
};

/** The stored row as the API shows it: the threshold in euro (numeric text → cents → euro, no float sums). */
export function organizationSettingsOf(row: SettingsColumns): OrganizationSettings {
  return {
    approvalThreshold:
      row.approvalThreshold === null ? null : centsToEuros(decimalToCents(row.approvalThreshold)),
    approvalForAdmins: row.approvalForAdmins,
    twoFactorRequired: row.twoFactorRequired,
  };
}

export async function getOrganizationSettings(
  db: DbOrTx,
  organizationId: string,
): Promise<OrganizationSettings> {
  const [row] = await db
    .select(settingsColumns)
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row) throw notFound(organizationMessages.notFound);
  return organizationSettingsOf(row);
}

/**
 * Stores the fields given (the threshold in cents, null for never); those left out keep their value.
 * `actorHasTwoFactor`: whether the person changing them signs in in two steps themself — switching the
 * requirement on without it would lock them out at their next request, so that is refused (409, with
 * the field's message) and nothing changes. Once it is on, saving it unchanged is no switch.
 */
export async function updateOrganizationSettings(
  tx: DbOrTx,
  organizationId: string,
  input: OrganizationSettingsInputData,
  actorHasTwoFactor: boolean,
): Promise<OrganizationSettings> {
  const [current] = await tx
    .select(settingsColumns)
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  if (!current) throw notFound(organizationMessages.notFound);
  if (input.twoFactorRequired === true && !current.twoFactorRequired && !actorHasTwoFactor)
    throw new AppError('CONFLICT', messages.ownTwoFactorFirst, {
      details: { twoFactorRequired: messages.ownTwoFactorFirst },
    });
  const next: Partial<SettingsColumns> = {};
  if (input.approvalThreshold !== undefined)
    next.approvalThreshold =
      input.approvalThreshold === null ? null : centsToDecimal(input.approvalThreshold);
  if (input.approvalForAdmins !== undefined) next.approvalForAdmins = input.approvalForAdmins;
  if (input.twoFactorRequired !== undefined) next.twoFactorRequired = input.twoFactorRequired;
  if (Object.keys(next).length === 0) return organizationSettingsOf(current);
  const [saved] = await tx
    .update(organizations)
    .set(next)
    .where(eq(organizations.id, organizationId))
    .returning(settingsColumns);
  return organizationSettingsOf(saved!);
}
