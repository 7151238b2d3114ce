import type { OpenAPIObject } from 'trpc-to-openapi';

/**
 * The groups of the REST API, in the order /api/docs shows them: first how to get in (an account, a
 * key), then the business data, then what surrounds it. An operation names its group in its router's
 * `meta.openapi.tags`; this list gives each group its description, and openapi-spectral.test.ts
 * holds the two together (every group used is defined here, and nothing else is).
 */
export const API_TAGS = [
  {
    name: 'auth',
    description:
      'Account en sessie: registreren, het e-mailadres verifiëren, inloggen en uitloggen, het bedrijfsprofiel, het wachtwoord en de sessies. Registreren, inloggen en de herstelroutes werken zonder inloggen.',
  },
  {
    name: 'api-keys',
    description:
      'API-sleutels voor integraties, die alleen mogen lezen of ook mogen schrijven. Alleen met een sessie te beheren, nooit met een sleutel: een uitgelekte sleutel kan geen nieuwe maken.',
  },
  {
    name: 'organization',
    description:
      'De organisatie (het bedrijf) en wie erin werkt: de leden met hun rol, een rol wijzigen, een lid verwijderen, het eigendom overdragen en de organisatie verlaten; uitnodigingen versturen, opnieuw versturen en intrekken; en een uitnodiging bekijken en accepteren via de link uit de e-mail; en de regels voor iedereen erin: vanaf welk bedrag een order goedkeuring nodig heeft en of tweestapsverificatie verplicht is. Ieder lid mag de leden en de regels zien; wijzigen en uitnodigen doen de eigenaar en beheerders, met een sessie.',
  },
  {
    name: 'customers',
    description:
      'Klanten: de bedrijven waarvoor u orders schrijft. Een order bewaart de klantgegevens van het moment waarop hij werd opgeslagen.',
  },
  {
    name: 'orders',
    description:
      'Inkooporders met regels en btw: aanmaken, bijwerken, verwijderen, per e-mail versturen en als UBL-bestand (Peppol) ophalen. De server kent het ordernummer toe en rekent de bedragen uit.',
  },
  {
    name: 'order-settings',
    description:
      'Ordernummering: voorvoegsel, startnummer en of het jaartal in het nummer staat, en een voorbeeld van het volgende nummer.',
  },
  {
    name: 'pdf',
    description:
      "PDF's van orders, in twee stappen: maken met GET /pdf/orders/{id}, daarna het bestand ophalen met GET /pdf/download/{filename}.",
  },
  {
    name: 'pdf-settings',
    description:
      'De huisstijl van de PDF: het logo (ook in de e-mails aan klanten), kleuren, template, lettertype, voettekst en of de bankrekening erop staat.',
  },
  {
    name: 'email-templates',
    description:
      'E-mailtemplates met variabelen als {{customer.name}}: beheren, vullen met voorbeeldgegevens en als testmail versturen.',
  },
  {
    name: 'webhooks',
    description:
      'Webhooks: een https-adres krijgt bij elke gekozen gebeurtenis een ondertekend bericht (Standard Webhooks). Welke berichten dat zijn staat onder Webhooks.',
  },
  {
    name: 'audit-log',
    description:
      'Het logboek van de organisatie: elke wijziging, verzending en aanmelding met wie, wanneer en vanaf welk IP-adres. Alleen voor eigenaar en beheerder; 2 jaar bewaard.',
  },
  {
    name: 'public-confirm',
    description:
      'De kant van de klant: elke verstuurde order draagt een persoonlijke link (`/confirm/{token}`). Met het token uit die link bekijkt de klant de order zoals verstuurd en geeft hij akkoord, wijst hij hem af of vraagt hij een wijziging aan, ook vanuit zijn eigen systeem. Zonder inloggen of API-sleutel.',
  },
  {
    name: 'system',
    description: 'De gezondheid van de server en foutmeldingen van de app zelf; zonder inloggen.',
  },
] as const;

export function describeTags(doc: OpenAPIObject): OpenAPIObject {
  doc.tags = API_TAGS.map((tag) => ({ ...tag }));
  return doc;
}
