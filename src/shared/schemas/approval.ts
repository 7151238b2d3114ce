import { APPROVAL_NOTE_MAX, APPROVAL_STATES, approvalMessages } from '../approval-states';
import { z } from '../zod-nl';

/**
 * Four eyes on a large order: an order at or above the organisation's threshold (excl. VAT), written by
 * a role the rule applies to, may be saved and printed but not sent until an owner or admin other than
 * its author approved the version that goes out. The state is derived, never stored as such:
 *   not_required  the rule does not apply to this order (no threshold, below it, or the author's role)
 *   required      it applies and nothing valid was asked or decided for the order as it is now
 *   requested     the author asked; the approvers decide
 *   approved      an approver approved exactly this version (customer, lines, VAT, verlegd)
 *   rejected      an approver refused this version, with a reason
 * A change to the customer, the lines, quantities, prices, VAT or verlegd after a request or decision
 * makes it `required` again; a change to project, reference or the other fields does not.
 */
// The states, their rule and their words are in ../approval-states.ts, without zod: the orders list
// and the dashboard show them and load no zod on their first visit.
export {
  APPROVAL_BLOCKING_STATES,
  APPROVAL_FILTER_LABEL,
  APPROVAL_NOTE_MAX,
  APPROVAL_PDF_MARK,
  APPROVAL_REQUIRED_CODE,
  APPROVAL_STATE_LABELS,
  APPROVAL_STATES,
  type ApprovalState,
  approvalBlocksSending,
  approvalMessages,
} from '../approval-states';

const person = (description: string) =>
  z
    .object({
      id: z.string().describe('Id van de gebruiker (uuid)'),
      name: z.string().describe('Naam van de gebruiker'),
    })
    .nullable()
    .describe(`${description}; null als er (nog) niemand is of dat account is verwijderd`);

/** `approval` of GET /orders/{id} and of the approval calls' answer. */
export const approvalOutput = z.object({
  state: z
    .enum(APPROVAL_STATES)
    .describe(
      'not_required (geen goedkeuring nodig), required (nodig, nog niet aangevraagd), requested (aangevraagd), approved (goedgekeurd: deze versie mag worden verzonden) of rejected (afgewezen, zie reason). Een wijziging van klant, regels, aantallen, prijzen, btw of verlegd zet requested, approved en rejected terug naar required.',
    ),
  requestedBy: person('Wie goedkeuring aanvroeg'),
  requestedAt: z
    .string()
    .nullable()
    .describe('Moment van de aanvraag (ISO 8601, UTC); null als er (nog) geen aanvraag is'),
  note: z.string().nullable().describe('De toelichting bij de aanvraag; null als er geen was'),
  decidedBy: person('Wie goedkeurde of afwees'),
  decidedAt: z
    .string()
    .nullable()
    .describe('Moment van goedkeuren of afwijzen (ISO 8601, UTC); null zolang er niet is beslist'),
  reason: z.string().nullable().describe('De reden van afwijzing; null als de order niet is afgewezen'),
});
export type Approval = z.infer<typeof approvalOutput>;

const optionalNote = z
  .string()
  .trim()
  .max(APPROVAL_NOTE_MAX, { error: approvalMessages.noteMax })
  .optional()
  .describe('Optionele toelichting voor wie goedkeurt');

/** POST /orders/{id}/approval/request (the order's id is added by the router). */
export const approvalRequestInput = z.object({ note: optionalNote });
export type ApprovalRequestInput = z.input<typeof approvalRequestInput>;

/** POST /orders/{id}/approval/reject. */
export const approvalRejectInput = z.object({
  reason: z
    .string({ error: approvalMessages.reasonRequired })
    .trim()
    .min(1, { error: approvalMessages.reasonRequired })
    .max(APPROVAL_NOTE_MAX, { error: approvalMessages.reasonMax })
    .describe('Waarom de order is afgewezen; de auteur ziet dit bij de order'),
});
export type ApprovalRejectInput = z.input<typeof approvalRejectInput>;

/** What the three approval calls answer: the confirmation and the approval as it now is. */
export const approvalActionOutput = z.object({
  success: z.literal(true).describe('Altijd `true` bij een geslaagde aanroep'),
  message: z.string().describe('Bevestiging in het Nederlands, bedoeld om te tonen'),
  approval: approvalOutput.describe('De goedkeuring van de order zoals die nu is'),
});
export type ApprovalActionResult = z.infer<typeof approvalActionOutput>;
