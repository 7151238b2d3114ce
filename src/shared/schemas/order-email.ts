import { ORDER_STATUSES } from '../constants';
import { z } from '../zod-nl';
import { approvalOutput } from './approval';
import { instantOutput } from './common';
import { orderOutput } from './order';
import { confirmationOutput, customerResponseOutput } from './order-confirmation';

/**
 * What an order remembers of its e-mails ("each send is recorded on the order") and what
 * POST /orders/{id}/send-email answers (spec §7: success, orderStatus, message). The payload itself is
 * sendEmailInput in email-template.ts, beside the template rules it shares.
 */

/** One accepted message, as GET /orders/{id} lists it under `emails`. */
export const orderEmailOutput = z.object({
  sentAt: instantOutput('Moment waarop de SMTP-server het bericht aannam'),
  recipient: z.string().describe('E-mailadres van de ontvanger'),
  cc: z.string().nullable().describe('E-mailadres in CC; null als er geen was'),
  subject: z.string().describe('Het onderwerp zoals het is verzonden (variabelen ingevuld)'),
  includePdf: z.boolean().describe('Of de PDF van de order als bijlage is meegestuurd'),
  includeUbl: z
    .boolean()
    .describe('Of de order als Peppol UBL-bestand (`{orderNumber}.xml`) als bijlage is meegestuurd'),
  customerResponse: customerResponseOutput
    .nullable()
    .describe(
      'Het antwoord van de klant op de bevestigingslink in dit bericht; null als het bericht geen link had of de klant daarop (nog) niet antwoordde',
    ),
});
export type OrderEmail = z.infer<typeof orderEmailOutput>;

/** `confirmation` of GET /orders/{id}: the current link, and whether its requested changes were taken over. */
export const orderConfirmationOutput = confirmationOutput.extend({
  changesAppliedAt: z
    .string()
    .nullable()
    .describe(
      "Moment waarop de gevraagde wijzigingen met 'Wijzigingen overnemen' in de order zijn gezet (ISO 8601, UTC); null als dat (nog) niet gebeurde",
    ),
});
export type OrderConfirmation = z.infer<typeof orderConfirmationOutput>;

/** GET /orders/{id}: the order with what was sent of it, newest first, its approval and the customer's answer. */
export const orderWithEmailsOutput = orderOutput.extend({
  emails: z
    .array(orderEmailOutput)
    .describe(
      'De verzonden e-mails van deze order, nieuwste eerst (alleen berichten die de SMTP-server aannam)',
    ),
  approval: approvalOutput.describe(
    'Goedkeuring: een order vanaf het bedrag dat de organisatie instelde (exclusief btw) kan pas worden verzonden als een eigenaar of beheerder die hem niet schreef hem heeft goedgekeurd',
  ),
  customerResponse: customerResponseOutput
    .nullable()
    .describe(
      'Het antwoord van de klant op de link van de laatste verzending (akkoord, afgewezen of wijziging gevraagd); null zolang de klant daarop niet antwoordde of als er nooit een link is verzonden. De `status` van de order verandert er niet door',
    ),
  confirmation: orderConfirmationOutput
    .nullable()
    .describe(
      'De bevestigingslink van de laatste verzending met een link: wanneer verzonden, tot wanneer hij werkt en hoe het ermee staat; null als er nooit een link is verzonden',
    ),
});
export type OrderWithEmails = z.infer<typeof orderWithEmailsOutput>;

export const SEND_EMAIL_SUCCESS_MESSAGE = 'Inkooporder is succesvol verzonden per e-mail';

/** POST /orders/{id}/send-email, answered only after the SMTP server accepted the message. */
export const sendEmailOutput = z.object({
  success: z.literal(true).describe('Altijd `true`: het bericht is door de SMTP-server aangenomen'),
  orderStatus: z
    .enum(ORDER_STATUSES)
    .describe(
      "De status van de order na het verzenden: een concept wordt 'sent' (Verzonden); een verzonden, betaalde of geannuleerde order houdt zijn status",
    ),
  message: z.string().describe('Bevestiging in het Nederlands, bedoeld om te tonen'),
});
export type SendEmailOutput = z.infer<typeof sendEmailOutput>;
