import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test/context';
import { rejectionOf } from '../test/helpers';
import { createServer, databaseOptions } from './server';
import { pdfMessages } from './services/pdf/messages';

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
    const server = await createServer(config, { serveClient: false, logger });
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
  }, 60_000); // migrating a fresh embedded database takes a while on a busy machine
});
