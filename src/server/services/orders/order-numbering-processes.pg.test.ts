import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amsterdamYear } from '../../../shared/dates';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { insertCustomer, orderPayload } from '../../../test/orders-fixtures';
import { postgresForTestFile } from '../../../test/postgres';
import { createSignedInUser } from '../../../test/users';

/**
 * Scaling out (ARCHITECTURE.md): two server processes on one Postgres database, 10 orders posted to
 * each at the same moment, must hand out 20 unique, consecutive numbers. PGlite lives inside one
 * process, so this runs on Postgres only: TEST_DATABASE_URL, or else the local server.
 */
const { serverUrl, unreachable } = await postgresForTestFile(import.meta.filename);
const root = path.resolve(import.meta.dirname, '../../../..');
const worker = path.join(root, 'src/test/order-server-worker.ts');

function startServer(databaseUrl: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', worker], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve({ child, port: (JSON.parse(line) as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${stderr}`)));
  });
}

// Two processes cannot share one embedded PGlite, so this file runs in the Postgres pass only
// (scripts/test.mjs leaves *.pg.test.ts out of the PGlite pass).
describe.skipIf(unreachable)('order numbers across two server processes (Postgres)', () => {
  let database: TestDatabase;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    database = await openTestDatabase({ serverUrl });
  });
  afterAll(async () => {
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null) return resolve();
            c.once('exit', () => resolve());
            c.kill('SIGTERM');
          }),
      ),
    );
    await database?.close();
  });

  it('20 concurrent creates through two processes → 20 consecutive unique numbers', async () => {
    const url = new URL(serverUrl);
    url.pathname = `/${database.name}`;
    const servers = await Promise.all([startServer(url.toString()), startServer(url.toString())]);
    children.push(...servers.map((s) => s.child));

    const { user, token } = await createSignedInUser(database.db);
    const customer = await insertCustomer(database.db, user.id);
    const post = (port: number) =>
      fetch(`http://127.0.0.1:${port}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(orderPayload(customer.id)),
      }).then(async (res) => {
        expect(res.status).toBe(200);
        return ((await res.json()) as { orderNumber: string }).orderNumber;
      });

    const numbers = await Promise.all(servers.flatMap((s) => Array.from({ length: 10 }, () => post(s.port))));
    const year = amsterdamYear(new Date());
    expect(new Set(numbers).size).toBe(20);
    expect([...numbers].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `INK-${year}-${1001 + i}`));
  }, 60_000);
});
