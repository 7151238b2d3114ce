/** Every Dutch sentence of two-step sign-in, in one place so tests and the client can match them. */
export const twoFactorMessages = {
  /** The login's answer when the second step is needed. */
  codeNeeded: 'Voer de code uit uw authenticator-app in.',
  /** The one answer of the second step for an unknown, expired or used challenge and for a wrong code. */
  secondStepFailed: 'De code is onjuist of verlopen. Probeer het opnieuw of log opnieuw in.',
  alreadyOn: 'Tweestapsverificatie staat al aan.',
  setupFirst: 'Start eerst het instellen van tweestapsverificatie.',
  enableCodeWrong:
    'De code klopt niet. Controleer of de tijd op uw telefoon goed staat en probeer het opnieuw.',
  disabled: 'Tweestapsverificatie is uitgeschakeld.',
  passwordWrong: 'Het wachtwoord is onjuist.',
  codeWrong: 'De code klopt niet.',
  notOn: 'Tweestapsverificatie staat niet aan.',
  memberReset: (name: string) => `Tweestapsverificatie van ${name} is uitgezet.`,
  memberNotOn: (name: string) => `Tweestapsverificatie van ${name} staat niet aan.`,
  resetSelf:
    'Uw eigen tweestapsverificatie zet u uit in Beveiliging, met uw wachtwoord en een code uit de app.',
} as const;
