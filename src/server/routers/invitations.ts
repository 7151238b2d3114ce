import { z } from 'zod';
import { idInput, successOutput } from '../../shared/schemas/common';
import {
  INVITATION_OPEN_LIMIT,
  INVITATION_SEND_LIMIT,
  INVITATION_SEND_WINDOW_MINUTES,
  INVITATION_VALID_DAYS,
  invitationInput,
  invitationOutput,
  invitationPublicOutput,
  invitationTokenInput,
} from '../../shared/schemas/invitation';
import { organizationOfUserOutput } from '../../shared/schemas/organization';
import { auditActor, audited, auditScope } from '../services/audit/audit-log';
import { invitationMessages } from '../services/organizations/invitation-messages';
import {
  acceptInvitation,
  createInvitation,
  describeInvitation,
  listInvitations,
  resendInvitation,
  withdrawInvitation,
} from '../services/organizations/invitations';
import { authedProcedure, publicProcedure, router, sessionProcedure } from '../trpc';

const tags = ['organization'];

const aboutManage = 'Alleen voor een eigenaar of beheerder (anders 403).';
const aboutSending = `Elke verzonden uitnodiging (nieuw of opnieuw) telt mee in de limiet van ${INVITATION_SEND_LIMIT} per organisatie per ${INVITATION_SEND_WINDOW_MINUTES} minuten; daarboven 429 met \`Retry-After\`. Kan de e-mail niet worden verzonden, dan 503: de uitnodiging staat er wel en kan opnieuw worden verstuurd.`;
const aboutLink = `De link in de e-mail is \`{APP_URL}/invite/{token}\`, ${INVITATION_VALID_DAYS} dagen geldig en één keer bruikbaar; alleen de hash van het token wordt bewaard.`;
const aboutTokenErrors =
  'Een onbekende link (ook een die door opnieuw versturen is vervangen) geeft 404; een verlopen, gebruikte of ingetrokken uitnodiging geeft 409, met een Nederlandse uitleg wat te doen.';

export const invitationsRouter = router({
  list: authedProcedure
    .meta({
      capability: 'manage',
      openapi: {
        method: 'GET',
        path: '/organization/invitations',
        tags,
        summary: 'Openstaande uitnodigingen',
        description: `De uitnodigingen die nog niet zijn geaccepteerd of ingetrokken, nieuwste eerst; \`expired\` zegt of de link verlopen is (opnieuw versturen geeft een nieuwe). ${aboutManage}`,
      },
    })
    .input(z.void())
    .output(z.array(invitationOutput))
    .query(({ ctx }) => listInvitations(ctx.db, ctx.tenant.organizationId, ctx.now())),

  create: authedProcedure
    .meta({
      capability: 'manage',
      openapi: {
        method: 'POST',
        path: '/organization/invitations',
        tags,
        summary: 'Iemand uitnodigen',
        description: `Nodigt een e-mailadres uit met een rol (admin, member of viewer; eigenaar wordt men alleen door overdracht) en mailt de link. ${aboutLink} Geweigerd met 409, zonder iets te wijzigen: een adres dat al lid is, een adres met een openstaande uitnodiging, of meer dan ${INVITATION_OPEN_LIMIT} openstaande uitnodigingen. ${aboutSending} ${aboutManage}`,
      },
    })
    .input(invitationInput)
    .output(invitationOutput)
    .mutation(({ ctx, input }) => createInvitation(ctx, ctx.tenant, input, ctx.now(), auditScope(ctx))),

  withdraw: authedProcedure
    .meta({
      capability: 'manage',
      openapi: {
        method: 'DELETE',
        path: '/organization/invitations/{id}',
        tags,
        summary: 'Uitnodiging intrekken',
        description: `De link werkt daarna niet meer. Een onbekende uitnodiging, een al gebruikte of ingetrokken, of die van een andere organisatie: 404. ${aboutManage}`,
      },
    })
    .input(idInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await audited(
        ctx.db,
        auditScope(ctx),
        (tx) => withdrawInvitation(tx, ctx.tenant.organizationId, input.id, ctx.now()),
        { action: 'invitation.withdrawn', objectType: 'invitation', objectId: input.id },
      );
      return { success: true as const, message: invitationMessages.withdrawn };
    }),

  resend: authedProcedure
    .meta({
      capability: 'manage',
      openapi: {
        method: 'POST',
        path: '/organization/invitations/{id}/resend',
        tags,
        summary: 'Uitnodiging opnieuw versturen',
        description: `Mailt een nieuwe link, weer ${INVITATION_VALID_DAYS} dagen geldig; de vorige link werkt dan niet meer. ${aboutSending} Een onbekende of afgesloten uitnodiging, of die van een andere organisatie: 404. ${aboutManage}`,
      },
    })
    .input(idInput)
    .output(invitationOutput)
    .mutation(({ ctx, input }) => resendInvitation(ctx, ctx.tenant, input.id, ctx.now(), auditScope(ctx))),

  get: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/invitations/{token}',
        tags,
        protect: false,
        summary: 'Uitnodiging bekijken (zonder inloggen)',
        description: `Wat de uitnodigingspagina toont: de organisatie, het uitgenodigde adres, de rol, wie uitnodigde en tot wanneer de link werkt. ${aboutTokenErrors}`,
      },
    })
    .input(invitationTokenInput)
    .output(invitationPublicOutput)
    .query(({ ctx, input }) => describeInvitation(ctx.db, input.token, ctx.now())),

  accept: sessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/invitations/{token}/accept',
        tags,
        summary: 'Uitnodiging accepteren',
        description: `Voor de ingelogde gebruiker (alleen met een sessie, niet met een API-sleutel: 403): wordt lid met de uitgenodigde rol, en deze sessie werkt daarna in die organisatie. Antwoordt de organisatie zoals GET /auth/organizations haar toont. Het e-mailadres van het account moet het uitgenodigde zijn, anders 403 met het adres waarmee men moet inloggen; al lid: 409. ${aboutTokenErrors} Zonder account: registreer met \`invitationToken\` (POST /auth/register).`,
      },
    })
    .input(invitationTokenInput)
    .output(organizationOfUserOutput)
    .mutation(async ({ ctx, input }) => {
      const { organization, role } = await acceptInvitation(
        ctx.db,
        { userId: ctx.user.id, email: ctx.user.email, sessionId: ctx.session.sessionId },
        input.token,
        ctx.now(),
        auditActor({ user: ctx.user, apiKey: null }, ctx.ip) ?? undefined,
      );
      ctx.log.info({ userId: ctx.user.id, organizationId: organization.id }, 'invitation accepted');
      return { id: organization.id, name: organization.name, role, active: true };
    }),
});
