import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import postgres from 'postgres';
import { openDatabase } from '../db/client';
import { startPglite } from '../db/pglite-start';
import { JOB_QUEUE_ROWS } from '../server/jobs/queues';

/**
 * The migrated database every test file starts from, made once per test run and copied per file:
 * opening a database migrates it and installs the job queue, which took each file seconds. The
 * template is made by the same openDatabase the server runs, so a copy is what a start-up leaves
 * behind (the migrations themselves are tested from scratch in migrations.int.test.ts,
 * concurrent-migrations.pg.test.ts and the process tests).
 *
 * Vitest runs test files in several processes. The run's folder (given by vitest-global-setup.ts)
 * holds what they share: the first process to need a template makes it under a lock file, the others
 * wait for it. The folder, and the PostgreSQL templates listed in it, go at the end of the run.
 */

/** PGlite's data folder as dumpDataDir() writes it, loaded by each test file's own PGlite. */
export async function pgliteTemplate(runDir: string): Promise<Blob> {
  const file = await makeOnce(runDir, 'pglite-template.tar', async (tmp) => {
    const booting = startPglite(undefined);
    const database = await openDatabase({ dataDir: 'memory://', pglite: booting, jobQueues: JOB_QUEUE_ROWS });
    try {
      const dump = await (await booting).dumpDataDir('none');
      fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
  });
  return new Blob([fs.readFileSync(file)]);
}

/** What vitest-global-setup.ts drops at the end of the run: one PostgreSQL template per server. */
export type PostgresTemplate = { serverUrl: string; name: string };

export const POSTGRES_TEMPLATE_PREFIX = 'postgres-template-';

/**
 * The name of a migrated database on the server at `serverUrl`, to `CREATE DATABASE … TEMPLATE`
 * from. It takes no connections (ALLOW_CONNECTIONS false): PostgreSQL copies a database only while
 * no one is connected to it.
 */
export async function postgresTemplate(runDir: string, serverUrl: string): Promise<string> {
  const key = createHash('sha256').update(serverUrl).digest('hex').slice(0, 12);
  const name = `inkoop_tmpl_${path.basename(runDir).replace(/\W/g, '').slice(-12)}_${key}`.toLowerCase();
  const file = await makeOnce(runDir, `${POSTGRES_TEMPLATE_PREFIX}${key}.json`, async (tmp) => {
    const record: PostgresTemplate = { serverUrl, name };
    // Listed first, so that the end of the run drops it also when making it fails half-way.
    fs.writeFileSync(
      path.join(runDir, `${POSTGRES_TEMPLATE_PREFIX}${key}.pending.json`),
      JSON.stringify(record),
    );
    await withAdmin(serverUrl, async (admin) => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.unsafe(`create database "${name}"`);
    });
    const database = await openDatabase({
      databaseUrl: databaseUrlOn(serverUrl, name),
      maxConnections: 2,
      jobQueues: JOB_QUEUE_ROWS,
    });
    await database.close();
    await withAdmin(serverUrl, (admin) =>
      admin.unsafe(`alter database "${name}" with allow_connections false`),
    );
    fs.writeFileSync(tmp, JSON.stringify(record));
  });
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as PostgresTemplate).name;
}

/** Drops a template made by postgresTemplate (the end of the run). */
export async function dropPostgresTemplate({ serverUrl, name }: PostgresTemplate): Promise<void> {
  await withAdmin(serverUrl, (admin) => admin.unsafe(`drop database if exists "${name}" with (force)`));
}

/** `serverUrl` with another database. */
export function databaseUrlOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin<T>(serverUrl: string, use: (admin: postgres.Sql) => Promise<T>): Promise<T> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    return await use(admin);
  } finally {
    await admin.end({ timeout: 5 });
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * `runDir/name`, made by `make` (into a temporary path it is given) in exactly one process of the run:
 * the first to take `name.lock`. The others wait until the file is there; should the maker die
 * without making it, the next one takes the lock over.
 */
async function makeOnce(runDir: string, name: string, make: (tmp: string) => Promise<void>): Promise<string> {
  const file = path.join(runDir, name);
  const lock = `${file}.lock`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (fs.existsSync(file)) return file;
    let mine = false;
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      mine = true;
    } catch {}
    if (mine) {
      const tmp = `${file}.${process.pid}.tmp`;
      try {
        await make(tmp);
        fs.renameSync(tmp, file);
        return file;
      } finally {
        fs.rmSync(tmp, { force: true });
        fs.rmSync(lock, { force: true });
      }
    }
    let holder = 0;
    try {
      holder = Number(fs.readFileSync(lock, 'utf8'));
    } catch {
      continue; // released meanwhile: look again
    }
    // An empty lock file is one being written this instant.
    if (holder > 0 && !isAlive(holder)) {
      fs.rmSync(lock, { force: true });
      continue;
    }
    if (Date.now() > deadline)
      throw new Error(`${name} was not made within 240 s (process ${holder} holds ${lock})`);
    await delay(50);
  }
}
