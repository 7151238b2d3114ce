/**
 * The customer's answer to an order, without zod: its states and every word the API, the public page,
 * the lists and the dashboard say about it (the orders list and the dashboard load no zod on their
 * first visit). The schemas of the calls are in schemas/order-confirmation.ts, which re-exports this.
 */

/** What the customer may post: the public page's three buttons. */
export const CONFIRMATION_DECISIONS = ['accept', 'reject', 'change'] as const;
export type ConfirmationDecision = (typeof CONFIRMATION_DECISIONS)[number];

/** The answer as recorded on the order (`customerResponse.decision`). */
export const CUSTOMER_DECISIONS = ['accepted', 'rejected', 'changes_requested'] as const;
export type CustomerDecision = (typeof CUSTOMER_DECISIONS)[number];

export const DECISION_RECORDED_AS: Record<ConfirmationDecision, CustomerDecision> = {
  accept: 'accepted',
  reject: 'rejected',
  change: 'changes_requested',
};

export const CONFIRMATION_LINE_STATUSES = ['accepted', 'changed', 'rejected'] as const;
export type ConfirmationLineStatus = (typeof CONFIRMATION_LINE_STATUSES)[number];

/** A link's state: the latest send's link of an order, or the link a customer opened. */
export const CONFIRMATION_STATES = ['waiting', 'answered', 'replaced', 'expired'] as const;
export type ConfirmationState = (typeof CONFIRMATION_STATES)[number];

/** `GET /api/orders?response=`: orders whose latest link waits, or whose answer is one of these. */
export const RESPONSE_FILTERS = ['waiting', 'accepted', 'changes_requested', 'rejected'] as const;
export type ResponseFilter = (typeof RESPONSE_FILTERS)[number];

/** The orders list's second badge and its filter, one word per state. */
export const RESPONSE_LABELS: Record<ResponseFilter, string> = {
  waiting: 'Wacht op akkoord',
  accepted: 'Akkoord',
  changes_requested: 'Wijziging gevraagd',
  rejected: 'Afgewezen',
};

/** How long a link works after the send that carried it. */
export const CONFIRMATION_LINK_DAYS = 90;

export const CONFIRMATION_NAME_MAX = 200;
export const CONFIRMATION_NOTE_MAX = 2000;

/** The public page's and the send dialog's words. */
export const confirmationLabels = {
  accept: 'Akkoord',
  reject: 'Afwijzen',
  change: 'Wijziging aanvragen',
  lineAccepted: 'Goed zo',
  lineChanged: 'Ander aantal of leverdag',
  lineRejected: 'Niet gewenst',
  name: 'Uw naam',
  note: 'Toelichting',
  deliveryDate: 'Gewenste leverdag',
  downloadPdf: 'PDF downloaden',
  downloadUbl: 'UBL-bestand downloaden',
  /** The send dialog's checkbox ('includeConfirmationLink'). */
  includeLink: 'Bevestigingslink meesturen',
  /** The default order template's button. */
  templateButton: 'Order bekijken en bevestigen',
  takeOver: 'Wijzigingen overnemen',
} as const;

export const confirmationMessages = {
  decision: 'Kies Akkoord, Afwijzen of Wijziging aanvragen',
  nameRequired: 'Naam is verplicht',
  nameMax: `Naam mag maximaal ${CONFIRMATION_NAME_MAX} tekens bevatten`,
  noteMax: `Toelichting mag maximaal ${CONFIRMATION_NOTE_MAX} tekens bevatten`,
  reasonRequired: 'Geef een reden op waarom u de order afwijst',
  linesRequired: 'Geef bij minstens één regel een wijziging op, of kies Akkoord',
  lineIndex: 'Onbekende regel van de order',
  lineStatus: 'Kies per regel: goed zo, ander aantal of leverdag, of niet gewenst',
  lineChangeEmpty: 'Geef een ander aantal of een andere leverdag op',
  lineTwice: 'Elke regel mag maar één keer voorkomen',
  notFound: 'Deze link is onbekend. Controleer of u de volledige link uit de e-mail heeft gebruikt.',
  replaced:
    'Deze order is gewijzigd en er is een nieuwe versie verstuurd. Gebruik de link in de nieuwste e-mail.',
  expired: 'Deze link is verlopen. Vraag de verkoper om de order opnieuw te versturen.',
  cancelled: 'Deze order is geannuleerd door de verkoper. U hoeft niets meer te doen.',
  alreadyAnswered: 'Op deze order is al geantwoord. Het antwoord hieronder is vastgelegd.',
  tooMany: 'Te veel pogingen. Probeer het over enkele minuten opnieuw.',
  crossSite:
    'Dit formulier kan alleen vanaf de orderpagina zelf worden verstuurd. Open de link uit de e-mail opnieuw.',
  recorded: 'Uw antwoord is vastgelegd. De verkoper heeft bericht gekregen.',
} as const;

/** 'Wijzigingen overnemen' (POST /orders/{id}/customer-response/apply) and its refusals. */
export const takeOverMessages = {
  done: 'De wijzigingen van de klant zijn overgenomen. Verstuur de order opnieuw om de klant om akkoord te vragen.',
  noChangeRequest: 'De klant heeft bij de laatste verzending van deze order geen wijziging gevraagd.',
  alreadyApplied: 'De gevraagde wijzigingen zijn al overgenomen.',
  noLinesLeft:
    'De klant wil geen enkele regel meer. Een order zonder regels kan niet bestaan: pas de order zelf aan of annuleer hem.',
  linesChanged:
    'De order heeft niet meer de regels waarop de klant antwoordde. Neem de wijzigingen met de hand over.',
  noCustomer: 'Deze order heeft geen klant meer. Kies eerst een klant in het orderformulier.',
  tooLarge: 'Met de gevraagde aantallen wordt een bedrag te groot. Neem de wijzigingen met de hand over.',
} as const;

/** The order form's panel and the dashboard about the customer's answer. */
export const responseLabels = {
  panelTitle: 'Antwoord van de klant',
  waitingNow: 'Wacht op akkoord',
  declinedInPeriod: 'Afgewezen',
  changesInPeriod: 'Wijziging gevraagd',
  takeOverTitle: 'Wijzigingen overnemen?',
  takeOverConfirm:
    'De order krijgt een nieuwe versie met de gevraagde aantallen, zonder de regels die de klant niet wil, en met de gevraagde leverdag. Verstuur hem daarna opnieuw: de klant geeft dan opnieuw antwoord.',
  takingOver: 'Wijzigingen overnemen…',
  appliedAt: 'Wijzigingen overgenomen op',
  filter: 'Antwoord klant',
  allResponses: 'Alle antwoorden',
} as const;
