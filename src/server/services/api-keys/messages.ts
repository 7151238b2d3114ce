/** The Dutch texts of API keys that the server answers with. */
export const apiKeyServiceMessages = {
  notFound: 'API-sleutel niet gevonden.',
  revoked: 'API-sleutel is ingetrokken.',
  tooMany: (max: number) =>
    `U heeft al ${max} API-sleutels. Trek een sleutel in die u niet meer gebruikt en probeer het opnieuw.`,
  readOnly:
    'Deze API-sleutel heeft alleen leestoegang. Gebruik een sleutel met schrijftoegang om gegevens te wijzigen.',
  sessionOnly:
    'Dit kan niet met een API-sleutel. Log in op Inkooporders om API-sleutels en de beveiliging van uw account te beheren.',
  rateLimited: 'Te veel verzoeken met deze API-sleutel. Probeer het over enkele seconden opnieuw.',
} as const;
