/**
 * What each role of an organisation's members may do: one table for the server, which refuses what a
 * role may not, and the client, which shows only what it may.
 *
 * The roles are ordered: each may everything the one below it may.
 *   viewer (the bookkeeper): read everything, download PDFs and CSV exports; change nothing
 *   member: customers, orders, PDFs, sending, exports; use templates
 *   admin: also the settings, members, invitations, API keys, webhooks and templates
 *   owner: also transferring ownership, deleting the organisation, changing or removing an owner
 */
import { organizationRoles, ROLE_LABELS, type OrganizationRole as Role } from './role-names';

/** What a call needs: to read, to do the daily work, to manage the organisation, or to own it. */
export type Capability = 'read' | 'work' | 'manage' | 'own';

const RANK: Record<Role, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };
const LEAST_ROLE: Record<Capability, Role> = {
  read: 'viewer',
  work: 'member',
  manage: 'admin',
  own: 'owner',
};

/** Whether a member with `role` may do what needs `capability`. */
export function roleAllows(role: Role, capability: Capability): boolean {
  return RANK[role] >= RANK[LEAST_ROLE[capability]];
}

/** The roles that may, highest first: for the message and the UI. */
export function rolesAllowed(capability: Capability): Role[] {
  return organizationRoles.filter((role) => roleAllows(role, capability));
}

/** The labels of the roles that may, in Dutch: 'Eigenaar of Beheerder'. */
export function roleNames(capability: Capability): string {
  const labels = rolesAllowed(capability).map((role) => ROLE_LABELS[role]);
  return labels.length === 1 ? labels[0]! : `${labels.slice(0, -1).join(', ')} of ${labels.at(-1)}`;
}

/**
 * The Dutch refusal that says which role is needed, e.g. 'Hiervoor is de rol Eigenaar of Beheerder
 * nodig. Vraag de eigenaar van de organisatie om die rol.'
 */
export function roleRequiredMessage(capability: Capability): string {
  return `Hiervoor is de rol ${roleNames(capability)} nodig. Vraag de eigenaar van de organisatie om die rol.`;
}

/** The quiet note beside what a role may only look at: 'Alleen de rol Eigenaar of Beheerder kan dit wijzigen.' */
export function roleOnlyNote(capability: Capability): string {
  return `Alleen de rol ${roleNames(capability)} kan dit wijzigen.`;
}
