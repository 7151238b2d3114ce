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

/** Issue 11 item 1: tokens in URLs and the values of failed queries never reach the log. */
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
    const secrets = ['resettoken0123456789abcdef', 'verifytoken0123456789abcd', 'downloadtoken0123456789ab'];
    await app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${secrets[0]}`,
      payload: { password: 'Geheim123!', confirmPassword: 'Geheim123!' },
    });
    await app.inject({ method: 'GET', url: `/api/auth/verify-email/${secrets[1]}` });
    await app.inject({ method: 'GET', url: `/api/pdf/download/INK-1-abc.pdf?token=${secrets[2]}` });
    await app.inject({ method: 'GET', url: `/api/pdf/download/INK-1-abc.pdf?x=1&token=${token}` });

    // The error fallback reports the browser's route, which can hold a token too.
    await app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: { message: 'Kapot', route: `/verify-email/${secrets[1]}` },
    });

    const text = logText();
    expect(text).toContain('/api/auth/reset-password/'); // the requests were logged…
    expect(text).toContain('/verify-email/');
    expect(text).toContain(REDACTED);
    for (const secret of [...secrets, token]) expect(text).not.toContain(secret); // …without their tokens
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
});
