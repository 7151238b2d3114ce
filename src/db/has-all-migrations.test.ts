import { describe, expect, it } from 'vitest';
import journal from '../../drizzle/meta/_journal.json';
import { hasAllMigrations, migrationsFolder } from './client';

const newest = String(Math.max(...journal.entries.map((e) => e.when)));
const older = String(Number(newest) - 1);

describe('hasAllMigrations', () => {
  it('is true only when the newest recorded migration is the folder’s newest', async () => {
    expect(await hasAllMigrations(async () => newest, migrationsFolder)).toBe(true);
    expect(await hasAllMigrations(async () => older, migrationsFolder)).toBe(false);
  });

  it('is false for a database with no migration recorded, or no record table yet', async () => {
    expect(await hasAllMigrations(async () => null, migrationsFolder)).toBe(false);
    expect(await hasAllMigrations(async () => undefined, migrationsFolder)).toBe(false);
    const noTable = async () => {
      throw new Error('relation "drizzle.__drizzle_migrations" does not exist');
    };
    expect(await hasAllMigrations(noTable, migrationsFolder)).toBe(false);
  });
});
