/**
 * The roles as codes and their Dutch labels, without zod: the app's shell (the menu, the role checks
 * of every screen) needs them on every page, and zod is loaded only by the pages that validate forms.
 */

/** The roles a member can have in an organisation, as codes; the UI shows ROLE_LABELS. */
export const organizationRoles = ['owner', 'admin', 'member', 'viewer'] as const;
export type OrganizationRole = (typeof organizationRoles)[number];

/** The Dutch labels of the roles, as the app shows them. */
export const ROLE_LABELS: Record<OrganizationRole, string> = {
  owner: 'Eigenaar',
  admin: 'Beheerder',
  member: 'Medewerker',
  viewer: 'Alleen lezen',
};
