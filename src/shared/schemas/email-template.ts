import { EMAIL_MAX_LENGTH, isValidEmail, normaliseEmail } from '../rules/email';
import { ruleSchema } from '../rules/rule-schema';
import { z } from '../zod-nl';
import { idOutput, timestampsOutput } from './common';

/**
 * E-mail templates (spec §3 E-mail template, §5 Template rules) and the two mail payloads that use
 * them: the send-email call of an order (§3 Send-email payload, §5 Send e-mail) and the test mail.
 * The spec gives the limits but not the wording of the template messages; ours name the field and the
 * limit. Template `content` is HTML: the server sanitises it (sanitize-template.ts) before storing it.
 */

export const EMAIL_TEMPLATE_CATEGORIES = ['order', 'invoice', 'reminder', 'confirmation', 'other'] as const;
export type EmailTemplateCategory = (typeof EMAIL_TEMPLATE_CATEGORIES)[number];
export const DEFAULT_EMAIL_TEMPLATE_CATEGORY: EmailTemplateCategory = 'order';
export const EMAIL_TEMPLATE_CATEGORY_LABELS: Record<EmailTemplateCategory, string> = {
  order: 'Inkooporder',
  invoice: 'Factuur',
  reminder: 'Herinnering',
  confirmation: 'Bevestiging',
  other: 'Overig',
};

/**
 * The names of the standard templates, one per category: the server adds those a user does not have
 * yet (by name, whatever the case), and the list offers to add them only while one is missing.
 */
export const DEFAULT_TEMPLATE_NAMES: Record<EmailTemplateCategory, string> = {
  order: 'Inkooporder versturen',
  invoice: 'Factuur versturen',
  reminder: 'Betalingsherinnering',
  confirmation: 'Orderbevestiging',
  other: 'Algemeen bericht',
};

/** The standard templates' names not among `names` (compared without case). */
export function missingDefaultTemplateNames(names: Iterable<string>): string[] {
  const present = new Set([...names].map((n) => n.toLowerCase()));
  return Object.values(DEFAULT_TEMPLATE_NAMES).filter((n) => !present.has(n.toLowerCase()));
}

/** Spec §5 and §9. */
export const TEMPLATE_LIMITS = {
  name: { min: 2, max: 100 },
  subject: { min: 2, max: 200 },
  content: { min: 10, max: 10_000 },
} as const;

/** Dutch thousands separator for the messages: 10000 → '10.000'. */
const count = (n: number) => n.toLocaleString('nl-NL');

export const emailTemplateMessages = {
  nameRequired: 'Naam is verplicht',
  nameMin: `Naam moet minimaal ${TEMPLATE_LIMITS.name.min} tekens bevatten`,
  nameMax: `Naam mag maximaal ${TEMPLATE_LIMITS.name.max} tekens bevatten`,
  categoryRequired: 'Kies een categorie',
  subjectRequired: 'Onderwerp is verplicht',
  subjectMin: `Onderwerp moet minimaal ${TEMPLATE_LIMITS.subject.min} tekens bevatten`,
  subjectMax: `Onderwerp mag maximaal ${TEMPLATE_LIMITS.subject.max} tekens bevatten`,
  subjectOneLine: 'Het onderwerp moet op één regel staan',
  contentRequired: 'Inhoud is verplicht',
  contentMin: `Inhoud moet minimaal ${TEMPLATE_LIMITS.content.min} tekens bevatten`,
  contentMax: `Inhoud mag maximaal ${count(TEMPLATE_LIMITS.content.max)} tekens bevatten`,
} as const;

/** Spec §5 Send e-mail and the test mail's own wording. */
export const sendEmailMessages = {
  recipientRequired: 'E-mailadres ontvanger is verplicht',
  recipientInvalid: 'Voer een geldig e-mailadres in',
  ccInvalid: 'Voer een geldig e-mailadres in',
  subjectRequired: 'Onderwerp is verplicht',
  messageRequired: 'Bericht is verplicht',
  messageMax: `Het bericht mag maximaal ${count(TEMPLATE_LIMITS.content.max)} tekens bevatten`,
  testEmailInvalid: 'Vul een geldig e-mailadres in',
} as const;

/**
 * A line break, tab or other control character: in a header (subject, address) it could start a new
 * header, so one-line fields refuse them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * Characters that make an address header hold more than one address or a display name (a list
 * 'a@x.nl, b@y.nl', 'Naam <a@x.nl>', a group 'lijst: a@x.nl;'). The simple pattern of the rules lets
 * some through ('a,b@x.nl'); a mail field takes exactly one bare address.
 */
