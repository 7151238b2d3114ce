/**
 * Four eyes on a large order, without zod: the approval's states, which of them keep an order from
 * going out, and every word the API and the screens say about it. The orders list, its rows and the
 * dashboard need these on their first load, and zod is loaded only by the screens that validate forms;
 * the schemas of the calls are in schemas/approval.ts, which re-exports all of this.
 */
export const APPROVAL_STATES = ['not_required', 'required', 'requested', 'approved', 'rejected'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/** The states in which the order may not be sent, e-mailed, exported or confirmed. */
export const APPROVAL_BLOCKING_STATES: readonly ApprovalState[] = ['required', 'requested', 'rejected'];
export const approvalBlocksSending = (state: ApprovalState) => APPROVAL_BLOCKING_STATES.includes(state);

export const APPROVAL_STATE_LABELS: Record<ApprovalState, string> = {
  not_required: 'Geen goedkeuring nodig',
  required: 'Goedkeuring nodig',
  requested: 'Wacht op goedkeuring',
  approved: 'Goedgekeurd',
  rejected: 'Afgewezen',
};

/** The orders list's filter and the dashboard's card. */
export const APPROVAL_FILTER_LABEL = 'Wacht op goedkeuring';

/** The mark across the PDF of an order that may not go out yet. */
export const APPROVAL_PDF_MARK = 'Concept — wacht op goedkeuring';

/** The code of the 409 that refuses to send an order that needs approval (REST and tRPC alike). */
export const APPROVAL_REQUIRED_CODE = 'APPROVAL_REQUIRED';

export const APPROVAL_NOTE_MAX = 1000;

export const approvalMessages = {
  required:
    'Deze order moet eerst worden goedgekeurd door een eigenaar of beheerder voordat hij kan worden verzonden. Vraag goedkeuring aan op de order.',
  notRequired: 'Deze order heeft geen goedkeuring nodig.',
  alreadyRequested: 'Voor deze order is al goedkeuring aangevraagd.',
  alreadyApproved: 'Deze order is al goedgekeurd.',
  notRequested:
    'Voor deze order is geen goedkeuring aangevraagd. Vraag de auteur om goedkeuring aan te vragen.',
  onlyAuthorRequests: 'Alleen wie de order schreef kan goedkeuring aanvragen.',
  ownOrder:
    'U kunt uw eigen order niet goedkeuren of afwijzen. Een andere eigenaar of beheerder moet dit doen.',
  apiKeyNoDecision:
    'Een API-sleutel kan geen orders goedkeuren of afwijzen. Log in als eigenaar of beheerder om dit te doen.',
  noApprovers:
    'Er is geen andere eigenaar of beheerder die deze order kan goedkeuren. Nodig een beheerder uit via Team.',
  reasonRequired: 'Reden is verplicht',
  reasonMax: `Reden mag maximaal ${APPROVAL_NOTE_MAX} tekens bevatten`,
  noteMax: `Toelichting mag maximaal ${APPROVAL_NOTE_MAX} tekens bevatten`,
  requested: 'Goedkeuring aangevraagd. De eigenaar en beheerders hebben een e-mail gekregen.',
  approved: 'Order goedgekeurd. Hij kan nu worden verzonden.',
  rejected: 'Order afgewezen. De auteur ziet de reden bij de order.',
} as const;

/** The buttons, dialogs and fields of the order's approval panel. */
export const approvalLabels = {
  panelTitle: 'Goedkeuring',
  request: 'Goedkeuring aanvragen',
  approve: 'Goedkeuren',
  reject: 'Afwijzen',
  note: 'Toelichting',
  noteHint: 'Optioneel: wat de eigenaar of beheerder moet weten om te beslissen.',
  reason: 'Reden',
  reasonHint: 'De auteur ziet de reden bij de order.',
  requestDescription:
    'De eigenaar en de beheerders krijgen een e-mail met een link naar deze order. Tot een van hen hem goedkeurt, kan de order niet worden verzonden.',
  rejectDescription:
    'De order kan dan niet worden verzonden. De auteur ziet uw reden bij de order en kan hem aanpassen en opnieuw goedkeuring aanvragen.',
  cancel: 'Annuleren',
  toOrder: 'Naar de order',
  waitingLink: 'Bekijk de orders',
} as const;

/** The dialogs' titles, with the order's number. */
export const approvalDialogTitles = {
  request: (orderNumber: string) => `Goedkeuring aanvragen voor order ${orderNumber}`,
  reject: (orderNumber: string) => `Order ${orderNumber} afwijzen`,
} as const;

/** What the panel says under the state, for the author, an approver, or someone else. */
export const approvalExplanations = {
  requiredAuthor: approvalMessages.required,
  requiredOther:
    'Deze order moet eerst worden goedgekeurd door een eigenaar of beheerder voordat hij kan worden verzonden. Wie de order schreef, vraagt goedkeuring aan.',
  requestedApprover:
    'Bekijk de order en keur hem goed of wijs hem af. Tot dan kan hij niet worden verzonden.',
  requestedOther: 'Een eigenaar of beheerder beoordeelt de order. Tot dan kan hij niet worden verzonden.',
  approved: 'Deze versie van de order is goedgekeurd en kan worden verzonden.',
  approvedEditable:
    'Deze versie van de order is goedgekeurd en kan worden verzonden. Wijzigt u de klant, de regels, aantallen, prijzen, btw of verlegd, dan is opnieuw goedkeuring nodig.',
  rejectedAuthor: 'Pas de order aan en vraag opnieuw goedkeuring aan.',
  rejectedOther: 'Wie de order schreef, kan hem aanpassen en opnieuw goedkeuring aanvragen.',
  ownOrderRequested:
    'U kunt uw eigen order niet goedkeuren. Een andere eigenaar of beheerder beoordeelt hem.',
  saveFirst: 'Sla eerst uw wijzigingen op: de goedkeuring gaat over de opgeslagen order.',
} as const;

/** A change to what was asked, approved or refused, before it is saved. */
export const APPROVAL_CHANGE_WARNING: Partial<Record<ApprovalState, string>> = {
  requested:
    'U wijzigt klant, regels, prijzen, btw of verlegd. Na opslaan vervalt de aanvraag en is opnieuw goedkeuring nodig.',
  approved:
    'U wijzigt klant, regels, prijzen, btw of verlegd. Na opslaan vervalt de goedkeuring en is opnieuw goedkeuring nodig voordat de order kan worden verzonden.',
  rejected:
    'U wijzigt klant, regels, prijzen, btw of verlegd. Na opslaan kunt u opnieuw goedkeuring aanvragen.',
};

/** When the call itself failed without a message of the server's. */
export const approvalErrors = {
  request: 'Er is een fout opgetreden bij het aanvragen van goedkeuring.',
  approve: 'Er is een fout opgetreden bij het goedkeuren van de order.',
  reject: 'Er is een fout opgetreden bij het afwijzen van de order.',
} as const;

/** 'Aangevraagd', 'Goedgekeurd', 'Afgewezen': the verb before 'door … op … om …'. */
export const APPROVAL_EVENT_LABELS = {
  requested: 'Aangevraagd',
  approved: 'Goedgekeurd',
  rejected: 'Afgewezen',
} as const;

/** The dashboard's notice: '1 order wacht op uw goedkeuring', '3 orders wachten op uw goedkeuring'. */
export function approvalsWaitingText(count: number): string {
  const n = count.toLocaleString('nl-NL');
  return count === 1 ? `${n} order wacht op uw goedkeuring` : `${n} orders wachten op uw goedkeuring`;
}

/** Under the dashboard's count. */
export const APPROVALS_WAITING_DETAIL =
  'Orders van collega’s die pas kunnen worden verzonden als een eigenaar of beheerder ze goedkeurt.';

/** A row's send button while the order may not go out: 'Order INK-2026-1001 kan nog niet worden verzonden: …'. */
export function sendBlockedLabel(orderNumber: string, state: ApprovalState): string {
  return `Order ${orderNumber} kan nog niet worden verzonden: ${APPROVAL_STATE_LABELS[state].toLowerCase()}`;
}
