import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { type ApiKeyRow, apiKeys } from '../../../db/schema';
import {
  type ApiKey,
  type ApiKeyCreateData,
  type ApiKeyCreated,
  apiKeyMessages,
} from '../../../shared/schemas/api-key';
import { isUuid } from '../../db-helpers';
import { AppError, invalidInput, notFound } from '../../errors';
import { hashToken } from '../auth/session-tokens';
import type { Tenant } from '../organizations/tenant';
import { apiKeyServiceMessages as messages } from './messages';
import { displayPrefix, generateApiKeySecret } from './secret';

/** Live keys an account may hold: plenty for every integration, not a table anyone can fill. */
export const MAX_API_KEYS_PER_USER = 50;

const toWire = (row: ApiKeyRow): ApiKey => ({
  _id: row.id,
  name: row.name,
  access: row.access,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

const live = (organizationId: string) =>
  and(eq(apiKeys.organizationId, organizationId), isNull(apiKeys.revokedAt));

/**
 * A new key; the answer carries the secret, which is stored nowhere (only its hash). An expiry must
 * lie after `now`, the app's clock that also decides when the key stops working; the shared schema
 * checks the same against the device clock, so a form hears it before sending.
 */
export async function createApiKey(
  db: DbOrTx,
  tenant: Pick<Tenant, 'organizationId' | 'userId'>,
  input: ApiKeyCreateData,
  now: Date,
): Promise<ApiKeyCreated> {
  if (input.expiresAt && input.expiresAt.getTime() <= now.getTime())
    throw invalidInput({ expiresAt: apiKeyMessages.expiresAtPast }, apiKeyMessages.expiresAtPast);
  const [held] = await db.select({ n: count() }).from(apiKeys).where(live(tenant.organizationId));
  if ((held?.n ?? 0) >= MAX_API_KEYS_PER_USER)
    throw new AppError('BAD_REQUEST', messages.tooMany(MAX_API_KEYS_PER_USER));
  const secret = generateApiKeySecret();
  const [row] = await db
    .insert(apiKeys)
    .values({
      organizationId: tenant.organizationId,
      userId: tenant.userId,
      name: input.name,
      access: input.access,
      prefix: displayPrefix(secret),
      secretHash: hashToken(secret),
      expiresAt: input.expiresAt ?? null,
      createdAt: now,
    })
    .returning();
  return { ...toWire(row!), secret };
}

/** The organisation's keys that are not revoked (expired ones too: the list says so), newest first. */
export async function listApiKeys(db: DbOrTx, organizationId: string): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(live(organizationId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toWire);
}

/** Revokes one of the organisation's keys: every request with it answers 401 from now on. */
export async function revokeApiKey(db: DbOrTx, organizationId: string, id: string, now: Date): Promise<void> {
  if (!isUuid(id)) throw notFound(messages.notFound);
  const done = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), live(organizationId)))
    .returning({ id: apiKeys.id });
  if (done.length === 0) throw notFound(messages.notFound);
}
