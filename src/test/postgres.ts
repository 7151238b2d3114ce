import path from 'node:path';
import postgres from 'postgres';

/** The server the Postgres tests use when TEST_DATABASE_URL is not set (scripts/test.mjs has the same). */
export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL with its password hidden, for messages. */
export function maskedUrl(url: string): string {
  return url.replace(/:[^:@/]*@/, ':***@');
}

/** Null when a Postgres server answers at `url`; otherwise why it does not. */
export async function postgresUnreachable(url: string): Promise<string | null> {
  const sql = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await sql`select 1`;
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/**
 * The PostgreSQL server a Postgres-only test file (*.pg.test.ts) runs on, and why it is skipped when
 * none answers at the default address (with TEST_DATABASE_URL set, as in CI, it is never skipped: a
 * server that does not answer is then a failure). The skip is said in the output, not silent.
 */
export async function postgresForTestFile(
  file: string,
): Promise<{ serverUrl: string; unreachable: string | null }> {
  const serverUrl = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const unreachable = process.env.TEST_DATABASE_URL ? null : await postgresUnreachable(serverUrl);
  if (unreachable) {
    console.warn(
      `Overgeslagen: ${path.basename(file)} heeft PostgreSQL nodig, maar ${maskedUrl(serverUrl)} ` +
        `antwoordt niet (${unreachable}). Start PostgreSQL of zet TEST_DATABASE_URL (zie README, Tests).`,
    );
  }
  return { serverUrl, unreachable };
}
