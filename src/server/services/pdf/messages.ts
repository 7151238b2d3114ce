/** Every Dutch sentence the PDF printer answers with, in one place so tests and the client can match them. */
export const pdfMessages = {
  /** Spec §8: the one message for a PDF that could not be made (time-out, crashed browser, bad page). */
  failed: 'Er is een fout opgetreden bij het genereren van de PDF.',
  unavailable:
    'Er is een fout opgetreden bij het genereren van de PDF: PDF-bestanden kunnen op deze server niet worden gemaakt. Neem contact op met de beheerder.',
  busy: 'Er worden op dit moment te veel PDF-bestanden tegelijk gemaakt. Probeer het over een paar seconden opnieuw.',
  /** A download that is not (or no longer) there: unknown, someone else's, older than a day. */
  fileNotFound: 'PDF-bestand niet gevonden of verlopen. Maak de PDF opnieuw.',
} as const;
