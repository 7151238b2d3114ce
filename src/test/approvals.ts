import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { QUEUE_SCHEMA } from '../db/queue';
import { organizations } from '../db/schema';
import type { JobOf } from '../server/jobs/queue';
import type { ApprovalMailJob, WebhookEvent } from '../server/jobs/queues';
import type { Approval } from '../shared/schemas/approval';

/**
 * The organisation's approval rule, straight in the database (the settings' own call is not this
 * test's subject): `threshold` in euros excl. VAT as numeric text ('5000.00'), null for never.
 */
export async function setApprovalRule(
  db: DbOrTx,
  organizationId: string,
  rule: { threshold: string | null; forAdmins?: boolean },
): Promise<void> {
  await db
    .update(organizations)
    .set({ approvalThreshold: rule.threshold, approvalForAdmins: rule.forAdmins ?? false })
    .where(eq(organizations.id, organizationId));
}

/** `approval` of an order the rule does not apply to, as GET /orders/{id} answers it. */
export const NO_APPROVAL_NEEDED: Approval = {
  state: 'not_required',
  requestedBy: null,
  requestedAt: null,
  note: null,
  decidedBy: null,
  decidedAt: null,
  reason: null,
};

type JobRow = { id: string; data: unknown; retry_count: number; retry_limit: number };

/** The jobs a queue holds (in whatever state), oldest first, as a handler would get them. */
export async function jobsOf<T>(db: DbOrTx, queue: string): Promise<JobOf<T>[]> {
  const result = await db.execute(
    sql`select id, data, retry_count, retry_limit from ${sql.identifier(QUEUE_SCHEMA)}.job
        where name = ${queue} order by created_on, id`,
  );
  const rows = (Array.isArray(result) ? result : (result as unknown as { rows: JobRow[] }).rows) as JobRow[];
  return rows.map((r) => ({
    id: r.id,
    data: r.data as T,
    retryCount: r.retry_count,
    retryLimit: r.retry_limit,
  }));
}

/** The approval mails queued for one order. */
export const approvalMailJobs = async (db: DbOrTx, orderId: string) =>
  (await jobsOf<ApprovalMailJob>(db, 'approval-mail')).filter((job) => job.data.orderId === orderId);

/** The webhook events queued about one object (one per subscription), oldest first. */
export const webhookEventsAbout = async (db: DbOrTx, objectId: string) =>
  (await jobsOf<{ subscriptionId: string; event: WebhookEvent }>(db, 'webhook-delivery'))
    .map((job) => job.data.event)
    .filter((event) => (event.data as { _id?: string } | null)?._id === objectId);
