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
