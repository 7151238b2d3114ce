import { INVITATION_OPEN_LIMIT, INVITATION_SEND_WINDOW_MINUTES } from '../../../shared/schemas/invitation';

/** The Dutch sentences the invitation calls answer with. */
export const invitationMessages = {
  created: 'De uitnodiging is verstuurd.',
  resent: 'De uitnodiging is opnieuw verstuurd.',
  withdrawn: 'De uitnodiging is ingetrokken.',
  notFound: 'Uitnodiging niet gevonden.',
  alreadyMember: (email: string) => `${email} is al lid van deze organisatie.`,
  alreadyInvited: (email: string) =>
    `Er staat al een uitnodiging open voor ${email}. Verstuur die opnieuw of trek hem eerst in.`,
  tooManyOpen: `Er staan al ${INVITATION_OPEN_LIMIT} uitnodigingen open. Trek er eerst een in voordat u iemand anders uitnodigt.`,
  tooManySent: `Er zijn te veel uitnodigingen verstuurd. Probeer het over ${INVITATION_SEND_WINDOW_MINUTES} minuten opnieuw.`,
  mailFailed:
    'De uitnodiging is opgeslagen, maar de e-mail kon niet worden verzonden. Probeer het later opnieuw met "Opnieuw versturen".',
  linkUnknown:
    'Deze uitnodigingslink bestaat niet (meer). Controleer de link, of vraag de organisatie om een nieuwe uitnodiging.',
  linkExpired: 'Deze uitnodiging is verlopen. Vraag de organisatie om een nieuwe uitnodiging.',
  linkUsed:
    'Deze uitnodiging is al gebruikt. Log in om verder te gaan, of vraag de organisatie om een nieuwe uitnodiging.',
  linkWithdrawn: 'Deze uitnodiging is ingetrokken. Vraag de organisatie om een nieuwe uitnodiging.',
  wrongAccount: (email: string) =>
    `Deze uitnodiging is voor ${email}. Log uit en log in met dat account (of maak het aan) om de uitnodiging te accepteren.`,
  wrongEmail: (email: string) => `Deze uitnodiging is voor ${email}. Registreer met dat e-mailadres.`,
  memberAlready: (organizationName: string) => `U bent al lid van ${organizationName}.`,
  accountExists: 'Er bestaat al een account met dit e-mailadres. Log in om de uitnodiging te accepteren.',
  accepted: (organizationName: string) => `Welkom bij ${organizationName}.`,
};
