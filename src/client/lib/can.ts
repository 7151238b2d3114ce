import type { OrganizationRole } from '../../shared/role-names';
import { type Capability, roleAllows } from '../../shared/roles';
import { trpc } from './trpc';

/**
 * What the signed-in person may do in the organisation they work in, so the screens show only that
 * (src/shared/roles.ts is the table; the server refuses the rest whatever the screen shows).
 */

type Membership = { role: OrganizationRole; active: boolean };

/** The role in the active organisation; null while it is not known yet (or without one). */
export function activeRole(organizations: readonly Membership[] | undefined): OrganizationRole | null {
  return organizations?.find((o) => o.active)?.role ?? null;
}

/**
 * Whether `role` may do what needs `capability`. A role not known yet counts as allowed: the list of
 * organisations arrives a moment after the screen, nearly everyone may do their own screens' work, and
 * a control that appears late would make every owner wait; a refused call still changes nothing.
 */
export function canWith(role: OrganizationRole | null, capability: Capability): boolean {
  return role === null || roleAllows(role, capability);
}

/**
 * The signed-in user's organisations (GET /auth/organizations): one query, with one freshness, for the
 * role checks and the organisation switcher. `enabled` false asks nothing until it is needed.
 */
export function useOrganizations({ enabled = true }: { enabled?: boolean } = {}) {
  return trpc.auth.organizations.useQuery(undefined, { enabled, staleTime: 60_000 });
}

/** The role in the active organisation. */
export function useRole(): OrganizationRole | null {
  return activeRole(useOrganizations().data);
}

/**
 * Whether the role has arrived (or could not be loaded, when the screen goes by the server's answers
 * alone). A form that a role may only read waits for it, so that it never shows as editable first.
 */
export function useRoleSettled(): boolean {
  return !useOrganizations().isPending;
}

/** Whether the signed-in person may do what needs `capability`, e.g. `useCan('work')` for 'Nieuwe Order'. */
export function useCan(capability: Capability): boolean {
  return canWith(useRole(), capability);
}

/**
 * Whether the role is known and does NOT allow `capability`: for a page that shows "this needs role X"
 * instead of a form, only once that is sure.
 */
export function useRefused(capability: Capability): boolean {
  const role = useRole();
  return role !== null && !roleAllows(role, capability);
}
