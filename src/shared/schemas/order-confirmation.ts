import {
  CONFIRMATION_DECISIONS,
  CONFIRMATION_LINE_STATUSES,
  CONFIRMATION_NAME_MAX,
  CONFIRMATION_NOTE_MAX,
  CONFIRMATION_STATES,
  CUSTOMER_DECISIONS,
  confirmationMessages,
} from '../order-confirmation-states';
import { isoDayInput } from '../rules/date-input';
import { parseQuantity } from '../rules/quantity';
import { z } from '../zod-nl';
import {
  customerSnapshotOutput,
  orderItemOutput,
  orderMessages,
  quantityProblem,
  vatByRateOutput,
} from './order';
import { deliveryAddressOutput, deliveryMessages } from './order-delivery';

/**
 * The customer answers an order: each order e-mail carries a personal link to a public page
 * (`/confirm/{token}`) and the same over JSON (`/api/public/confirm/{token}`). The page's form posts
 * exactly confirmationAnswerInput, so the page and the JSON API cannot drift. The answer is final for
 * the version that was sent; a newer send replaces the link.
 */
export * from '../order-confirmation-states';

const requestedDay = (description: string) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      isoDayInput({
        invalid: deliveryMessages.deliveryDate,
        range: deliveryMessages.deliveryDateRange,
      }).optional(),
    )
    .describe(description);

const answerQuantity = z
  .union([z.number(), z.string().max(20)], { error: orderMessages.quantity })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || (typeof v === 'string' && v.trim() === '')) return undefined;
    const parsed = parseQuantity(v);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: 'custom', message: quantityProblem(v) ?? orderMessages.quantity });
    return z.NEVER;
  })
  .describe('Het gewenste aantal (bij status changed), geschreven zoals bij een orderregel');

/** One line of a change request: the line by its place on the order (0 = the first). */
export const confirmationLineInput = z
  .object({
    lineIndex: z
      .number({ error: confirmationMessages.lineIndex })
      .int({ error: confirmationMessages.lineIndex })
      .min(0, { error: confirmationMessages.lineIndex })
      .describe('De regel, geteld vanaf 0 in de volgorde van de order'),
    status: z
      .enum(CONFIRMATION_LINE_STATUSES, { error: confirmationMessages.lineStatus })
      .describe('accepted (goed zo), changed (ander aantal en/of leverdag) of rejected (niet gewenst)'),
    quantity: answerQuantity,
    deliveryDate: requestedDay('Gewenste leverdag voor deze regel als JJJJ-MM-DD (bij status changed)'),
  })
  .superRefine((line, ctx) => {
    if (line.status === 'changed' && line.quantity === undefined && line.deliveryDate === undefined)
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: confirmationMessages.lineChangeEmpty });
  });

/** POST /api/public/confirm/{token}, and the public page's form. */
export const confirmationAnswerInput = z
  .object({
    decision: z
      .enum(CONFIRMATION_DECISIONS, { error: confirmationMessages.decision })
      .describe(
        'accept (akkoord), reject (afwijzen; note verplicht) of change (wijziging aanvragen; lines verplicht)',
      ),
    name: z
      .string({ error: confirmationMessages.nameRequired })
      .trim()
      .min(1, { error: confirmationMessages.nameRequired })
      .max(CONFIRMATION_NAME_MAX, { error: confirmationMessages.nameMax })
      .describe('Naam van wie antwoordt (verplicht)'),
    note: z
      .string()
      .trim()
      .max(CONFIRMATION_NOTE_MAX, { error: confirmationMessages.noteMax })
      .optional()
      .describe('Toelichting; verplicht bij reject'),
    deliveryDate: requestedDay('Gewenste leverdag als JJJJ-MM-DD (optioneel, bij accept)'),
    lines: z
      .array(confirmationLineInput)
      .max(500)
      .optional()
      .describe('Per regel het antwoord; verplicht bij change, met minstens één regel die niet accepted is'),
  })
  .superRefine((answer, ctx) => {
    if (answer.decision === 'reject' && !answer.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: confirmationMessages.reasonRequired });
    if (answer.decision === 'change') {
      const lines = answer.lines ?? [];
      if (!lines.some((line) => line.status !== 'accepted'))
        ctx.addIssue({ code: 'custom', path: ['lines'], message: confirmationMessages.linesRequired });
      const seen = new Set<number>();
      for (const line of lines) {
        if (seen.has(line.lineIndex))
          ctx.addIssue({ code: 'custom', path: ['lines'], message: confirmationMessages.lineTwice });
        seen.add(line.lineIndex);
      }
    }
  });
