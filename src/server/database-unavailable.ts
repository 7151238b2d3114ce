import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from './errors';

export const DATABASE_UNAVAILABLE_MESSAGE =
  'De database is tijdelijk niet bereikbaar. Probeer het over enkele ogenblikken opnieuw.';

/** Long enough for PostgreSQL to come back from a restart, short enough to feel like "soon". */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const databaseUnavailable = () =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    DATABASE_UNAVAILABLE_MESSAGE,
    {},
    { headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) } },
  );

/**
 * What the client should hear of an error: a database that is gone for the moment (restarting,
 * unreachable) is the 503 above, not the 500 of a bug; anything else stays what it was.
 */
export function asDatabaseOutage(err: unknown): unknown {
  return isDatabaseUnavailable(err) ? databaseUnavailable() : err;
}
