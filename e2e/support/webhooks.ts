import { createHmac } from 'node:crypto';

/** Standard Webhooks verification as an integrator writes it (README). */
export function verifyWebhook(secret: string, headers: Record<string, unknown>, body: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`)
    .digest('base64');
  return headers['webhook-signature'] === `v1,${expected}`;
}
