import { DATE_YEARS_TEXT, isoDayInput } from '../rules/date-input';
import { z } from '../zod-nl';
import { API_LIST_LIMIT_MAX } from './api-list';

/**
 * The organisation's audit log: what was changed, sent or signed in to, by whom and from where. The
 * action codes are stable (integrators filter on them); the screen shows AUDIT_ACTION_LABELS.
 */
export const AUDIT_ACTIONS = [
  'order.created',
  'order.updated',
  'order.deleted',
  'order.duplicated',
  'order.sent',
  'order.approval_requested',
  'order.approved',
  'order.approval_rejected',
  'order.accepted',
  'order.rejected',
  'order.changes_requested',
  'order.customer_changes_applied',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'settings.updated',
  'order_settings.updated',
  'pdf_settings.updated',
  'organization_settings.updated',
  'logo.updated',
  'logo.deleted',
  'email_template.created',
  'email_template.updated',
  'email_template.deleted',
  'email_template.defaults_created',
  'email_template.test_sent',
  'api_key.created',
  'api_key.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.test_sent',
  'member.role_changed',
  'member.removed',
  'member.left',
  'member.two_factor_reset',
  'ownership.transferred',
  'invitation.created',
  'invitation.resent',
  'invitation.withdrawn',
  'invitation.accepted',
  'auth.signed_in',
  'auth.two_factor_enabled',
  'auth.two_factor_disabled',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of object an entry is about. */
export const AUDIT_OBJECT_TYPES = [
  'order',
  'customer',
  'organization',
  'email_template',
  'api_key',
  'webhook',
  'member',
  'invitation',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'order.created': 'Order aangemaakt',
  'order.updated': 'Order gewijzigd',
  'order.deleted': 'Order verwijderd',
  'order.duplicated': 'Order gedupliceerd',
  'order.sent': 'Order verzonden',
  'order.approval_requested': 'Goedkeuring aangevraagd',
  'order.approved': 'Order goedgekeurd',
  'order.approval_rejected': 'Order afgewezen',
  'order.accepted': 'Klant akkoord met order',
  'order.rejected': 'Klant heeft order afgewezen',
  'order.changes_requested': 'Klant vraagt wijziging',
  'order.customer_changes_applied': 'Wijzigingen van de klant overgenomen',
  'customer.created': 'Klant aangemaakt',
  'customer.updated': 'Klant gewijzigd',
  'customer.deleted': 'Klant verwijderd',
  'settings.updated': 'Bedrijfsgegevens gewijzigd',
  'order_settings.updated': 'Orderinstellingen gewijzigd',
  'pdf_settings.updated': 'PDF-instellingen gewijzigd',
  'organization_settings.updated': 'Organisatie-instellingen gewijzigd',
  'logo.updated': 'Logo gewijzigd',
  'logo.deleted': 'Logo verwijderd',
  'email_template.created': 'Template aangemaakt',
  'email_template.updated': 'Template gewijzigd',
  'email_template.deleted': 'Template verwijderd',
  'email_template.defaults_created': 'Standaardtemplates toegevoegd',
  'email_template.test_sent': 'Testmail verstuurd',
  'api_key.created': 'API-sleutel aangemaakt',
  'api_key.revoked': 'API-sleutel ingetrokken',
  'webhook.created': 'Webhook aangemaakt',
  'webhook.updated': 'Webhook gewijzigd',
  'webhook.deleted': 'Webhook verwijderd',
  'webhook.test_sent': 'Webhook-testbericht verstuurd',
  'member.role_changed': 'Rol gewijzigd',
  'member.removed': 'Lid verwijderd',
  'member.left': 'Organisatie verlaten',
  'member.two_factor_reset': 'Tweestapsverificatie van lid uitgezet',
  'ownership.transferred': 'Eigendom overgedragen',
  'invitation.created': 'Uitnodiging verstuurd',
  'invitation.resent': 'Uitnodiging opnieuw verstuurd',
  'invitation.withdrawn': 'Uitnodiging ingetrokken',
  'invitation.accepted': 'Uitnodiging aangenomen',
  'auth.signed_in': 'Ingelogd',
  'auth.two_factor_enabled': 'Tweestapsverificatie ingeschakeld',
  'auth.two_factor_disabled': 'Tweestapsverificatie uitgeschakeld',
};

export const AUDIT_OBJECT_LABELS: Record<AuditObjectType, string> = {
  order: 'Order',
  customer: 'Klant',
  organization: 'Organisatie',
  email_template: 'Template',
  api_key: 'API-sleutel',
  webhook: 'Webhook',
  member: 'Lid',
  invitation: 'Uitnodiging',
};

/**
 * The fields an entry names, as the screens call them: the log stores the API's names (what the REST
 * calls and webhooks use), a person reads the label of the form field. A name without a label here
 * is shown as it is.
 */
export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  accountName: 'Naam rekeninghouder',
  access: 'Toegang',
  active: 'Actief',
  address: 'Adres',
  approvalForAdmins: 'Goedkeuring ook voor beheerders en eigenaar',
  approvalThreshold: 'Goedkeuring vereist vanaf',
  bankAccount: 'IBAN',
  bankName: 'Banknaam',
  btwNumber: 'BTW-nummer',
  btwVerlegd: 'BTW verlegd',
  category: 'Categorie',
  city: 'Plaats',
  company: 'Bedrijfsnaam',
  contactPerson: 'Contactpersoon',
  content: 'Inhoud',
  country: 'Land',
  createdBy: 'Aangemaakt door',
  customer: 'Klant',
  customerCompany: 'Klantgegevens',
  customerName: 'Klantgegevens',
  customerSnapshot: 'Klantgegevens',
  date: 'Datum',
  deliveryAddress: 'Afleveradres',
  deliveryAddressSource: 'Afleveradres',
  decision: 'Antwoord',
  deliveryDate: 'Gewenste leverdag',
  email: 'E-mailadres',
  events: 'Gebeurtenissen',
  expiresAt: 'Verloopdatum',
  failing: 'Storing',
  failingSince: 'Storing',
  fontFamily: 'Lettertype',
  footerNotes: 'Voettekst',
  format: 'Jaar opnemen in nummer',
  includeYear: 'Jaar opnemen in nummer',
  isDefault: 'Standaard template',
  isTemporary: 'Tijdelijk template',
  items: 'Orderregels',
  kvkNumber: 'KVK-nummer',
  lines: 'Regels',
  name: 'Naam',
  note: 'Toelichting',
  notes: 'Opmerkingen',
  orderNumber: 'Ordernummer',
  paymentTerm: 'Betalingstermijn',
  phone: 'Telefoon',
  phoneNumber: 'Telefoon',
  postalCode: 'Postcode',
  prefix: 'Voorvoegsel',
  primaryColor: 'Primaire kleur',
  project: 'Project',
  reason: 'Reden',
  reference: 'Referentie',
  respondentName: 'Naam van de klant',
  role: 'Rol',
  secondaryColor: 'Secundaire kleur',
  showBankAccount: 'Bankrekening tonen',
  startingNumber: 'Startnummer',
  status: 'Status',
  subject: 'Onderwerp',
  subtotal: 'Subtotaal',
  template: 'Template',
  total: 'Totaal',
  twoFactorRequired: 'Tweestapsverificatie verplicht',
  updatedBy: 'Laatst gewijzigd door',
  url: 'URL',
  vat: 'BTW',
  vatByRate: 'BTW',
  vatNumber: 'BTW-nummer',
  website: 'Website',
};

