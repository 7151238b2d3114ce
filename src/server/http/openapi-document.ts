import { generateOpenApiDocument } from 'trpc-to-openapi';
import { describeApiConventions } from '../openapi/api-conventions';
import { describeExamples } from '../openapi/examples';
import { describeTags } from '../openapi/tags';
import { describeWebhooks } from '../openapi/webhooks';
import { appRouter } from '../routers';
import { describeErrorBodies } from './error-body-schema';
import { describePdfDownload } from './pdf-download';

/**
 * The REST API's OpenAPI document. Its own module, imported only when the document is first asked
 * for (api-docs.ts): generating it, and loading zod-openapi to do so, is no part of start-up.
 */
/** The top of /api/docs: what the API is, and 'Aan de slag' in three steps (issue 13). */
const apiIntroduction = (
  baseUrl: string,
) => `REST-toegang tot Inkooporders: klanten, inkooporders, PDF's en e-mail, met dezelfde regels als de app. Download het [OpenAPI-document](/api/openapi.json).

## Aan de slag

1. **Maak een API-sleutel** in Bedrijfsinstellingen › Beveiliging › API-sleutels (of met POST /api-keys terwijl u bent ingelogd). Kies *Lezen* of *Lezen en schrijven*. De sleutel (\`ik_…\`) ziet u één keer: bewaar hem veilig.
2. **Doe een aanroep** met de sleutel als bearer-token:

   \`\`\`sh
   curl "${baseUrl}/api/orders?limit=50" -H "Authorization: Bearer ik_…"
   \`\`\`

   Een lijst met \`limit\` geeft \`X-Total-Count\` en een \`Link\`-header (next/prev). Stuur bij POST /orders, POST /customers en POST /orders/{id}/send-email een eigen \`Idempotency-Key\` mee: een herhaling maakt dan niets dubbel.
3. **Ontvang webhooks**: meld een https-adres aan in Bedrijfsinstellingen › Beveiliging › Webhooks (of met POST /webhooks). Elke levering is ondertekend volgens Standard Webhooks. Controleer de handtekening zo (Node):

   \`\`\`js
   const { createHmac, timingSafeEqual } = require('node:crypto');
   function isEcht(secret, headers, body) {
     const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
     const signed = \`\${headers['webhook-id']}.\${headers['webhook-timestamp']}.\${body}\`;
     const expected = createHmac('sha256', key).update(signed).digest('base64');
     return headers['webhook-signature'].split(' ').some((s) => {
       const given = Buffer.from(s.replace(/^v1,/, ''));
       return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));
     });
   }
   \`\`\`

   Gebruik de ruwe body zoals ontvangen, en weiger een \`webhook-timestamp\` die meer dan 5 minuten afwijkt.

Fouten antwoorden altijd met \`{message, code}\` in het Nederlands, bij ongeldige invoer met \`details\` per veld. Te veel verzoeken geeft 429 met \`Retry-After\`; met een API-sleutel dragen alle antwoorden \`RateLimit-Limit\`, \`RateLimit-Remaining\` en \`RateLimit-Reset\`.`;

export function buildOpenApiDocument(baseUrl: string) {
  const doc = generateOpenApiDocument(appRouter, {
    title: 'Inkooporders API',
    description: apiIntroduction(baseUrl),
    version: '1.0.0',
    // Who answers for the API is the deployment itself: its name and its own reference pages.
    contact: { name: 'Inkooporders', url: `${baseUrl}/api/docs` },
    baseUrl: `${baseUrl}/api`,
  });
  return describeTags(
    describeWebhooks(describeExamples(describeApiConventions(describePdfDownload(describeErrorBodies(doc))))),
  );
}
