import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDeps } from '../test/context';
import { openTestDatabase, type TestDatabase } from '../test/db';
import { uniqueEmail } from '../test/helpers';
import { createCapturingMailer } from '../test/mailer';
import { createSignedInUser } from '../test/users';
import { buildApp } from './app';
import { createLogger, REDACTED, redactUrl, scrub } from './log';

/** Tokens in URLs and the values of failed queries never reach the log. */
const DOWNLOAD = `/api/pdf/download/INK-1-${'a'.repeat(32)}.pdf`;

describe('the log keeps no secrets (integration)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];
  const logText = () => lines.join('');

  beforeAll(async () => {
    database = await openTestDatabase();
    const log = createLogger('info', { write: (line: string) => void lines.push(line) });
    app = await buildApp({
      deps: { ...testDeps(database.db, createCapturingMailer()), log },
      serveClient: false,
      logger: log,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('writes request URLs without reset, verification or download tokens', async () => {
    const { token } = await createSignedInUser(database.db);
    const secrets = [
      'resettoken0123456789abcdef',
      'verifytoken0123456789abcd',
      'downloadtoken0123456789ab',
      'confirmtoken0123456789abc',
    ];
    await app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${secrets[0]}`,
      payload: { password: 'Geheim123!', confirmPassword: 'Geheim123!' },
    });
    await app.inject({ method: 'GET', url: `/api/auth/verify-email/${secrets[1]}` });
    await app.inject({ method: 'GET', url: `/api/pdf/download/INK-1-abc.pdf?token=${secrets[2]}` });
    await app.inject({ method: 'GET', url: `/api/pdf/download/INK-1-abc.pdf?x=1&token=${token}` });
    // The customer's order link: the page, its files and the JSON API.
    await app.inject({ method: 'GET', url: `/confirm/${secrets[3]}` });
    await app.inject({ method: 'GET', url: `/confirm/${secrets[3]}/pdf` });
    await app.inject({ method: 'GET', url: `/api/public/confirm/${secrets[3]}` });

    // The error fallback reports the browser's route, which can hold a token too.
    await app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: { message: 'Kapot', route: `/verify-email/${secrets[1]}` },
    });

    const text = logText();
    expect(text).toContain('/api/auth/reset-password/'); // the requests were logged…
    expect(text).toContain('/verify-email/');
    expect(text).toContain('/confirm/');
    expect(text).toContain(REDACTED);
    for (const secret of [...secrets, token]) expect(text).not.toContain(secret); // …without their tokens
  });

  /**
   * Every spelling of a secret in a URL, as a client may send it. `accepted`: the session token is
   * read from it (the download answers 404 for the unknown file, not 401).
   */
  const spellings: { name: string; url: (secret: string) => string; accepted?: boolean }[] = [
    { name: '?%74oken=', url: (t) => `${DOWNLOAD}?%74oken=${t}`, accepted: true },
    { name: '?tok%65n=', url: (t) => `${DOWNLOAD}?tok%65n=${t}`, accepted: true },
    { name: '?%54%4F%4B%45%4E= (upper case, encoded)', url: (t) => `${DOWNLOAD}?%54%4F%4B%45%4E=${t}` },
    { name: '?TOKEN=', url: (t) => `${DOWNLOAD}?TOKEN=${t}` },
    { name: '?Token= after another parameter', url: (t) => `${DOWNLOAD}?x=1&Token=${t}` },
    { name: '?token= repeated', url: (t) => `${DOWNLOAD}?token=${t}&token=${t}x`, accepted: true },
    { name: '?token= with a ; in its value', url: (t) => `${DOWNLOAD}?token=${t};x=1`, accepted: false },
    { name: ';token=', url: (t) => `${DOWNLOAD}?x=1;token=${t}` },
    { name: '?+token=', url: (t) => `${DOWNLOAD}?+token=${t}` },
    { name: '?tok%2565n= (double-encoded)', url: (t) => `${DOWNLOAD}?tok%2565n=${t}` },
    { name: '/verify%2Demail/', url: (t) => `/api/auth/verify%2Demail/${t}` },
    { name: '/verify%2demail/ on the client route', url: (t) => `/verify%2demail/${t}` },
    { name: '/Verify-Email/', url: (t) => `/api/auth/Verify-Email/${t}` },
    { name: '/verify-email%2F (encoded slash)', url: (t) => `/api/auth/verify-email%2F${t}` },
    { name: '/verify-email/ with an encoded slash inside', url: (t) => `/api/auth/verify-email/${t}%2Fx` },
    { name: '/reset%2Dpassword/', url: (t) => `/api/auth/reset%2Dpassword/${t}` },
    { name: '/%72eset-password/ (client route)', url: (t) => `/%72eset-password/${t}` },
    { name: '/reset-password// (double slash)', url: (t) => `/api/auth/reset-password//${t}` },
  ];

  it.each(spellings)('logs $name without the token', async ({ url, accepted }) => {
    const { token } = await createSignedInUser(database.db);
    const before = lines.length;
    const res = await app.inject({ method: 'GET', url: url(token) });
    if (accepted !== undefined) expect(res.statusCode).toBe(accepted ? 404 : 401);
    const text = lines.slice(before).join('');
    expect(text).toContain('incoming request'); // the request was logged…
    expect(text).toContain(REDACTED);
    expect(text).not.toContain(token); // …without the token
    expect(text).not.toContain(token.slice(0, 12));
  });

  it('logs a failed insert without its values: no password hash, no e-mail address, no password', async () => {
    const email = uniqueEmail('geheim');
    const password = 'ZeerGeheim123!';
    await database.db.execute(sql`alter table users add constraint geen_nieuwe check (false) not valid`);
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Jan', email, password, company: 'B' },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await database.db.execute(sql`alter table users drop constraint geen_nieuwe`);
    }
    const text = logText();
    expect(text).toMatch(/geen_nieuwe|check constraint|Failed query/); // the error itself was logged…
    expect(text).not.toContain(email); // …without the row's values
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain(password);
  });
});

describe('redaction', () => {
  it('takes tokens out of paths and query strings, and nothing else', () => {
    expect(redactUrl('/api/auth/reset-password/abc123?x=1')).toBe(`/api/auth/reset-password/${REDACTED}?x=1`);
    expect(redactUrl('/api/auth/verify-email/abc')).toBe(`/api/auth/verify-email/${REDACTED}`);
    expect(redactUrl('/api/pdf/download/a.pdf?token=abc&x=1')).toBe(
      `/api/pdf/download/a.pdf?token=${REDACTED}&x=1`,
    );
    expect(redactUrl('/api/orders?search=token')).toBe('/api/orders?search=token');
    expect(redactUrl('/api/orders?next=%2Fverify-email%2Fabc')).toBe(
      `/api/orders?next=%2Fverify-email%2F${REDACTED}`,
    );
    expect(redactUrl('http://localhost:3000/verify-email/abc')).toBe(
      `http://localhost:3000/verify-email/${REDACTED}`,
    );
    expect(redactUrl('/verify-email/')).toBe('/verify-email/');
    expect(redactUrl('/confirm/abc/pdf')).toBe(`/confirm/${REDACTED}`);
    expect(redactUrl('/api/public/confirm/abc?x=1')).toBe(`/api/public/confirm/${REDACTED}?x=1`);
    expect(redactUrl('/api/pdf/download/a.pdf?token=')).toBe('/api/pdf/download/a.pdf?token=');
  });

  it('recognises a secret by its decoded name and redacts it as written', () => {
    expect(redactUrl('/a.pdf?%74oken=abc&x=1')).toBe(`/a.pdf?%74oken=${REDACTED}&x=1`);
    expect(redactUrl('/a.pdf?x=1&TOK%65N=abc')).toBe(`/a.pdf?x=1&TOK%65N=${REDACTED}`);
    // The server reads the value up to the next '&': a ';' is part of it.
    expect(redactUrl('/a.pdf?token=abc;def&x=1')).toBe(`/a.pdf?token=${REDACTED}&x=1`);
    expect(redactUrl('/a.pdf?x=1;token=abc')).toBe(`/a.pdf?x=1;token=${REDACTED}`);
    expect(redactUrl('/api/auth/verify%2Demail/abc?x=1')).toBe(`/api/auth/verify%2Demail/${REDACTED}?x=1`);
    expect(redactUrl('/api/auth/verify-email%2Fabc%2Fdef')).toBe(`/api/auth/verify-email%2F${REDACTED}`);
    expect(redactUrl('GET:/api/auth/reset-password/abc not found')).toBe(
      `GET:/api/auth/reset-password/${REDACTED} not found`,
    );
    expect(redactUrl(`Bearer ik_${'A1b2'.repeat(8)} in /api?x=1`)).toBe(`Bearer ${REDACTED} in /api?x=1`);
  });

  it('drops query values and secret fields at any depth', () => {
    expect(
      scrub({
        message: 'm',
        params: ['a@b.nl', '$argon2id$x'],
        cause: { detail: 'Failing row contains (a@b.nl)' },
      }),
    ).toEqual({ message: 'm', params: REDACTED, cause: { detail: REDACTED } });
  });

  it('redacts messages and what they interpolate, fields and errors alike', () => {
    const written: string[] = [];
    const log = createLogger('info', { write: (line: string) => void written.push(line) });
    const secret = 'linksecret0123456789';
    log.info(`Route GET:/api/auth/verify%2Demail/${secret} not found`);
    log.info('Route %s not found', `/a.pdf?tok%65n=${secret}`);
    log.info({ route: `/reset%2Dpassword/${secret}` }, 'client error');
    log.error({ err: new Error(`fetch /a.pdf?%74oken=${secret} failed`) }, 'HTTP error');
    expect(written).toHaveLength(4);
    for (const line of written) expect(line).not.toContain(secret);
  });
});
