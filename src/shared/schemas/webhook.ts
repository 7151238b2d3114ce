import { z } from '../zod-nl';
import { idOutput, instantOutput, timestampsOutput } from './common';

/** The events an integrator can subscribe to, with the label the settings screen shows. */
export const WEBHOOK_EVENTS = [
  'order.created',
  'order.updated',
  'order.deleted',
  'order.sent',
  'order.approval_requested',
  'order.approved',
  'order.approval_rejected',
  'order.accepted',
  'order.rejected',
  'order.changes_requested',
  'customer.created',
  'customer.updated',
  'customer.deleted',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'order.created': 'Order aangemaakt',
  'order.updated': 'Order gewijzigd',
  'order.deleted': 'Order verwijderd',
  'order.sent': 'Order verzonden',
  'order.approval_requested': 'Goedkeuring aangevraagd',
  'order.approved': 'Order goedgekeurd',
  'order.approval_rejected': 'Order afgewezen',
  'order.accepted': 'Klant akkoord met order',
  'order.rejected': 'Klant heeft order afgewezen',
  'order.changes_requested': 'Klant vraagt wijziging',
  'customer.created': 'Klant aangemaakt',
  'customer.updated': 'Klant gewijzigd',
  'customer.deleted': 'Klant verwijderd',
};

/** The type of the event 'Test versturen' sends; not subscribable, it goes to the one subscription. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * Webhooks one account may have: enough for any integration, and a bound on how many deliveries one
 * change can set off (each retried for about a day when its target fails).
 */
export const WEBHOOK_LIMIT = 20;
/** Test events ('Test versturen') per account per window, as test mails are limited. */
export const WEBHOOK_TEST_LIMIT = 10;
export const WEBHOOK_TEST_WINDOW_MINUTES = 10;

export const webhookMessages = {
  urlInvalid: 'Voer een geldige URL in, bijv. https://voorbeeld.nl/webhook',
  urlScheme: 'De URL moet met https:// beginnen',
  urlPrivate:
    'Dit adres is niet bereikbaar vanaf internet (localhost, een intern of gereserveerd adres) en wordt geweigerd',
  eventsRequired: 'Kies minstens één gebeurtenis',
  limitReached: `U heeft al ${WEBHOOK_LIMIT} webhooks, het maximum. Verwijder een webhook die u niet meer gebruikt, of voeg gebeurtenissen toe aan een bestaande webhook.`,
  duplicate:
    'Er is al een webhook voor dit adres met dezelfde gebeurtenissen. Pas die webhook aan of kies andere gebeurtenissen.',
  tooManyTests: 'U heeft te veel testberichten verstuurd. Probeer het over enkele minuten opnieuw.',
} as const;

const eventSchema = z
  .enum(WEBHOOK_EVENTS)
  .describe(`Gebeurtenis: ${WEBHOOK_EVENTS.map((e) => `\`${e}\``).join(', ')}`);

export const webhookInput = z.object({
  url: z
    .string()
    .trim()
    .max(2000)
    .url({ message: webhookMessages.urlInvalid })
    .describe('Het adres dat de gebeurtenissen ontvangt (https; http alleen in ontwikkeling)'),
  events: z
    .array(eventSchema)
    .min(1, { message: webhookMessages.eventsRequired })
    .max(WEBHOOK_EVENTS.length)
    .transform((events) => [...new Set(events)])
    .describe('De gebeurtenissen waarvoor dit adres een bericht krijgt'),
  active: z.boolean().default(true).describe('Actief (`true`, standaard) of gepauzeerd (`false`)'),
});
export type WebhookInput = z.input<typeof webhookInput>;
export type WebhookInputData = z.output<typeof webhookInput>;

export const webhookOutput = z.object({
  _id: idOutput(),
  url: z.string().describe('Het adres dat de gebeurtenissen ontvangt'),
  events: z.array(eventSchema).describe('De gebeurtenissen waarvoor dit adres een bericht krijgt'),
  active: z.boolean().describe('Actief (`true`) of gepauzeerd (`false`)'),
  failing: z
    .boolean()
    .describe(
      '`true` als een bericht na alle nieuwe pogingen niet kon worden afgeleverd; weer `false` na een geslaagde aflevering',
    ),
  failingSince: z
    .string()
    .nullable()
    .describe('Sinds wanneer de aflevering faalt (ISO 8601, UTC); `null` als alles goed gaat'),
  ...timestampsOutput(),
});
export type Webhook = z.infer<typeof webhookOutput>;

export const webhookWithSecretOutput = webhookOutput.extend({
  secret: z
    .string()
    .describe(
      'Het geheim waarmee elk bericht ondertekend wordt (`whsec_…`, Standard Webhooks). Alleen in dit antwoord te zien: bewaar het meteen.',
    ),
});
export type WebhookWithSecret = z.infer<typeof webhookWithSecretOutput>;

export const webhookDeliveryOutput = z.object({
  _id: idOutput(),
  eventId: z.string().describe('De id van het bericht (header `webhook-id`)'),
  eventType: z.string().describe('De gebeurtenis, bijv. `order.created` of `webhook.test`'),
  attempt: z.number().int().describe('De hoeveelste poging, vanaf 1'),
  statusCode: z
    .number()
    .int()
    .nullable()
    .describe('De HTTP-status van het antwoord; `null` als er geen antwoord kwam'),
  durationMs: z.number().int().describe('Hoe lang de poging duurde, in milliseconden'),
  success: z.boolean().describe('`true` bij een 2xx-antwoord'),
  error: z
    .string()
    .nullable()
    .describe('Waarom de poging mislukte (time-out, geweigerd adres, verbindingsfout); anders `null`'),
  responseExcerpt: z.string().describe('Het begin van het antwoord (hoogstens 500 tekens)'),
  createdAt: instantOutput('Tijdstip van de poging'),
});
export type WebhookDelivery = z.infer<typeof webhookDeliveryOutput>;

export const webhookTestOutput = z.object({
  success: z.literal(true).describe('Altijd `true`: het testbericht staat in de wachtrij'),
  eventId: z.string().describe('De id van het testbericht (header `webhook-id`)'),
  message: z.string().describe('Bevestiging in het Nederlands, bedoeld om te tonen'),
});
