import { and, count, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { type AuditLogRow, auditLog } from '../../../db/schema';
import { addDays, startOfAmsterdamDay } from '../../../shared/dates';
import type {
  AuditAction,
  AuditActorChoice,
  AuditActorType,
  AuditLogEntry,
  AuditLogQuery,
  AuditObjectType,
} from '../../../shared/schemas/audit-log';
import { AUDIT_LOG_PAGE_SIZE } from '../../../shared/schemas/audit-log';

/**
 * Who did something, built once per request from its session or API key (auditActor): the person,
 * or the key acting for its creator, by name as it is now, and the client's address as Fastify reads
 * it (behind TRUST_PROXY's proxies, from X-Forwarded-For).
 */
export type AuditActor = {
  type: AuditActorType;
  /** The member; for a key, the key's creator. */
  userId: string;
  apiKeyId: string | null;
  name: string;
  ip: string;
};

/** The request's actor: a key by its own name, a person by theirs (their e-mail when they gave none). */
export function auditActor(
  auth: {
    user: { id: string; name: string; email: string } | null;
    apiKey: { id: string; name: string } | null;
  },
  ip: string,
): AuditActor | null {
  if (!auth.user) return null;
  if (auth.apiKey)
    return { type: 'api_key', userId: auth.user.id, apiKeyId: auth.apiKey.id, name: auth.apiKey.name, ip };
  return {
    type: 'member',
    userId: auth.user.id,
    apiKeyId: null,
    name: auth.user.name || auth.user.email,
    ip,
  };
}

/**
 * Field names that are never written to the log, not even as a name of a changed field: the value
 * would not be there anyway, but the log should not even hint where a secret changed.
 */
const SECRET_FIELD = /secret|password|token|hash/i;

export type AuditEntry = {
  action: AuditAction;
  objectType: AuditObjectType;
  objectId?: string | null;
  /** The names of the fields that changed (or were given, on a create). */
  fields?: readonly string[];
};

/**
 * Records one entry, inside the transaction `tx` of the change itself: a change that is rolled back
 * leaves no entry, and an entry that cannot be written rolls the change back.
 */
export async function recordAudit(
  tx: DbOrTx,
  organizationId: string,
  actor: AuditActor,
  entry: AuditEntry,
  now: Date,
): Promise<void> {
  await insertEntry(tx, organizationId, actor, entry, now);
}

/**
 * Records what a customer did on an order's public page (they answered it): no member or key acted,
 * so the entry names the customer by the name they gave, with the address they came from.
 */
export async function recordCustomerAudit(
  tx: DbOrTx,
  organizationId: string,
  customer: { name: string; ip: string },
  entry: AuditEntry,
  now: Date,
): Promise<void> {
  const actor = { type: 'customer' as const, userId: null, apiKeyId: null, ...customer };
  await insertEntry(tx, organizationId, actor, entry, now);
}

async function insertEntry(
  tx: DbOrTx,
  organizationId: string,
  actor: Omit<AuditActor, 'userId'> & { userId: string | null },
  entry: AuditEntry,
  now: Date,
): Promise<void> {
  const fields = [...new Set(entry.fields ?? [])].filter((name) => !SECRET_FIELD.test(name)).sort();
  await tx.insert(auditLog).values({
    organizationId,
    at: now,
    actorType: actor.type,
    actorUserId: actor.userId,
    actorApiKeyId: actor.apiKeyId,
    actorName: actor.name,
    ip: actor.ip,
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId ?? null,
    fields,
  });
}

/** Fields whose change is the save itself, not something the user changed. */
const BOOKKEEPING_FIELDS = new Set(['updatedAt', 'createdAt', '_id', 'id', '__v']);

/**
 * The names of the top-level fields that differ between two versions of an object (as the API shows
 * it): what an update changed. Values are compared as JSON; nothing of them is kept.
 */
export function changedFields(before: object, after: object): string[] {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...names].filter(
    (name) => !BOOKKEEPING_FIELDS.has(name) && JSON.stringify(a[name]) !== JSON.stringify(b[name]),
  );
}

/** The names of the fields a create or an update was given (an input object's own keys). */
export function givenFields(input: object): string[] {
  return Object.entries(input)
    .filter(([, value]) => value !== undefined)
    .map(([name]) => name);
}

function filterOf(organizationId: string, q: AuditLogQuery): SQL | undefined {
  return and(
    eq(auditLog.organizationId, organizationId),
    q.actor
      ? or(
          eq(auditLog.actorApiKeyId, q.actor),
          and(eq(auditLog.actorType, 'member'), eq(auditLog.actorUserId, q.actor)),
        )
      : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.objectId ? eq(auditLog.objectId, q.objectId) : undefined,
    // Whole days in Dutch time, as the orders list reads from and to.
    q.from ? gte(auditLog.at, startOfAmsterdamDay(q.from)) : undefined,
    q.to ? lt(auditLog.at, startOfAmsterdamDay(addDays(q.to, 1))) : undefined,
  );
}

