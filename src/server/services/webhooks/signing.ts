import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` + base64 of
 * random bytes; the signature is base64 HMAC-SHA256, keyed with those bytes, of `id.timestamp.body`.
 */
const PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(24).toString('base64')}`;
}

export function sign(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  return createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
}

/** The three headers a delivery carries. */
export function signatureHeaders(secret: string, id: string, timestampSeconds: number, body: string) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `v1,${sign(secret, id, timestampSeconds, body)}`,
  };
}
