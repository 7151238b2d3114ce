import { type Column, getTableColumns, getTableName, inArray, is, type SQL, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { QUEUE_SCHEMA } from '../db/queue';
import * as schema from '../db/schema';
import { webhookDeliveryQueue } from '../server/jobs/queues';

/**
 * A full read of the database, to compare before and after calls that must change nothing: every
 * row of every table of src/db/schema, and the webhook jobs waiting in the queue.
 *
 * With `ownedBy`, only what belongs to that account (a test account's user and its own organisation
 * share one id, as registering makes them): rows with its `user_id` or `organization_id` (its own
 * `users` and `organizations` rows),
 * the lines of its orders, the deliveries of its webhooks, the download links of its PDFs, and its
 * queued webhook jobs. Another
 * account's calls may then touch their own rows (a session's or key's "last used") without
 * counting as a change.
 */

/** Tables that belong to no account, each with why it is read whole or not at all. */
const SHARED_TABLES = new Map<PgTable, 'whole' | 'skip'>([
  // The dev outbox: what was "sent" is a change, whoever it was for.
  [schema.outbox, 'whole'],
  // The auth rate-limit counters: every request counts, so they always change.
  [schema.rateLimits, 'skip'],
]);

/**
 * Columns a request stamps by merely being made, not a change it made: a member's "last active"
 * (any signed-in call, also a refused one, counts as being active).
 */
const ACTIVITY_STAMPS = new Map<PgTable, string>([[schema.memberships, 'lastActiveAt']]);

export type DatabaseSnapshot = Record<string, unknown[]>;

function ownerFilter(table: PgTable, userId: string): SQL | 'whole' | 'skip' {
  const columns = getTableColumns(table) as Record<string, Column>;
  if (table === schema.users) return sql`${schema.users.id} = ${userId}`;
  if (table === schema.organizations) return sql`${schema.organizations.id} = ${userId}`;
  if (columns.userId && columns.organizationId)
    return sql`(${columns.userId} = ${userId} or ${columns.organizationId} = ${userId})`;
  if (columns.organizationId) return sql`${columns.organizationId} = ${userId}`;
  if (columns.userId) return sql`${columns.userId} = ${userId}`;
  if (columns.orderId)
    return inArray(
      columns.orderId,
      sql`(select ${schema.orders.id} from ${schema.orders} where ${schema.orders.organizationId} = ${userId})`,
    );
  if (columns.subscriptionId)
    return inArray(
      columns.subscriptionId,
      sql`(select ${schema.webhookSubscriptions.id} from ${schema.webhookSubscriptions} where ${schema.webhookSubscriptions.organizationId} = ${userId})`,
    );
  if (columns.pdfFileId)
    return inArray(
      columns.pdfFileId,
      sql`(select ${schema.pdfFiles.id} from ${schema.pdfFiles} where ${schema.pdfFiles.organizationId} = ${userId})`,
    );
  const shared = SHARED_TABLES.get(table);
  // A new table must say whose rows it holds, or the snapshot would silently leave it out.
  if (!shared) throw new Error(`db-snapshot: table ${getTableName(table)} has no owner column; add it here`);
  return shared;
}

const rowsOf = (result: unknown): Record<string, unknown>[] =>
  Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows;

export async function snapshotDatabase(
  db: Db,
  { ownedBy }: { ownedBy?: string } = {},
): Promise<DatabaseSnapshot> {
  const out: DatabaseSnapshot = {};
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const filter = ownedBy ? ownerFilter(table, ownedBy) : (SHARED_TABLES.get(table) ?? 'whole');
    if (filter === 'skip') continue;
    const query = db.select().from(table).$dynamic();
    const rows = await (filter === 'whole' ? query : query.where(filter)).orderBy(sql`1`);
    const stamp = ACTIVITY_STAMPS.get(table);
    out[getTableName(table)] = stamp
      ? rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => column !== stamp)))
      : rows;
  }
  const subscriptions = ownedBy
    ? sql`and data->>'subscriptionId' in (select id::text from webhook_subscriptions where organization_id = ${ownedBy})`
    : sql``;
  out[`${QUEUE_SCHEMA}.job`] = rowsOf(
    await db.execute(
      sql`select id, name, state, data from ${sql.identifier(QUEUE_SCHEMA)}.job where name = ${webhookDeliveryQueue.name} ${subscriptions} order by id`,
    ),
  );
  return out;
}
