import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestCaller, testConfig } from '../test/context';
import { templatePglite } from '../test/db';
import { rejectionOf } from '../test/helpers';
import { createSignedInUser } from '../test/users';
import { startWebhookReceiver, waitFor } from '../test/webhook-receiver';
import { databaseOptions } from './database-options';
import { createServer } from './server';
import { pdfMessages } from './services/pdf/messages';

// Each server opens a copy of the run's migrated database (templatePglite) instead of migrating one of
// its own: what these tests check starts after the migrations, which migrations.int.test.ts and the
// built server's start (server-bundle.test.ts) test from scratch.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkoop-server-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('databaseOptions', () => {
  it('opens Postgres with a pool of DATABASE_POOL_SIZE, or PGlite in DATA_DIR/db', () => {
    const url = 'postgres://app@db:5432/inkoop';
    expect(databaseOptions(testConfig({ databaseUrl: url, databasePoolSize: 24 }))).toEqual({
      databaseUrl: url,
      dataDir: undefined,
      maxConnections: 24,
    });
    expect(databaseOptions(testConfig({ databaseUrl: undefined, dataDir: '/srv/data' }))).toMatchObject({
      databaseUrl: undefined,
      dataDir: path.join('/srv/data', 'db'),
    });
  });
});

describe('createServer and the PDF printer', () => {
  it('starts without Chromium, says how to provide one, answers PDF calls with the Dutch 503 and closes the printer with the server', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const config = testConfig({ dataDir, chromiumPath: '/nonexistent/chromium', pdfConcurrency: 3 });
    const server = await createServer(config, { serveClient: false, logger, pglite: templatePglite() });
    const { printer } = server.deps;
    try {
      expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const warning = lines
        .map((line) => JSON.parse(line))
        .find((entry) => String(entry.msg).includes('Chromium'));
      expect(warning?.level).toBe(40);
      expect(warning?.msg).toContain('CHROMIUM_PATH=/nonexistent/chromium');
      expect(warning?.msg).toContain('npx playwright install chromium');
      expect(warning?.msg).toContain('/usr/bin/chromium');
      expect(printer.available()).toBe(false);
      expect(printer.status()).toMatchObject({ concurrency: 3, browser: 'idle' });
      const err = await rejectionOf(printer.print({ html: '<p>x</p>' }));
      expect([err.code, err.message]).toEqual(['SERVICE_UNAVAILABLE', pdfMessages.unavailable]);
    } finally {
      // What main.ts runs on SIGTERM; printer.test.ts shows close() ending a running browser.
      await server.close();
    }
    expect(printer.status().browser).toBe('closed');
  }, 60_000); // the first file of a run to open a database makes the run's template, which takes a while
});

describe('createServer and the webhook deliveries', () => {
  type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

  /** A user subscribed to customer.created at `receiver` who then adds a customer: one event queued. */
  async function queueCustomerCreated(server: Awaited<ReturnType<typeof createServer>>, receiver: Receiver) {
    const { token } = await createSignedInUser(server.database.db);
    const caller = await createTestCaller(server.deps, { token });
    await caller.webhooks.create({ url: receiver.url('/hook'), events: ['customer.created'] });
    await caller.customers.create({ name: 'Sara Bakker', company: 'Bakker Advies', email: 'sara@bakker.nl' });
  }

  async function expectDelivered(receiver: Receiver, what: string) {
    await waitFor(what, () => receiver.at('/hook').length > 0, 60_000);
    expect(JSON.parse(receiver.at('/hook')[0]!.body)).toMatchObject({ type: 'customer.created' });
  }

  it('delivers an event queued before the server listened, once it listens (the worker starts with listening)', async () => {
    const receiver = await startWebhookReceiver();
    const config = testConfig({ dataDir: path.join(dataDir, 'webhooks'), webhookAllowPrivate: true });
    const server = await createServer(config, { serveClient: false, pglite: templatePglite() });
    try {
      await queueCustomerCreated(server, receiver);
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      await expectDelivered(receiver, 'de webhook na het luisteren');
    } finally {
      await server.close();
      await receiver.close();
    }
  }, 120_000);

  it('starts the deliveries once the queue can be reached, when it could not as the server began to listen', async () => {
    const receiver = await startWebhookReceiver();
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    const config = testConfig({ dataDir: path.join(dataDir, 'webhooks-late'), webhookAllowPrivate: true });
    const server = await createServer(config, { serveClient: false, logger, pglite: templatePglite() });
    const { db } = server.database;
    try {
      await queueCustomerCreated(server, receiver);
      // The queue out of reach, as with a database that is away: pg-boss cannot start on it.
      await db.execute(sql`alter schema pgboss rename to pgboss_weg`);
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const failures = () => lines.filter((line) => line.includes('the job queues did not start')).length;
      await waitFor('twee mislukte starts', () => failures() >= 2, 30_000);
      expect(receiver.at('/hook')).toEqual([]);
      await db.execute(sql`alter schema pgboss_weg rename to pgboss`);
      await expectDelivered(receiver, 'de webhook zodra de wachtrij er weer is');
    } finally {
      await server.close();
      await receiver.close();
    }
  }, 120_000);
});