export function auditEntryToWire(row: AuditLogRow): AuditLogEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: {
      type: row.actorType,
      id: row.actorType === 'api_key' ? row.actorApiKeyId : row.actorUserId,
      name: row.actorName,
    },
    ip: row.ip,
    action: row.action as AuditAction,
    objectType: row.objectType as AuditObjectType,
    objectId: row.objectId,
    fields: row.fields,
  };
}

/** One page of the organisation's log, newest first, and how many entries match in all. */
export async function listAuditLog(
  db: DbOrTx,
  organizationId: string,
  q: AuditLogQuery,
): Promise<{ entries: AuditLogEntry[]; total: number }> {
  const where = filterOf(organizationId, q);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(q.limit ?? AUDIT_LOG_PAGE_SIZE)
      .offset(q.offset ?? 0),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { entries: rows.map(auditEntryToWire), total: counted?.n ?? 0 };
}

/**
 * Everyone who appears in the organisation's log, members and keys, each by the name of their latest
 * entry, by name: the screen's 'Wie' filter.
 */
export async function listAuditActors(db: DbOrTx, organizationId: string): Promise<AuditActorChoice[]> {
  const actorId = sql<string>`case when ${auditLog.actorType} = 'api_key' then ${auditLog.actorApiKeyId} else ${auditLog.actorUserId} end`;
  const rows = await db
    .selectDistinctOn([actorId], { type: auditLog.actorType, id: actorId, name: auditLog.actorName })
    .from(auditLog)
    .where(and(eq(auditLog.organizationId, organizationId), sql`${actorId} is not null`))
    .orderBy(actorId, desc(auditLog.at));
  return rows.sort((a, b) => a.name.localeCompare(b.name, 'nl'));
}

/** How long the log is kept. */
export const AUDIT_LOG_RETENTION_YEARS = 2;

/** Removes every organisation's entries older than the retention (the housekeeping job). */
export async function pruneAuditLog(db: DbOrTx, now: Date): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - AUDIT_LOG_RETENTION_YEARS);
  const removed = await db.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
  return removed.length;
}

/** Where and by whom a request's changes are recorded: its organisation, actor and clock. */
export type AuditScope = { organizationId: string; actor: AuditActor; now: () => Date };

/** A procedure's context as an AuditScope. */
export const auditScope = (ctx: {
  tenant: { organizationId: string };
  actor: AuditActor;
  now: () => Date;
}): AuditScope => ({ organizationId: ctx.tenant.organizationId, actor: ctx.actor, now: ctx.now });

/** A plain route's signed-in request (request-auth.ts requireUser) as an AuditScope. */
export function auditScopeOf(
  signedIn: {
    user: { id: string; name: string; email: string };
    apiKey: { id: string; name: string } | null;
    tenant: { organizationId: string };
  },
  ip: string,
  now: () => Date,
): AuditScope {
  return {
    organizationId: signedIn.tenant.organizationId,
    actor: auditActor(signedIn, ip)!,
    now,
  };
}

/**
 * `work` and its entry in one transaction (a savepoint when `db` is one already): the entry is
 * written only when the work succeeded, and a failed entry undoes the work. `entry` may read what the
 * work answered (a new object's id, the fields it changed).
 */
export function audited<T>(
  db: DbOrTx,
  scope: AuditScope,
  work: (tx: DbOrTx) => Promise<T>,
  entry: AuditEntry | ((result: T) => AuditEntry),
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await work(tx);
    const made = typeof entry === 'function' ? entry(result) : entry;
    await recordAudit(tx, scope.organizationId, scope.actor, made, scope.now());
    return result;
  });
}

/**
 * An update and its entry in one transaction: `read` takes the object as it was, `write` changes it
 * and answers it as it is now (both as the API shows it), and the entry names the fields that differ.
 */
export async function auditedUpdate<T extends object>(
  db: DbOrTx,
  scope: AuditScope,
  steps: {
    read: (tx: DbOrTx) => Promise<object>;
    write: (tx: DbOrTx) => Promise<T>;
    entry: Omit<AuditEntry, 'fields'>;
  },
): Promise<T> {
  const { after } = await audited(
    db,
    scope,
    async (tx) => {
      const before = await steps.read(tx);
      const after = await steps.write(tx);
      return { after, fields: changedFields(before, after) };
    },
    ({ fields }) => ({ ...steps.entry, fields }),
  );
  return after;
}
