import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  organizations,
  type WebhookSubscriptionRow,
  webhookDeliveries,
  webhookSubscriptions,
} from '../../../db/schema';
import {
  WEBHOOK_LIMIT,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_TEST_LIMIT,
  WEBHOOK_TEST_WINDOW_MINUTES,
  type Webhook,
  type WebhookDelivery,
  type WebhookInputData,
  type WebhookWithSecret,
  webhookMessages,
} from '../../../shared/schemas/webhook';
import { isUuid } from '../../db-helpers';
import { AppError, invalidInput, notFound } from '../../errors';
import { assertWithinRateLimit } from '../auth/rate-limit';
import { hostOf, isForbiddenLiteralHost } from './address';
import type { DeliveryPolicy } from './deliver';
import { enqueueEvent } from './events';
import { newWebhookSecret } from './signing';

export const WEBHOOK_NOT_FOUND = 'Webhook niet gevonden.';
/** How many attempts the log shows, newest first, and keeps: older ones are deleted as new ones come. */
export const DELIVERY_LOG_LIMIT = 100;

export function toWebhook(row: WebhookSubscriptionRow): Webhook {
  return {
    _id: row.id,
    url: row.url,
    events: row.events as Webhook['events'],
    active: row.active,
    failing: row.failingSince !== null,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * What can be told when the subscription is saved: the scheme, and a host that is a private address
 * or localhost as written. A name is checked after DNS at every delivery (deliver.ts).
 */
function checkUrl(text: string, policy: DeliveryPolicy): void {
  const url = new URL(text);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp))
    throw invalidInput({ url: webhookMessages.urlScheme }, webhookMessages.urlScheme);
  if (!policy.allowPrivate && isForbiddenLiteralHost(hostOf(url)))
    throw invalidInput({ url: webhookMessages.urlPrivate }, webhookMessages.urlPrivate);
}

async function findOwned(db: DbOrTx, organizationId: string, id: string): Promise<WebhookSubscriptionRow> {
  if (!isUuid(id)) throw notFound(WEBHOOK_NOT_FOUND);
  const [row] = await db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.organizationId, organizationId)));
  if (!row) throw notFound(WEBHOOK_NOT_FOUND);
  return row;
}

export async function listWebhooks(db: DbOrTx, organizationId: string): Promise<Webhook[]> {
  const rows = await db
    .select()
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.organizationId, organizationId))
    .orderBy(webhookSubscriptions.createdAt, webhookSubscriptions.id);
  return rows.map(toWebhook);
}

export async function getWebhook(db: DbOrTx, organizationId: string, id: string): Promise<Webhook> {
  return toWebhook(await findOwned(db, organizationId, id));
}

/**
 * The address as it is requested: scheme and host in lower case, no default port, no fragment (it is
 * never sent), so 'HTTPS://Voorbeeld.nl:443/hook#x' and 'https://voorbeeld.nl/hook' are one target.
 */
function targetOf(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

const sameEvents = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((event) => b.includes(event));

/**
 * The organisation's webhooks (their id, URL and events), read under a lock on its row that
 * holds for the rest of the transaction: two saves at once (also from two server processes) count
 * and compare them one after the other, so neither the limit nor the duplicate check can be raced.
 */
async function lockedAccountWebhooks(tx: DbOrTx, organizationId: string) {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  return tx
    .select({
      id: webhookSubscriptions.id,
      url: webhookSubscriptions.url,
      events: webhookSubscriptions.events,
    })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.organizationId, organizationId));
}

/**
 * A webhook for the same target with the same events as another (`except`: the one being changed)
 * is refused: it would only send every event twice. A 409 with the field, so the form shows it at
 * the URL.
 */
function assertNoDuplicate(
  existing: readonly { id: string; url: string; events: string[] }[],
  input: WebhookInputData,
  except?: string,
): void {
  const target = targetOf(input.url);
  const duplicate = existing.some(
    (row) => row.id !== except && targetOf(row.url) === target && sameEvents(row.events, input.events),
  );
  if (duplicate)
    throw new AppError('CONFLICT', webhookMessages.duplicate, {
      details: { url: webhookMessages.duplicate },
    });
}

