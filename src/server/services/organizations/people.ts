import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { users } from '../../../db/schema';
import type { PersonRef } from '../../../shared/order-record';

/**
 * The names behind the `created_by` / `updated_by` ids of orders and customers. Lists read their rows
 * first and then the names of the few distinct people in them with one query, instead of joining
 * `users` twice into every (already tuned) list query or asking once per row.
 */
export type People = ReadonlyMap<string, PersonRef>;

const NOBODY: People = new Map();

/** One query for every distinct id given (none when all are null). */
export async function peopleByIds(db: DbOrTx, ids: Iterable<string | null>): Promise<People> {
  const wanted = [...new Set([...ids].filter((id): id is string => id !== null))];
  if (wanted.length === 0) return NOBODY;
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name }]));
}

/** The ids of who created and last changed each row. */
export const actorIds = (rows: readonly { createdBy: string | null; updatedBy: string | null }[]) =>
  rows.flatMap((r) => [r.createdBy, r.updatedBy]);

/** The person of an id; null without one (or when the account was deleted meanwhile). */
export const personOf = (people: People, id: string | null): PersonRef | null =>
  id === null ? null : (people.get(id) ?? null);