export type ConfirmationAnswerInput = z.input<typeof confirmationAnswerInput>;
export type ConfirmationAnswer = z.output<typeof confirmationAnswerInput>;

/** `customerResponse` of GET /orders/{id}, and what the public POST answers. */
export const customerResponseOutput = z.object({
  decision: z
    .enum(CUSTOMER_DECISIONS)
    .describe('accepted (akkoord), rejected (afgewezen) of changes_requested (wijziging gevraagd)'),
  respondedAt: z.string().describe('Moment van het antwoord (ISO 8601, UTC)'),
  respondentName: z.string().describe('Naam die de klant opgaf'),
  note: z.string().nullable().describe('Toelichting van de klant; null als er geen was'),
  deliveryDate: z.string().nullable().describe('Gewenste leverdag als JJJJ-MM-DD; null als niet opgegeven'),
  lines: z
    .array(
      z.object({
        lineIndex: z.number().int().describe('De regel, geteld vanaf 0'),
        status: z.enum(CONFIRMATION_LINE_STATUSES).describe('accepted, changed of rejected'),
        quantity: z.number().nullable().describe('Gewenst aantal; null als ongewijzigd'),
        deliveryDate: z
          .string()
          .nullable()
          .describe('Gewenste leverdag voor de regel; null als niet opgegeven'),
      }),
    )
    .describe('Per regel het antwoord (alleen bij changes_requested; anders leeg)'),
});
export type CustomerResponse = z.infer<typeof customerResponseOutput>;

/** `confirmation` of GET /orders/{id}: the link of the latest send. */
export const confirmationOutput = z.object({
  sentAt: z.string().describe('Moment waarop de link werd verzonden (ISO 8601, UTC)'),
  expiresAt: z.string().describe('Moment waarop de link verloopt (90 dagen na verzenden; ISO 8601, UTC)'),
  state: z
    .enum(CONFIRMATION_STATES)
    .describe(
      'waiting (wacht op antwoord), answered (beantwoord), replaced (vervangen door een nieuwere verzending) of expired (verlopen)',
    ),
});
export type Confirmation = z.infer<typeof confirmationOutput>;

const sellerOutput = z.object({
  company: z.string().describe('Bedrijfsnaam van de verkoper'),
  address: z.string().describe('Adres'),
  postalCode: z.string().describe('Postcode'),
  city: z.string().describe('Plaats'),
  kvkNumber: z.string().describe("KVK-nummer; '' als niet ingevuld"),
  btwNumber: z.string().describe("BTW-nummer; '' als niet ingevuld"),
});

/**
 * GET /api/public/confirm/{token}: the order exactly as it was sent with this link (not as it may have
 * been edited since), and where the answer stands. The public page shows the same.
 */
export const publicConfirmationOutput = z.object({
  orderNumber: z.string().describe('Ordernummer'),
  date: z.string().describe('Orderdatum als JJJJ-MM-DD (Europe/Amsterdam)'),
  reference: z.string().describe("Referentie; '' als niet ingevuld"),
  project: z.string().describe("Project; '' als niet ingevuld"),
  seller: sellerOutput.describe('Het bedrijf dat de order stuurde'),
  // As the PDF shows the customer: without the KVK number, which the snapshot keeps for the UBL file.
  customer: customerSnapshotOutput.omit({ kvkNumber: true }).describe('De klant zoals op de order'),
  deliveryDate: z.string().nullable().describe('Gewenste leverdag als JJJJ-MM-DD; null als niet opgegeven'),
  deliveryAddress: deliveryAddressOutput.nullable().describe('Afleveradres; null als er geen is'),
  items: z.array(orderItemOutput).describe('De orderregels, in volgorde (lineIndex 0 is de eerste)'),
  totals: z
    .object({
      subtotal: z.number().describe('Subtotaal exclusief btw in euro'),
      vat: z.number().describe('Btw in euro (0 bij btw verlegd)'),
      total: z.number().describe('Totaal in euro'),
      vatByRate: z.array(vatByRateOutput).describe('De btw per tarief'),
    })
    .describe('De totalen zoals op de PDF'),
  btwVerlegd: z.boolean().describe('Of de btw is verlegd naar de klant'),
  state: z
    .enum(CONFIRMATION_STATES)
    .describe(
      'waiting (wacht op antwoord), answered (beantwoord), replaced (vervangen door een nieuwere versie) of expired (verlopen)',
    ),
  expiresAt: z.string().describe('Moment waarop de link verloopt (ISO 8601, UTC)'),
  response: customerResponseOutput.nullable().describe('Het antwoord; null zolang er niet is geantwoord'),
});
export type PublicConfirmation = z.infer<typeof publicConfirmationOutput>;