/** An entry's fields as a person reads them: the labels, each once, in Dutch alphabetical order. */
export const auditFieldsText = (fields: readonly string[]): string =>
  [...new Set(fields.map((name) => AUDIT_FIELD_LABELS[name] ?? name))]
    .sort((a, b) => a.localeCompare(b, 'nl'))
    .join(', ');

/** `customer`: a customer who answered an order on its page (no account; the name they gave). */
export const AUDIT_ACTOR_TYPES = ['member', 'api_key', 'customer'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** One entry, as GET /organization/audit-log answers it. */
export const auditLogEntryOutput = z.object({
  id: z.string().describe('De id van de regel (uuid)'),
  at: z.string().describe('Wanneer (ISO 8601, UTC)'),
  actor: z
    .object({
      type: z
        .enum(AUDIT_ACTOR_TYPES)
        .describe(
          '`member` (een persoon), `api_key` (een koppeling) of `customer` (een klant die op de orderpagina antwoordde; `id` is dan `null`)',
        ),
      id: z
        .string()
        .nullable()
        .describe(
          'De id van het lid, of van de API-sleutel; `null` als die niet meer bestaat, en bij een klant',
        ),
      name: z
        .string()
        .describe(
          'De naam van het lid of de sleutel zoals die toen was; bij een klant de naam die hij opgaf',
        ),
    })
    .describe('Wie: het lid, de API-sleutel die namens zijn maker werkte, of de klant'),
  ip: z.string().describe('Het IP-adres waarvandaan'),
  action: z.enum(AUDIT_ACTIONS).describe('Wat er gebeurde, bijvoorbeeld `order.updated`'),
  objectType: z.enum(AUDIT_OBJECT_TYPES).describe('Het soort object'),
  objectId: z.string().nullable().describe('De id van het object'),
  fields: z
    .array(z.string())
    .describe('De namen van de gewijzigde velden (nooit waarden; geen geheimen of wachtwoorden)'),
});
export type AuditLogEntry = z.infer<typeof auditLogEntryOutput>;

export const AUDIT_LOG_PAGE_SIZE = 50;

export const auditLogMessages = {
  limit: `limit moet een heel getal van 1 tot en met ${API_LIST_LIMIT_MAX} zijn.`,
  offset: 'offset moet een heel getal van 0 of meer zijn.',
  actor: 'actor moet de id van een lid of API-sleutel zijn (uuid).',
  action: 'action moet een bekende actie zijn, bijvoorbeeld order.updated.',
  objectId: 'objectId mag hoogstens 200 tekens zijn.',
  day: (name: string) => `${name} moet een datum zijn als 2026-11-24 (jjjj-mm-dd).`,
  dayRange: (name: string) => `${name} moet een datum ${DATE_YEARS_TEXT} zijn.`,
  fromAfterTo: 'from mag niet na to liggen.',
} as const;

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .regex(/^[0-9]{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const day = (name: string) =>
  isoDayInput({ invalid: auditLogMessages.day(name), range: auditLogMessages.dayRange(name) }).meta({
    description: `Optioneel. Datum jjjj-mm-dd ${DATE_YEARS_TEXT} (Europe/Amsterdam, ${name === 'from' ? 'vanaf' : 'tot en met'} die dag).`,
    format: 'date',
  });

/** The query of GET /organization/audit-log: text, as a query string arrives. */
export const auditLogQuery = z
  .object({
    limit: wholeNumber(1, API_LIST_LIMIT_MAX, auditLogMessages.limit)
      .describe(
        `Optioneel. Hoogstens zoveel regels (1–${API_LIST_LIMIT_MAX}, standaard ${AUDIT_LOG_PAGE_SIZE}).`,
      )
      .optional(),
    offset: wholeNumber(0, 100_000_000, auditLogMessages.offset)
      .describe('Optioneel. Zoveel regels overslaan (standaard 0).')
      .optional(),
    actor: z
      .string({ error: auditLogMessages.actor })
      .regex(UUID, auditLogMessages.actor)
      .describe('Optioneel. Alleen wat dit lid of deze API-sleutel deed (id).')
      .optional(),
    action: z
      .enum(AUDIT_ACTIONS, { error: auditLogMessages.action })
      .describe('Optioneel. Alleen deze actie, bijvoorbeeld `order.updated`.')
      .optional(),
    objectId: z
      .string({ error: auditLogMessages.objectId })
      .max(200, auditLogMessages.objectId)
      .describe('Optioneel. Alleen over dit object (id).')
      .optional(),
    from: day('from').optional(),
    to: day('to').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: auditLogMessages.fromAfterTo,
    path: ['from'],
  });
export type AuditLogQuery = z.output<typeof auditLogQuery>;
/** The same query as a client sends it (text, as in a query string). */
export type AuditLogQueryInput = z.input<typeof auditLogQuery>;

/** What the screen gets over tRPC: one page and the count of every match. */
export const auditLogPageOutput = z.object({
  entries: z.array(auditLogEntryOutput),
  total: z.number().int(),
});
export type AuditLogPage = z.infer<typeof auditLogPageOutput>;

/** Everyone who appears in the log, by their latest name: the 'Wie' filter's choices. */
export const auditActorChoicesOutput = z.array(
  z.object({ type: z.enum(AUDIT_ACTOR_TYPES), id: z.string(), name: z.string() }),
);
export type AuditActorChoice = z.infer<typeof auditActorChoicesOutput>[number];
