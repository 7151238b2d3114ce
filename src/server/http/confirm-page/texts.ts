import { type ConfirmationLineStatus, confirmationLabels } from '../../../shared/order-confirmation-states';

/**
 * The page's own words. What the API, the lists and the e-mails say as well (the decisions, the line
 * choices, the messages) is in shared/order-confirmation-states.ts; these are only said here.
 */
export const pageTexts = {
  documentTitle: 'Order',
  from: 'Van',
  to: 'Aan',
  delivery: 'Levering',
  deliveryDate: 'Gewenste leverdag',
  deliveryAddress: 'Afleveradres',
  lines: 'Orderregels',
  line: 'Regel',
  description: 'Omschrijving',
  quantity: 'Aantal',
  price: 'Prijs',
  vat: 'BTW',
  total: 'Totaal',
  documents: 'Documenten',
  pdfHint: 'De order zoals u hem per e-mail kreeg',
  ublHint: 'Voor uw inkoop- of boekhoudsysteem (Peppol)',
  waitingIntro: 'vraagt u deze order te bevestigen. Kies hieronder wat u wilt doen.',
  yourAnswer: 'Uw antwoord',
  whatToDo: 'Wat wilt u doen?',
  acceptHint: 'U gaat akkoord met de order zoals hij is.',
  rejectHint: 'U wijst de order af. Geef in de toelichting de reden op.',
  changeHint:
    'U vraagt per regel een ander aantal of een andere leverdag, of geeft aan dat u een regel niet wenst.',
  acceptDayHint: 'Alleen bij Akkoord; leeg laten als de leverdag van de order goed is.',
  perLine: 'Per regel',
  perLineHint: 'Alleen bij Wijziging aanvragen.',
  requestedQuantity: 'Gewenst aantal',
  requestedDay: 'Gewenste leverdag',
  optional: '(optioneel)',
  required: '(verplicht)',
  noteHint: 'Verplicht bij Afwijzen: de reden.',
  submit: 'Antwoord versturen',
  errorSummary: 'Controleer uw antwoord',
  answeredBy: 'Gegeven door',
  answeredAt: 'Vastgelegd op',
  decision: 'Beslissing',
  note: 'Toelichting',
  changedLines: 'Gevraagde wijzigingen',
  otherLinesFine: 'De overige regels zijn goed zo.',
  notFoundTitle: 'Link onbekend',
  goneTitle: 'Deze link werkt niet meer',
  replacedTitle: 'Deze order is gewijzigd',
  crossSiteTitle: 'Antwoord niet verstuurd',
  tooManyTitle: 'Even geduld',
  errorTitle: 'Er ging iets mis',
  fileUnavailableTitle: 'Bestand niet beschikbaar',
  errorMessage: 'Er ging iets mis bij het openen van deze order. Probeer het later opnieuw.',
  backToOrder: 'Terug naar de order',
  privacy: 'Deze pagina is persoonlijk: deel de link niet met anderen.',
} as const;

export const lineStatusLabel: Record<ConfirmationLineStatus, string> = {
  accepted: confirmationLabels.lineAccepted,
  changed: confirmationLabels.lineChanged,
  rejected: confirmationLabels.lineRejected,
};
