/**
 * The bench's databases: a fresh Postgres database `bench_<timestamp>_<kind><size>` (dropped
 * afterwards) or a PGlite data dir in a temp folder (removed afterwards), seeded in this process with
 * one account of N orders and 200 customers plus other accounts, all with a real argon2 password.
 * Seeding goes through scripts/seed-bulk.ts (the db part's bulk seeder).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import postgres from 'postgres';
import { type Db, openDatabase } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { seedBulkAccount, seedOtherAccounts } from '../seed-bulk';
import { ensureDemoUser } from '../seed-demo';
import type { ServerEnv } from './server-process';

export const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_EMAIL = 'bench@voorbeeld.nl';
export const BENCH_PASSWORD = 'Bench12345!';
export type DbKind = 'postgres' | 'pglite';

export type BenchDatabase = {
  kind: DbKind;
  size: number;
  label: string;
  server: ServerEnv;
  /** For the in-process seed (PGlite: the folder inside DATA_DIR the server opens, DATA_DIR/db). */
  open: () => ReturnType<typeof openDatabase>;
  drop: () => Promise<void>;
};

export function databaseUrlFor(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `tag` tells apart a database of another run at the same size (the many-organisations run: `_orgs`). */
export async function createBenchDatabase(
  kind: DbKind,
  size: number,
  stamp: string,
  tag = '',
): Promise<BenchDatabase> {
  const label = `${kind === 'postgres' ? 'Postgres' : 'PGlite'} ${size.toLocaleString('nl-NL')}`;
  if (kind === 'postgres') {
    const name = `bench_${stamp}_pg${size}${tag}`;
    const admin = postgres(ADMIN_URL, { onnotice: () => {}, max: 1 });
    try {
      await admin.unsafe(`create database ${name}`);
    } finally {
      await admin.end();
    }
    const databaseUrl = databaseUrlFor(name);
    return {
      kind,
      size,
      label,
      server: { databaseUrl },
      open: () => openDatabase({ databaseUrl }),
      drop: async () => {
        const a = postgres(ADMIN_URL, { onnotice: () => {}, max: 1 });
        try {
          await a.unsafe(`drop database if exists ${name} with (force)`);
        } finally {
          await a.end();
        }
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench_${stamp}_pglite${size}_`));
  return {
    kind,
    size,
    label,
    server: { dataDir },
    open: () => openDatabase({ dataDir: path.join(dataDir, 'db') }),
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

export type SeedOutcome = {
  database: string;
  kind: DbKind;
  size: number;
  otherAccounts: number;
  ordersEach: number;
  seconds: number;
  /** The e-mail addresses of the other accounts, all with BENCH_PASSWORD (login flood). */
  otherEmails: string[];
};

/** Seeds one database in this process and closes it again (PGlite: before the server opens the dir). */
export async function seedDatabase(
  target: BenchDatabase,
  passwordHash: string,
  others: { count: number; ordersEach: number },
): Promise<SeedOutcome> {
  const t0 = performance.now();
  const database = await target.open();
  try {
    const db = database.db;
    const userId = await ensureBenchUser(db, passwordHash);
    // The demo account owns the organisation of its own id (seed-demo.ts).
    await seedBulkAccount(db, { organizationId: userId, orders: target.size, customers: 200 });
    const ids = await seedOtherAccounts(db, { ...others, passwordHash });
    const otherEmails = ids.length
      ? (await db.select({ email: users.email }).from(users).where(inArray(users.id, ids))).map(
          (r) => r.email,
        )
      : [];
    return {
      database: target.label,
      kind: target.kind,
      size: target.size,
      otherAccounts: ids.length,
      ordersEach: others.ordersEach,
      seconds: (performance.now() - t0) / 1000,
      otherEmails,
    };
  } finally {
    await database.close();
  }
}

/** The account the screens are measured on: ensureDemoUser's full profile under the bench's address. */
async function ensureBenchUser(db: Db, passwordHash: string): Promise<string> {
  const id = await ensureDemoUser(db, async () => passwordHash);
  await db
    .update(users)
    .set({ email: BENCH_EMAIL, passwordHash })
    .where(inArray(users.id, [id]));
  return id;
}
