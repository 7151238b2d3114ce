import { z } from 'zod';
import { successOutput } from '../../shared/schemas/common';
import {
  memberIdInput,
  memberOutput,
  memberRoleInput,
  membersOutput,
  transferOwnershipInput,
} from '../../shared/schemas/members';
import { audited, auditScope } from '../services/audit/audit-log';
import { twoFactorMessages } from '../services/auth/two-factor/messages';
import {
  changeMemberRole,
  leaveOrganization,
  listMembers,
  removeMember,
  resetMemberTwoFactor,
  transferOwnership,
} from '../services/organizations/members';
import { organizationMessages } from '../services/organizations/messages';
import { authedProcedure, router, sessionTenantProcedure } from '../trpc';

const tags = ['organization'];
const onlyWithSession =
  'Alleen met een sessie (inloggen), niet met een API-sleutel (403): wie er in de organisatie werkt, regelen mensen.';

/**
 * The members of the active organisation. Reading is for every member, by session or key; changing
 * who works here is for people (sessionTenantProcedure), like managing keys: a leaked key cannot
 * remove the members who would notice it.
 */
export const membersRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/organization/members',
        tags,
        summary: 'Leden',
        description:
          'Iedereen die in de actieve organisatie werkt, met rol, laatst actief en tweestapsverificatie: de eigenaar eerst, daarna op naam. Elk lid mag dit lezen, ook met een API-sleutel.',
      },
    })
    .input(z.void())
    .output(membersOutput)
    .query(({ ctx }) => listMembers(ctx.db, ctx.tenant.organizationId)),

  update: sessionTenantProcedure
    .meta({
      capability: 'manage',
      openapi: {
        method: 'PUT',
        path: '/organization/members/{userId}',
        tags,
        summary: 'Rol van een lid wijzigen',
        description: `Geeft het lid de rol 'admin', 'member' of 'viewer'. Eigenaar wordt iemand alleen via POST /organization/transfer-ownership ('owner' hier: 400). De eigenaar kan door een beheerder niet worden gewijzigd (403) en kan zichzelf niet lager zetten zolang hij eigenaar is (400). Een onbekend lid, of een van een andere organisatie: 404. Eigenaar of beheerder. ${onlyWithSession}`,
      },
    })
    .input(memberRoleInput)
    .output(memberOutput)
    .mutation(({ ctx, input }) =>
      audited(ctx.db, auditScope(ctx), (tx) => changeMemberRole(tx, ctx.tenant, input.userId, input.role), {
        action: 'member.role_changed',
        objectType: 'member',
        objectId: input.userId,
        fields: ['role'],
      }),
    ),

  remove: sessionTenantProcedure
    .meta({
      capability: 'manage',
      openapi: {
        method: 'DELETE',
        path: '/organization/members/{userId}',
        tags,
        summary: 'Lid verwijderen',
        description: `Het lid verliest de toegang tot de organisatie: de API-sleutels die het hier maakte worden ingetrokken en zijn sessies in deze organisatie beëindigd; in andere organisaties verandert niets. Niet de eigenaar (een beheerder: 403, de eigenaar zelf: 400). Onbekend lid: 404. Eigenaar of beheerder. ${onlyWithSession}`,
      },
    })
    .input(memberIdInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await audited(ctx.db, auditScope(ctx), (tx) => removeMember(tx, ctx.tenant, input.userId, ctx.now()), {
        action: 'member.removed',
        objectType: 'member',
        objectId: input.userId,
      });
      return { success: true as const, message: organizationMessages.memberRemoved };
    }),

  resetTwoFactor: sessionTenantProcedure
    .meta({
      capability: 'manage',
      openapi: {
        method: 'DELETE',
        path: '/organization/members/{userId}/two-factor',
        tags,
        summary: 'Tweestapsverificatie van een lid uitzetten',
        description: `Voor een lid dat zijn telefoon en herstelcodes kwijt is: zet de tweestapsverificatie van het lid uit en wist de sleutel en de herstelcodes; het lid logt daarna in met alleen het wachtwoord en kan het opnieuw instellen. Staat het bij het lid niet aan: 409. Niet uw eigen (400: dat doet u in Beveiliging met wachtwoord en code) en niet die van de eigenaar door een beheerder (403). Onbekend lid: 404. Komt in het auditlog als \`member.two_factor_reset\`. Eigenaar of beheerder. ${onlyWithSession}`,
      },
    })
    .input(memberIdInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      const name = await audited(
        ctx.db,
        auditScope(ctx),
        (tx) => resetMemberTwoFactor(tx, ctx.tenant, input.userId),
        { action: 'member.two_factor_reset', objectType: 'member', objectId: input.userId },
      );
      return { success: true as const, message: twoFactorMessages.memberReset(name) };
    }),

  transferOwnership: sessionTenantProcedure
    .meta({
      capability: 'own',
      openapi: {
        method: 'POST',
        path: '/organization/transfer-ownership',
        tags,
        summary: 'Eigendom overdragen',
        description: `Maakt het lid \`userId\` eigenaar; de huidige eigenaar wordt beheerder. Er is altijd precies één eigenaar. Iemand die geen lid is: 404. Alleen de eigenaar. ${onlyWithSession}`,
      },
    })
    .input(transferOwnershipInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await audited(ctx.db, auditScope(ctx), (tx) => transferOwnership(tx, ctx.tenant, input.userId), {
        action: 'ownership.transferred',
        objectType: 'member',
        objectId: input.userId,
        fields: ['role'],
      });
      return { success: true as const, message: organizationMessages.ownershipTransferred };
    }),

  leave: sessionTenantProcedure
    .meta({
      capability: 'read',
      openapi: {
        method: 'POST',
        path: '/organization/leave',
        tags,
        summary: 'Organisatie verlaten',
        description: `Beëindigt uw eigen lidmaatschap van de actieve organisatie, met dezelfde gevolgen als verwijderen: uw API-sleutels van deze organisatie worden ingetrokken en uw andere sessies in deze organisatie beëindigd. Deze sessie blijft en werkt verder in uw volgende organisatie, of in geen enkele. De eigenaar kan niet vertrekken zonder eerst het eigendom over te dragen (400). Elk lid. ${onlyWithSession}`,
      },
    })
    .input(z.object({}).optional())
    .output(successOutput)
    .mutation(async ({ ctx }) => {
      await audited(
        ctx.db,
        auditScope(ctx),
        (tx) => leaveOrganization(tx, ctx.tenant, ctx.now(), ctx.session.sessionId),
        { action: 'member.left', objectType: 'member', objectId: ctx.tenant.userId },
      );
      return { success: true as const, message: organizationMessages.left };
    }),
});
