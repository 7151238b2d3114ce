import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresForTestFile } from '../test/postgres';
import { type Database, migrationsFolder, openDatabase } from './client';

/**
 * Several server processes on one PostgreSQL database (replicas behind a proxy, compose.yaml) start
 * together: each migrates at start-up, and they must not trip over each other on a new database.
 */
const { serverUrl, unreachable } = await postgresForTestFile(import.meta.filename);

describe.skipIf(unreachable)('migrations at start-up on one new PostgreSQL database (Postgres)', () => {
  const name = `inkoop_test_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
  let url: string;
  const opened: Database[] = [];

  beforeAll(async () => {
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`create database "${name}"`);
    } finally {
      await admin.end({ timeout: 5 });
    }
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
    } finally {
      await admin.end({ timeout: 5 });
    }
  });

  it('lets four processes open it at once: one migrates, the others wait and find nothing to do', async () => {
    // A pool of one, as DATABASE_POOL_SIZE=1 allows: the lock must not take the migrator's connection.
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => openDatabase({ databaseUrl: url, maxConnections: 1 })),
    );
    for (const r of results) if (r.status === 'fulfilled') opened.push(r.value);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
    ]);
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    const check = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const rows = await check<{ n: number }[]>`select count(*)::int as n from drizzle.__drizzle_migrations`;
      expect(rows[0]?.n).toBe(journal.entries.length);
    } finally {
      await check.end({ timeout: 5 });
    }
  });
});