/** The only answer that carries the secret. At most WEBHOOK_LIMIT per account, none twice. */
export async function createWebhook(
  db: DbOrTx,
  organizationId: string,
  input: WebhookInputData,
  policy: DeliveryPolicy,
): Promise<WebhookWithSecret> {
  checkUrl(input.url, policy);
  return db.transaction(async (tx) => {
    const existing = await lockedAccountWebhooks(tx, organizationId);
    if (existing.length >= WEBHOOK_LIMIT) throw new AppError('CONFLICT', webhookMessages.limitReached);
    assertNoDuplicate(existing, input);
    const [row] = await tx
      .insert(webhookSubscriptions)
      .values({
        organizationId,
        url: input.url,
        events: input.events,
        active: input.active,
        secret: newWebhookSecret(),
      })
      .returning();
    return { ...toWebhook(row!), secret: row!.secret };
  });
}

/** Replaces URL, events and active; the secret stays. Resuming a failing one gives it a fresh start. */
export async function updateWebhook(
  db: DbOrTx,
  organizationId: string,
  id: string,
  input: WebhookInputData,
  policy: DeliveryPolicy,
): Promise<Webhook> {
  const current = await findOwned(db, organizationId, id);
  checkUrl(input.url, policy);
  const resumed = input.active && !current.active;
  return db.transaction(async (tx) => {
    assertNoDuplicate(await lockedAccountWebhooks(tx, organizationId), input, id);
    const [row] = await tx
      .update(webhookSubscriptions)
      .set({
        url: input.url,
        events: input.events,
        active: input.active,
        ...(resumed ? { failingSince: null } : {}),
      })
      .where(and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.organizationId, organizationId)))
      .returning();
    if (!row) throw notFound(WEBHOOK_NOT_FOUND);
    return toWebhook(row);
  });
}

/** Its log goes with it; jobs still queued for it find it gone and end (worker.ts). */
export async function deleteWebhook(db: DbOrTx, organizationId: string, id: string): Promise<void> {
  await findOwned(db, organizationId, id);
  await db
    .delete(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.organizationId, organizationId)));
}

export async function listDeliveries(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<WebhookDelivery[]> {
  await findOwned(db, organizationId, id);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.subscriptionId, id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_LIMIT);
  return rows.map((d) => ({
    _id: d.id,
    eventId: d.eventId,
    eventType: d.eventType,
    attempt: d.attempt,
    statusCode: d.statusCode,
    durationMs: d.durationMs,
    success: d.success,
    error: d.error,
    responseExcerpt: d.responseExcerpt,
    createdAt: d.createdAt.toISOString(),
  }));
}

/**
 * Keeps a subscription's log at the attempts anyone can see (DELIVERY_LOG_LIMIT): a receiver that is
 * down for a day would otherwise add a row per attempt per event for ever.
 */
export async function pruneDeliveryLog(db: DbOrTx, subscriptionId: string): Promise<void> {
  const newest = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.subscriptionId, subscriptionId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_LIMIT);
  await db
    .delete(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.subscriptionId, subscriptionId), notInArray(webhookDeliveries.id, newest)),
    );
}

/**
 * 'Test versturen': a `webhook.test` event through the same queue, signing and retries as the real
 * ones. WEBHOOK_TEST_LIMIT per account per window (counted in the database, so every server process
 * shares the count): each test is a POST to someone's server, retried for a day when it fails.
 */
export async function sendTestEvent(
  db: DbOrTx,
  organizationId: string,
  id: string,
  now: Date,
): Promise<{ eventId: string }> {
  const row = await findOwned(db, organizationId, id);
  await assertWithinRateLimit(db, `webhook-test:user:${organizationId}`, {
    limit: WEBHOOK_TEST_LIMIT,
    windowMs: WEBHOOK_TEST_WINDOW_MINUTES * 60 * 1000,
    now,
    message: webhookMessages.tooManyTests,
  });
  const event = await enqueueEvent(
    db,
    [row.id],
    WEBHOOK_TEST_EVENT,
    {
      message: 'Testbericht van Inkooporders',
      webhookId: row.id,
    },
    now,
  );
  return { eventId: event.id };
}