const ADDRESS_SEPARATORS = /[,;<>()[\]\\:"]/;

/** One bare address: the spec's pattern, no control characters, no list or display-name syntax. */
export function isSingleAddress(normalised: string): boolean {
  return (
    isValidEmail(normalised) && !CONTROL_CHARACTER.test(normalised) && !ADDRESS_SEPARATORS.test(normalised)
  );
}

/** A single address with the form's wording; normalised (trimmed, lower-cased) like every e-mail field. */
export function singleAddressSchema(messages: { required?: string; invalid: string }, description: string) {
  return ruleSchema({
    normalise: normaliseEmail,
    isValid: isSingleAddress,
    message: messages.invalid,
    required: messages.required,
    maxRawLength: 1000,
    description: `${description} (één adres, naam@domein.tld, max. ${EMAIL_MAX_LENGTH} tekens)`,
    example: 'inkoop@klant.nl',
  });
}

/** A one-line text: trimmed, between min and max characters, no line breaks or control characters. */
function oneLine(limits: { min: number; max: number }, m: { required: string; min: string; max: string }) {
  return z
    .string({ error: m.required })
    .trim()
    .min(1, m.required)
    .min(limits.min, m.min)
    .max(limits.max, m.max)
    .refine((v) => !CONTROL_CHARACTER.test(v), { error: emailTemplateMessages.subjectOneLine });
}

const m = emailTemplateMessages;

export const emailTemplateFieldsShape = {
  name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, m.nameRequired)
    .min(TEMPLATE_LIMITS.name.min, m.nameMin)
    .max(TEMPLATE_LIMITS.name.max, m.nameMax)
    .describe(`Naam van het template (${TEMPLATE_LIMITS.name.min}–${TEMPLATE_LIMITS.name.max} tekens)`),
  subject: oneLine(TEMPLATE_LIMITS.subject, {
    required: m.subjectRequired,
    min: m.subjectMin,
    max: m.subjectMax,
  }).describe(
    `Onderwerp (${TEMPLATE_LIMITS.subject.min}–${TEMPLATE_LIMITS.subject.max} tekens, één regel); mag variabelen als {{order.orderNumber}} bevatten`,
  ),
  content: z
    .string({ error: m.contentRequired })
    .trim()
    .min(1, m.contentRequired)
    .min(TEMPLATE_LIMITS.content.min, m.contentMin)
    .max(TEMPLATE_LIMITS.content.max, m.contentMax)
    .describe(
      `Inhoud als HTML (${TEMPLATE_LIMITS.content.min}–${count(TEMPLATE_LIMITS.content.max)} tekens); onveilige HTML (scripts, event handlers, javascript:-links, formulieren) wordt bij opslaan verwijderd. Mag variabelen als {{customer.name}} bevatten`,
    ),
  category: z
    .enum(EMAIL_TEMPLATE_CATEGORIES, { error: m.categoryRequired })
    .describe(
      `Categorie: ${EMAIL_TEMPLATE_CATEGORIES.map((c) => `${c} (${EMAIL_TEMPLATE_CATEGORY_LABELS[c]})`).join(', ')}`,
    ),
  isDefault: z
    .boolean()
    .describe('Standaardtemplate van zijn categorie; er is er hooguit één per categorie (standaard `false`)'),
  isTemporary: z
    .boolean()
    .describe('Tijdelijk template voor een testmail; verschijnt niet in de lijst (standaard `false`)'),
};

/** Create and full update (POST /email-templates, PUT /email-templates/{id}). */
export const emailTemplateInput = z.object({
  ...emailTemplateFieldsShape,
  category: emailTemplateFieldsShape.category.default(DEFAULT_EMAIL_TEMPLATE_CATEGORY),
  isDefault: emailTemplateFieldsShape.isDefault.default(false),
  isTemporary: emailTemplateFieldsShape.isTemporary.default(false),
});
export type EmailTemplateInput = z.input<typeof emailTemplateInput>;
export type EmailTemplateInputData = z.output<typeof emailTemplateInput>;

/** A template as every call returns it (spec §3 E-mail template). */
export const emailTemplateOutput = z.object({
  _id: idOutput(),
  name: z.string().describe('Naam van het template'),
  subject: z.string().describe('Onderwerp, met variabelen zoals opgeslagen'),
  content: z.string().describe('Inhoud als (opgeschoonde) HTML, met variabelen zoals opgeslagen'),
  category: z.enum(EMAIL_TEMPLATE_CATEGORIES).describe('Categorie'),
  isDefault: z.boolean().describe('Standaardtemplate van zijn categorie'),
  isTemporary: z.boolean().describe('Tijdelijk template voor een testmail'),
  ...timestampsOutput(),
});
export type EmailTemplate = z.infer<typeof emailTemplateOutput>;

/** One value of `data`: display text as it should appear in the mail (e.g. '15-03-2023', '€ 1.234,56'). */
const dataValue = (description: string) => z.string().max(500).optional().describe(description);

/**
 * Values for the variables of a preview or test mail (spec §7: "sample customer, order, user"). Every
 * field is optional: what is left out comes from the sample data (INK-2023-001).
 */
