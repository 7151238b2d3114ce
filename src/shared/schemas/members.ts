import { z } from '../zod-nl';
import { idOutput, instantOutput } from './common';
import { organizationRoles } from './organization';

/** The roles an owner or admin can give a member; the owner's role moves only by transferring ownership. */
export const assignableRoles = ['admin', 'member', 'viewer'] as const;
export type AssignableRole = (typeof assignableRoles)[number];

export const memberMessages = {
  role: "Kies de rol 'admin' (Beheerder), 'member' (Medewerker) of 'viewer' (Alleen lezen). Eigenaar wordt iemand alleen doordat de eigenaar het eigendom overdraagt.",
  userId: 'Kies een lid van deze organisatie.',
};

/** One member of the organisation (GET /organization/members). */
export const memberOutput = z.object({
  userId: idOutput(),
  name: z.string().describe('Naam van het lid'),
  email: z.string().describe('E-mailadres van het lid'),
  role: z.enum(organizationRoles).describe('Rol in deze organisatie: owner, admin, member of viewer'),
  lastActiveAt: instantOutput(
    'Laatst actief in deze organisatie: inloggen, wisselen naar de organisatie of een verzoek met een sessie of API-sleutel van het lid; tot op de minuut nauwkeurig',
  )
    .nullable()
    .describe('Laatst actief in deze organisatie (ISO 8601, UTC); `null` als het lid nog niet actief was'),
  twoFactorEnabled: z.boolean().describe('Of het lid tweestapsverificatie heeft ingeschakeld'),
});
export type Member = z.infer<typeof memberOutput>;

export const membersOutput = z.array(memberOutput);

/** PUT /organization/members/{userId}. */
export const memberRoleInput = z.object({
  userId: z.string().max(100).describe('De `userId` van het lid (uuid)'),
  role: z
    .enum(assignableRoles, { error: memberMessages.role })
    .describe("De nieuwe rol: 'admin' (Beheerder), 'member' (Medewerker) of 'viewer' (Alleen lezen)"),
});

/** DELETE /organization/members/{userId}. */
export const memberIdInput = z.object({
  userId: z.string().max(100).describe('De `userId` van het lid (uuid)'),
});

/** POST /organization/transfer-ownership. */
export const transferOwnershipInput = z.object({
  userId: z
    .string({ error: memberMessages.userId })
    .max(100)
    .describe('De `userId` van het lid dat eigenaar wordt (uuid); u wordt zelf beheerder'),
});
