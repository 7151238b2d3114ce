/** Every Dutch sentence the auth calls answer with, in one place so tests and the client can match them. */
export const authMessages = {
  registered: 'Registratie gelukt. Controleer uw e-mail om uw account te activeren.',
  registerMailFailed:
    'Uw registratie is ontvangen, maar de e-mail kon niet worden verzonden. Probeer het later opnieuw of vraag een nieuwe verificatie e-mail aan via "opnieuw verzenden" op de inlogpagina.',
  invalidCredentials: 'Onjuist e-mailadres of wachtwoord.',
  emailNotVerified:
    'Uw e-mailadres is nog niet geverifieerd. Controleer uw inbox of vraag een nieuwe verificatie e-mail aan.',
  loggedOut: 'U bent succesvol uitgelogd.',
  verificationResent: 'Verificatie e-mail is opnieuw verzonden.',
  alreadyVerified: 'Uw e-mailadres is al geverifieerd.',
  verificationResentPublic:
    'Als dit e-mailadres bij ons bekend is en nog niet geverifieerd, is er een nieuwe verificatie e-mail verzonden.',
  forgotPassword:
    'Als dit e-mailadres bij ons bekend is, ontvangt u binnen enkele minuten een e-mail met een link om uw wachtwoord te resetten. De link is 30 minuten geldig.',
  passwordReset: 'Uw wachtwoord is succesvol gewijzigd. U kunt nu inloggen met uw nieuwe wachtwoord.',
  invalidResetToken: 'Ongeldige of verlopen reset link. Vraag een nieuwe aan.',
  verified: 'Uw e-mailadres is succesvol geverifieerd. U kunt nu inloggen.',
  verifiedAlready: 'Uw e-mailadres is al geverifieerd. U kunt inloggen.',
  verifyExpired: 'Uw verificatie link is verlopen. Vraag een nieuwe verificatie e-mail aan.',
  verifyInvalid: 'Verificatie token niet gevonden. Mogelijk is de link al gebruikt of ongeldig.',
} as const;
