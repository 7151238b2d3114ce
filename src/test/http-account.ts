import { STRONG_PASSWORD, uniqueEmail } from './helpers';

/**
 * An account made the way a person makes one, over HTTP against a running server (a process of its
 * own, see server-process.ts): register, follow the verification link, sign in.
 */

export const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** The verification link of the newest mail to `email` in the server's outbox (/dev/mail.json). */
export async function outboxLink(base: string, email: string): Promise<string | undefined> {
  const res = await fetch(`${base}/dev/mail.json?to=${encodeURIComponent(email)}`);
  const mails = (await res.json()) as { links: string[] }[];
  return mails.flatMap((m) => m.links).find((l) => l.includes('/verify-email/'));
}

/**
 * Registers (the server hashes the password), then follows the verification link, read by
 * `verificationLink` (default: the outbox; a server with SMTP_URL mails it instead).
 */
export async function registerAndVerify(
  base: string,
  opts: { email?: string; verificationLink?: (email: string) => Promise<string | undefined> } = {},
): Promise<string> {
  const email = opts.email ?? uniqueEmail('http');
  const readLink = opts.verificationLink ?? ((address: string) => outboxLink(base, address));
  const reg = await postJson(`${base}/api/auth/register`, {
    name: 'Jan Jansen',
    email,
    password: STRONG_PASSWORD,
    company: 'Jansen BV',
    profileCompleted: false,
  });
  if (reg.status !== 200) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const deadline = Date.now() + 30_000;
  let link: string | undefined;
  while (!link && Date.now() < deadline) {
    link = await readLink(email);
    if (!link) await new Promise((r) => setTimeout(r, 50));
  }
  if (!link) throw new Error(`no verification mail for ${email}`);
  const token = link.slice(link.lastIndexOf('/') + 1);
  const verified = await fetch(`${base}/api/auth/verify-email/${token}`);
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${await verified.text()}`);
  return email;
}

export type HttpAccount = { email: string; token: string; headers: { authorization: string } };

/** A verified account, signed in: its bearer header for the calls that follow. */
export async function signUpOverHttp(
  base: string,
  opts: Parameters<typeof registerAndVerify>[1] = {},
): Promise<HttpAccount> {
  const email = await registerAndVerify(base, opts);
  const res = await postJson(`${base}/api/auth/login`, {
    email,
    password: STRONG_PASSWORD,
    rememberMe: false,
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { email, token, headers: { authorization: `Bearer ${token}` } };
}

export type Api = {
  get: (path: string) => Promise<Response>;
  post: (path: string, body?: unknown) => Promise<Response>;
};

/**
 * JSON calls to a running server as `account`. Each gives up after `timeoutMs` (an AbortSignal
 * TimeoutError): a call that does not answer is a failure to report, not something to wait out.
 */
export function apiAs(base: string, account: HttpAccount, timeoutMs = 60_000): Api {
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      signal: AbortSignal.timeout(timeoutMs),
      headers: { ...account.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { get: (path) => call('GET', path), post: (path, body = {}) => call('POST', path, body) };
}

/** A customer of the account, made over REST; its id. */
export async function customerOverHttp(api: Api): Promise<string> {
  const res = await api.post('/api/customers', {
    name: 'Sara Bakker',
    company: 'Bakker Advies',
    email: 'sara@bakker.nl',
  });
  if (res.status !== 200) throw new Error(`customer: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { _id: string })._id;
}
