import { organizationRoles } from '../role-names';
import { z } from '../zod-nl';
import { idOutput } from './common';

export { type OrganizationRole, organizationRoles, ROLE_LABELS } from '../role-names';

/** One organisation of the signed-in user (GET /auth/organizations). */
export const organizationOfUserOutput = z.object({
  id: idOutput(),
  name: z.string().describe('De bedrijfsnaam van de organisatie'),
  role: z
    .enum(organizationRoles)
    .describe('De rol van de gebruiker in deze organisatie: owner, admin, member of viewer'),
  active: z.boolean().describe('`true` voor de organisatie waarin deze sessie nu werkt'),
});
export type OrganizationOfUser = z.infer<typeof organizationOfUserOutput>;

export const organizationsOutput = z.array(organizationOfUserOutput);

/** POST /auth/organizations/{id}/activate. */
export const activateOrganizationInput = z.object({
  id: z.string().max(100).describe('De `id` van een organisatie waarvan u lid bent (uuid)'),
});
