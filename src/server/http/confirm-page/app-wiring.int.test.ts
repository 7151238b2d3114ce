import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationMessages } from '../../../shared/order-confirmation-states';
import { fakeConfirmPort, sampleConfirmation } from '../../../test/confirm-page-fixtures';
import { testDeps } from '../../../test/context';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { createCapturingMailer } from '../../../test/mailer';
import { buildApp } from '../../app';
import { formTokenFor } from './cross-site';
import { PAGE_CSP } from './headers';

/**
 * The order page inside the whole app: the app's other answers (the client's index.html for unknown
 * paths, helmet's CSP, the JSON-only rule of /api) do not reach it, and the form's encoding passes
 * the edge that refuses it for the API.
 */
describe('the order page in the app (integration)', () => {
  let database: TestDatabase;
  let clientDir: string;
  const SECRET = Buffer.alloc(32, 3);
  const port = fakeConfirmPort({ waiting: sampleConfirmation() });
  let app: FastifyInstance;
  let unwired: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase();
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confirm-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Inkooporders app</title>');
    const deps = testDeps(database.db, createCapturingMailer());
    app = await buildApp({ deps, serveClient: true, clientDir, confirmPage: { port, formSecret: SECRET } });
    unwired = await buildApp({ deps, serveClient: true, clientDir });
  });
  afterAll(async () => {
    await app?.close();
    await unwired?.close();
    await database?.close();
    if (clientDir) fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('answers the page with its own CSP instead of the app’s', async () => {
    const res = await app.inject({ method: 'GET', url: '/confirm/waiting' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(PAGE_CSP);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('INK-2026-1042');
  });

  it('an address under /confirm/ that names nothing is the page’s 404, never the app', async () => {
    for (const url of ['/confirm/waiting/other', '/confirm/a/b/c', '/confirm/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain(confirmationMessages.notFound);
      expect(res.body).not.toContain('Inkooporders app');
    }
    // Elsewhere the client still answers.
    expect((await app.inject({ method: 'GET', url: '/orders' })).body).toContain('Inkooporders app');
  });

  it('takes the form’s own encoding, which the edge refuses for the API', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/confirm/waiting',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:3000',
        'sec-fetch-site': 'same-origin',
      },
      payload: `formToken=${formTokenFor(SECRET, 'waiting')}&decision=accept&name=Sanne`,
    });
    expect(res.statusCode).toBe(303);
    expect(port.calls.answer).toHaveLength(1);
  });

  it('brotli-compresses the page for a browser that takes it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/confirm/waiting',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBeLessThan(30 * 1024);
  });

  it('through the services, an unknown link is the 404 page and opens nothing', async () => {
    for (const url of ['/confirm/no-such-link', '/confirm/no-such-link/pdf', '/confirm/no-such-link/logo']) {
      const res = await unwired.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain(confirmationMessages.notFound);
    }
  });
});
