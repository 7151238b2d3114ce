import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { hostOf, isForbiddenAddress } from './address';

export const DELIVERY_TIMEOUT_MS = 10_000;
export const EXCERPT_CHARS = 500;
/** More of the answer than the excerpt is never read. */
const MAX_READ_BYTES = 16 * 1024;

export type DeliveryPolicy = {
  /** WEBHOOK_ALLOW_PRIVATE: loopback and private targets allowed (development, tests). */
  allowPrivate: boolean;
  /** http:// targets allowed (WEBHOOK_ALLOW_PRIVATE or NODE_ENV=development). */
  allowHttp: boolean;
  timeoutMs?: number;
};

export type DeliveryResult = {
  statusCode: number | null;
  durationMs: number;
  success: boolean;
  error: string | null;
  responseExcerpt: string;
};

class RefusedAddress extends Error {}

/**
 * DNS for one delivery: every address the name has is checked, and the connection goes to a checked
 * one (Node connects to what `lookup` answers), so a name that answers a public address to a check and
 * a private one to the connect (DNS rebinding) cannot slip through.
 */
function checkedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const refused = allowPrivate ? undefined : list.find((a) => isForbiddenAddress(a.address));
      if (refused) return callback(new RefusedAddress(REFUSED_NAME), '', 0);
      if (list.length === 0) return callback(new Error(`Geen adres gevonden voor ${hostname}`), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * What the delivery log says of a refused target. Never the address a name resolved to: the log is
 * the account's to read, and what an internal name stands for is no business of theirs.
 */
export const REFUSED_ADDRESS = 'Adres geweigerd: dit is een intern of gereserveerd adres';
export const REFUSED_NAME = 'Adres geweigerd: de naam wijst naar een intern of gereserveerd adres';

/** Why a URL cannot be delivered to before any connection is made, or null. */
export function urlRefusal(url: URL, policy: DeliveryPolicy): string | null {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp))
    return `Alleen https-adressen zijn toegestaan (${url.protocol}// geweigerd)`;
  const host = hostOf(url);
  if (!policy.allowPrivate && net.isIP(host) !== 0 && isForbiddenAddress(host)) return REFUSED_ADDRESS;
  return null;
}

/**
 * One POST of a signed body: 10 s for the whole exchange, redirects not followed (a 3xx is a failed
 * attempt), at most a short excerpt of the answer kept.
 */
export async function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  policy: DeliveryPolicy,
): Promise<DeliveryResult> {
  const started = performance.now();
  const done = (r: Omit<DeliveryResult, 'durationMs' | 'success'>): DeliveryResult => ({
    ...r,
    durationMs: Math.round(performance.now() - started),
    success: r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300,
  });
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return done({ statusCode: null, error: 'Ongeldige URL', responseExcerpt: '' });
  }
  const refusal = urlRefusal(url, policy);
  if (refusal) return done({ statusCode: null, error: refusal, responseExcerpt: '' });

  const timeoutMs = policy.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise<DeliveryResult>((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        lookup: checkedLookup(policy.allowPrivate),
        signal,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Inkooporders-Webhooks/1',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let read = 0;
        const finish = () => {
          const text = Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS);
          resolve(done({ statusCode: res.statusCode ?? null, error: null, responseExcerpt: text }));
          res.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          read += chunk.length;
          if (read >= MAX_READ_BYTES) finish();
        });
        res.on('end', finish);
        // The status is in; a body cut off (timeout, reset) still leaves the attempt's answer.
        res.on('error', finish);
      },
    );
    req.on('error', (err: Error & { code?: string }) => {
      const error = signal.aborted
        ? `Time-out: geen antwoord binnen ${timeoutMs / 1000} seconden`
        : err instanceof RefusedAddress
          ? err.message
          : `Verbindingsfout: ${err.code ?? err.message}`;
      resolve(done({ statusCode: null, error, responseExcerpt: '' }));
    });
    req.end(body);
  });
}

/** The policy the configuration gives: http only with WEBHOOK_ALLOW_PRIVATE or in development. */
export function deliveryPolicyOf(config: { webhookAllowPrivate: boolean; nodeEnv: string }): DeliveryPolicy {
  return {
    allowPrivate: config.webhookAllowPrivate,
    allowHttp: config.webhookAllowPrivate || config.nodeEnv === 'development',
  };
}
