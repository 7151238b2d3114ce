import { z } from 'zod';
import {
  organizationSettingsInput,
  organizationSettingsOutput,
} from '../../shared/schemas/organization-settings';
import { auditedUpdate, auditScope } from '../services/audit/audit-log';
import { getOrganizationSettings, updateOrganizationSettings } from '../services/organizations/settings';
import { authedProcedure, router, sessionTenantProcedure } from '../trpc';

const tags = ['organization'];

/**
 * The organisation's rules for everyone in it. Every member reads them (a key too: an integration
 * may want to know when an order will need approval); changing them is for an owner or admin with a
 * session: they guard the organisation against misuse, so a leaked key must not switch them off.
 */
export const organizationSettingsRouter = router({
  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/organization/settings',
        tags,
        summary: 'Organisatie-instellingen ophalen',
        description:
          'De regels die voor iedereen in de actieve organisatie gelden: vanaf welk bedrag (in euro, exclusief btw) een order goedkeuring nodig heeft voordat hij kan worden verzonden (`approvalThreshold`, `null` = nooit), of dat ook geldt voor orders van beheerders en de eigenaar (`approvalForAdmins`), en of tweestapsverificatie verplicht is (`twoFactorRequired`). Elk lid mag dit lezen, ook met een API-sleutel.',
      },
    })
    .input(z.void())
    .output(organizationSettingsOutput)
    .query(({ ctx }) => getOrganizationSettings(ctx.db, ctx.tenant.organizationId)),

  update: sessionTenantProcedure
    .meta({
      capability: 'manage',
      openapi: {
        method: 'PUT',
        path: '/organization/settings',
        tags,
        summary: 'Organisatie-instellingen opslaan',
        description:
          "Velden die ontbreken houden hun waarde. `approvalThreshold` in euro exclusief btw: een JSON-getal (1000 of 999.99, hoogstens 2 decimalen) of tekst ('1.000,00'); `null` of '' = nooit goedkeuring. Een ongeldig veld geeft 400 met `details` en wijzigt niets. `twoFactorRequired: true` aanzetten kan alleen wie zelf tweestapsverificatie gebruikt (anders 409 met `details.twoFactorRequired`): daarna moet elk lid zonder tweestapsverificatie die eerst instellen, en weigert elke andere aanroep met een sessie van zo'n lid met 403 en code `TWO_FACTOR_ENROLMENT_REQUIRED`; API-sleutels blijven werken. Antwoordt de instellingen zoals ze nu zijn. Eigenaar of beheerder, alleen met een sessie (een API-sleutel: 403).",
      },
    })
    .input(organizationSettingsInput)
    .output(organizationSettingsOutput)
    .mutation(({ ctx, input }) =>
      auditedUpdate(ctx.db, auditScope(ctx), {
        read: (tx) => getOrganizationSettings(tx, ctx.tenant.organizationId),
        write: (tx) =>
          updateOrganizationSettings(tx, ctx.tenant.organizationId, input, ctx.user.twoFactorEnabled),
        entry: {
          action: 'organization_settings.updated',
          objectType: 'organization',
          objectId: ctx.tenant.organizationId,
        },
      }),
    ),
});
