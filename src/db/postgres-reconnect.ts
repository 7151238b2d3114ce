/**
 * How the app's postgres.js pool lives through a PostgreSQL restart.
 *
 * After a connection failed, postgres.js waits before trying that connection again, and every query
 * queued on it waits too. Its default pause grows with the failures the pool has seen since its last
 * good connection — 0.5–1 × 3ⁿ/100 s, up to 20 s — so a few seconds of downtime under load made
 * requests hang for up to 20 s and kept the app away from a database that was back long before
 * (faults/postgres-restart.test.ts). Here the pause doubles from 0.1 s and stops at 1 s:
 * while the database is gone a request fails within about a second (503), and once it is back the
 * pool finds it within a second. Knocking at most once a second per pooled connection costs a
 * stopped server nothing.
 */
export const MAX_RECONNECT_DELAY_SECONDS = 1;

/** Seconds before the next attempt after `failures` failed ones; jitter (0.5–1×) spreads the pool's knocks. */
export function reconnectDelaySeconds(failures: number, random = Math.random()): number {
  return (0.5 + random / 2) * Math.min(0.1 * 2 ** Math.max(0, failures - 1), MAX_RECONNECT_DELAY_SECONDS);
}

/**
 * A connection that does not get through in this time fails (postgres.js waits 30 s by default): an
 * address that swallows packets must not hold a request for half a minute. Generous for a loaded
 * server, which answers a new connection in well under a second.
 */
export const CONNECT_TIMEOUT_SECONDS = 10;

/** The options above as postgres.js takes them. */
export const reconnectOptions = {
  backoff: (failures: number) => reconnectDelaySeconds(failures),
  connect_timeout: CONNECT_TIMEOUT_SECONDS,
};
