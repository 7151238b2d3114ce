import { z } from 'zod';
import { idInput, successOutput } from '../../shared/schemas/common';
import {
  createDefaultsOutput,
  emailTemplateInput,
  emailTemplateOutput,
  templatePreviewInput,
  templatePreviewOutput,
  testMailInput,
} from '../../shared/schemas/email-template';
import { audited, auditedUpdate, auditScope, givenFields, recordAudit } from '../services/audit/audit-log';
import {
  createDefaultTemplates,
  createEmailTemplate,
  deleteEmailTemplate,
  getEmailTemplate,
  listEmailTemplates,
  previewTemplate,
  sendTestMail,
  updateEmailTemplate,
} from '../services/mail/email-templates';
import { companyOf } from '../services/organizations/company';
import { authedProcedure, router } from '../trpc';

const tags = ['email-templates'];

const notFoundTemplate = 'Een onbekend template, of dat van een ander account, geeft 404.';

/** The user's e-mail templates (spec §7): CRUD, preview with sample data, test mail, the standard set. */
export const emailTemplatesRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/email-templates',
        tags,
        summary: 'Alle e-mailtemplates',
        description: 'Op categorie en naam; tijdelijke templates (voor een testmail) staan er niet bij.',
      },
    })
    .input(z.void())
    .output(z.array(emailTemplateOutput))
    .query(({ ctx }) => listEmailTemplates(ctx.db, ctx.tenant.organizationId)),

  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/email-templates/{id}',
        tags,
        summary: 'Eén e-mailtemplate',
        description: `Het template met onderwerp en HTML zoals opgeslagen, de variabelen nog niet ingevuld (zie POST /email-templates/preview). ${notFoundTemplate}`,
      },
    })
    .input(idInput)
    .output(emailTemplateOutput)
    .query(({ ctx, input }) => getEmailTemplate(ctx.db, ctx.tenant.organizationId, input.id)),

  create: authedProcedure
    .meta({
      capability: 'manage',
      openapi: {
        method: 'POST',
        path: '/email-templates',
        tags,
        summary: 'E-mailtemplate aanmaken',
        description:
          'De HTML van `content` wordt opgeschoond opgeslagen. Met `isDefault` wordt het eventuele andere standaardtemplate van dezelfde categorie gewoon template.',
      },
    })
    .input(emailTemplateInput)
    .output(emailTemplateOutput)
    .mutation(({ ctx, input }) =>
      audited(
        ctx.db,
        auditScope(ctx),
        (tx) => createEmailTemplate(tx, ctx.tenant.organizationId, input, ctx.now()),
        (template) => ({
          action: 'email_template.created',
          objectType: 'email_template',
          objectId: template._id,
          fields: givenFields(input),
        }),
      ),
    ),

  update: authedProcedure
    .meta({
      capability: 'manage',
      openapi: {
        method: 'PUT',
        path: '/email-templates/{id}',
        tags,
        summary: 'E-mailtemplate bijwerken',
        description: `Vervangt het template, met dezelfde regels als POST /email-templates: de HTML wordt opnieuw opgeschoond, en met \`isDefault\` wordt het andere standaardtemplate van dezelfde categorie gewoon template. ${notFoundTemplate}`,
      },
    })
    .input(emailTemplateInput.extend(idInput.shape))
    .output(emailTemplateOutput)
    .mutation(async ({ ctx, input: { id, ...fields } }) => {
      return auditedUpdate(ctx.db, auditScope(ctx), {
        read: (tx) => getEmailTemplate(tx, ctx.tenant.organizationId, id),
        write: (tx) => updateEmailTemplate(tx, ctx.tenant.organizationId, id, fields),
        entry: { action: 'email_template.updated', objectType: 'email_template', objectId: id },
      });
    }),

  delete: authedProcedure
    .meta({
      capability: 'manage',
      openapi: {
        method: 'DELETE',
        path: '/email-templates/{id}',
        tags,
        summary: 'E-mailtemplate verwijderen',
        description: `Verwijdert het template; e-mails die ermee zijn verstuurd blijven in de verzendgeschiedenis van hun order staan. ${notFoundTemplate}`,
      },
    })
    .input(idInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await audited(
        ctx.db,
        auditScope(ctx),
        (tx) => deleteEmailTemplate(tx, ctx.tenant.organizationId, input.id),
        {
          action: 'email_template.deleted',
          objectType: 'email_template',
          objectId: input.id,
        },
      );
      return { success: true as const, message: 'Template is verwijderd.' };
    }),

  preview: authedProcedure
    .meta({
      capability: 'read',
      openapi: {
        method: 'POST',
        path: '/email-templates/preview',
        tags,
        summary: 'Voorbeeld van een template',
        description:
          'Vult de variabelen met `data` (wat ontbreekt: voorbeeldorder INK-2023-001 en uw eigen naam en bedrijf). Onbekende variabelen blijven staan zoals ze geschreven zijn.',
      },
    })
    .input(templatePreviewInput)
    .output(templatePreviewOutput)
    .mutation(({ ctx, input }) =>
      previewTemplate(companyOf(ctx.organization, ctx.user), input.template, input.data),
    ),

  test: authedProcedure
    .meta({
      capability: 'manage',
      openapi: {
        method: 'POST',
        path: '/email-templates/{id}/test',
        tags,
        summary: 'Testmail van een template versturen',
        description:
          'Verstuurt het template zoals een echte e-mail eruitziet (uw bedrijfsgegevens, antwoorden naar uw eigen adres), met `data` of de voorbeeldgegevens. Per gebruiker beperkt; daarboven volgt 429 met Retry-After.',
      },
    })
    .input(testMailInput.extend(idInput.shape))
    .output(successOutput)
    .mutation(async ({ ctx, input: { id, ...body } }) => {
      const sent = await sendTestMail(ctx, companyOf(ctx.organization, ctx.user), id, body, ctx.now());
      // A send changes nothing to roll back: it is recorded once the mail server took it.
      await recordAudit(
        ctx.db,
        ctx.tenant.organizationId,
        ctx.actor,
        { action: 'email_template.test_sent', objectType: 'email_template', objectId: id },
        ctx.now(),
      );
      return sent;
    }),

  createDefaults: authedProcedure
    .meta({
      capability: 'manage',
      openapi: {
        method: 'POST',
        path: '/email-templates/create-defaults',
        tags,
        summary: 'Standaardtemplates toevoegen',
        description:
          'Voegt één Nederlands template per categorie toe (het ordertemplate als standaard), voor zover u een template met die naam nog niet heeft; een tweede aanroep voegt niets toe (`count` 0).',
      },
    })
    .input(z.void())
    .output(createDefaultsOutput)
    .mutation(async ({ ctx }) => ({
      success: true as const,
      count: await audited(
        ctx.db,
        auditScope(ctx),
        (tx) => createDefaultTemplates(tx, ctx.tenant.organizationId),
        { action: 'email_template.defaults_created', objectType: 'email_template' },
      ),
    })),
});
