/**
 * The bench's databases: a fresh Postgres database `bench_<timestamp>_<kind><size>` (dropped
 * afterwards) or a PGlite data dir in a temp folder (removed afterwards), seeded in this process with
 * one account of N orders and 200 customers plus other accounts, all with a real argon2 password.
 *
 * Seeding goes through scripts/seed-bulk.ts (the db part's bulk seeder) when it exists; until then
 * scripts/seed-demo.ts stands in with the same interface (slower, row batches from JavaScript).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { inArray } from 'drizzle-orm';
import postgres from 'postgres';
import { type Db, openDatabase } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { ensureDemoUser, seedDemoData } from '../seed-demo';
import { root, type ServerEnv } from './server-process';

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

export async function createBenchDatabase(kind: DbKind, size: number, stamp: string): Promise<BenchDatabase> {
  const label = `${kind === 'postgres' ? 'Postgres' : 'PGlite'} ${size.toLocaleString('nl-NL')}`;
  if (kind === 'postgres') {
    const name = `bench_${stamp}_pg${size}`;
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

/** The interface of scripts/seed-bulk.ts (db part). */
export type BulkSeeder = {
  seedBulkAccount: (
    db: Db,
    opts: { userId: string; orders: number; customers?: number; now?: Date },
  ) => Promise<unknown>;
  seedOtherAccounts: (
    db: Db,
    opts: { count: number; ordersEach: number; passwordHash: string },
  ) => Promise<string[]>;
};

/** seed-demo.ts behind the bulk seeder's interface, for as long as seed-bulk.ts is not there. */
export const standInSeeder: BulkSeeder = {
  seedBulkAccount: (db, { userId, orders, customers, now }) =>
    seedDemoData(db, userId, { orders, customers: customers ?? 200, ...(now ? { now } : {}) }),
  seedOtherAccounts: async (db, { count, ordersEach, passwordHash }) => {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({
          email: `bench-ander-${i + 1}@voorbeeld.nl`,
          passwordHash,
          name: `Ander ${i + 1}`,
          company: `Ander ${i + 1} B.V.`,
          isEmailVerified: true,
        })),
      )
      .returning({ id: users.id });
    for (const [i, row] of rows.entries()) {
      await seedDemoData(db, row.id, { orders: ordersEach, customers: 20, seed: 100 + i });
    }
    return rows.map((r) => r.id);
  },
};

export async function loadSeeder(): Promise<{ seeder: BulkSeeder; source: string }> {
  const file = path.join(root, 'scripts/seed-bulk.ts');
  if (!fs.existsSync(file)) return { seeder: standInSeeder, source: 'scripts/seed-demo.ts (invaller)' };
  const mod = (await import(pathToFileURL(file).href)) as Partial<BulkSeeder>;
  if (typeof mod.seedBulkAccount !== 'function' || typeof mod.seedOtherAccounts !== 'function') {
    return { seeder: standInSeeder, source: 'scripts/seed-demo.ts (seed-bulk.ts mist de functies)' };
  }
  return { seeder: mod as BulkSeeder, source: 'scripts/seed-bulk.ts' };
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
  seeder: BulkSeeder,
  passwordHash: string,
  others: { count: number; ordersEach: number },
): Promise<SeedOutcome> {
  const t0 = performance.now();
  const database = await target.open();
  try {
    const db = database.db;
    const userId = await ensureBenchUser(db, passwordHash);
    await seeder.seedBulkAccount(db, { userId, orders: target.size, customers: 200 });
    const ids = await seeder.seedOtherAccounts(db, { ...others, passwordHash });
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