export const templateDataInput = z
  .object({
    customer: z
      .object({
        name: dataValue('{{customer.name}}: naam van de klant'),
        email: dataValue('{{customer.email}}: e-mailadres van de klant'),
        company: dataValue('{{customer.company}}: bedrijfsnaam van de klant'),
        contactPerson: dataValue('{{customer.contactPerson}}: contactpersoon van de klant'),
      })
      .optional()
      .describe('De klant'),
    order: z
      .object({
        orderNumber: dataValue('{{order.orderNumber}}: ordernummer'),
        date: dataValue('{{order.date}}: orderdatum, als dd-mm-jjjj'),
        total: dataValue("{{order.total}}: totaalbedrag, als '€ 1.234,56'"),
        deliveryDate: dataValue("{{order.deliveryDate}}: gewenste leverdag, als dd-mm-jjjj ('' als geen)"),
        notes: z
          .string()
          .max(2000)
          .optional()
          .describe('{{order.notes}}: opmerkingen bij de order; regeleinden blijven behouden'),
      })
      .optional()
      .describe('De order'),
    user: z
      .object({
        name: dataValue('{{user.name}}: uw naam'),
        company: dataValue('{{user.company}}: uw bedrijfsnaam'),
      })
      .optional()
      .describe('De afzender (u)'),
  })
  .describe('Waarden voor de variabelen; wat ontbreekt komt uit de voorbeeldgegevens (order INK-2023-001)');
export type TemplateDataInput = z.infer<typeof templateDataInput>;

/** POST /email-templates/preview. The template need not be valid yet: the editor previews while typing. */
export const templatePreviewInput = z.object({
  template: z
    .object({
      subject: z
        .string()
        .max(TEMPLATE_LIMITS.subject.max, m.subjectMax)
        .default('')
        .describe('Onderwerp, met variabelen'),
      content: z
        .string()
        .max(TEMPLATE_LIMITS.content.max, m.contentMax)
        .default('')
        .describe('Inhoud als HTML, met variabelen'),
    })
    .describe('Het template (naam en categorie mogen mee, maar worden niet gebruikt)'),
  data: templateDataInput.optional(),
});
export type TemplatePreviewInput = z.input<typeof templatePreviewInput>;

export const templatePreviewOutput = z.object({
  subject: z.string().describe('Het onderwerp met de variabelen ingevuld (platte tekst)'),
  html: z.string().describe('De inhoud met de variabelen ingevuld (opgeschoonde HTML, waarden ge-escaped)'),
});
export type TemplatePreview = z.infer<typeof templatePreviewOutput>;

/** POST /email-templates/{id}/test: the address and, optionally, the values to fill in. */
export const testMailInput = z.object({
  email: singleAddressSchema(
    { required: sendEmailMessages.testEmailInvalid, invalid: sendEmailMessages.testEmailInvalid },
    'Adres waar de testmail heen gaat',
  ),
  data: templateDataInput.optional(),
});
export type TestMailInput = z.input<typeof testMailInput>;

/** POST /email-templates/create-defaults. */
export const createDefaultsOutput = z.object({
  success: z.literal(true).describe('Altijd `true` bij een geslaagde aanroep'),
  count: z.number().int().describe('Het aantal toegevoegde standaardtemplates (0 als ze er al waren)'),
});

/** The send-email payload of an order (spec §3, §5 Send e-mail). */
export const sendEmailInput = z.object({
  recipient: singleAddressSchema(
    { required: sendEmailMessages.recipientRequired, invalid: sendEmailMessages.recipientInvalid },
    'E-mailadres van de ontvanger',
  ),
  subject: z
    .string({ error: sendEmailMessages.subjectRequired })
    .trim()
    .min(1, sendEmailMessages.subjectRequired)
    .max(TEMPLATE_LIMITS.subject.max, m.subjectMax)
    .refine((v) => !CONTROL_CHARACTER.test(v), { error: m.subjectOneLine })
    .describe('Onderwerp (één regel); variabelen als {{order.orderNumber}} worden ingevuld'),
  message: z
    .string({ error: sendEmailMessages.messageRequired })
    .trim()
    .min(1, sendEmailMessages.messageRequired)
    .max(TEMPLATE_LIMITS.content.max, sendEmailMessages.messageMax)
    .describe('Het bericht als HTML; variabelen worden ingevuld, onveilige HTML wordt verwijderd'),
  ccEmail: singleAddressSchema({ invalid: sendEmailMessages.ccInvalid }, 'CC (optioneel; leeg voor geen)')
    .optional()
    .default(''),
  includePdf: z
    .boolean()
    .default(true)
    .describe('De PDF van de order als bijlage meesturen (standaard `true`)'),
  includeUbl: z
    .boolean()
    .default(false)
    .describe(
      'De order als Peppol UBL-bestand (`{orderNumber}.xml`, zoals GET /orders/{id}/ubl) als bijlage meesturen, voor het inkoopsysteem van de klant (standaard `false`)',
    ),
  includeConfirmationLink: z
    .boolean()
    .default(true)
    .describe(
      'Een persoonlijke link meesturen waarmee de klant de order bekijkt en akkoord geeft, afwijst of een wijziging aanvraagt (`{{order.confirmUrl}}`; standaard `true`). Een nieuwe verzending vervangt de link van een eerdere versie.',
    ),
  templateId: z
    .string()
    .max(100)
    .nullish()
    .describe('Het `_id` van het gebruikte template (optioneel; alleen voor de verzendgeschiedenis)'),
});
export type SendEmailInput = z.input<typeof sendEmailInput>;
export type SendEmailInputData = z.output<typeof sendEmailInput>;
