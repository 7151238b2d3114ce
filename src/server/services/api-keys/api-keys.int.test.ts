import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../../db/schema';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { rejectionOf } from '../../../test/helpers';
import { createSignedInUser } from '../../../test/users';
import { hashToken } from '../auth/session-tokens';
import { createApiKey, listApiKeys, MAX_API_KEYS_PER_USER, revokeApiKey } from './api-keys';
import { API_KEY_RATE_WINDOW_MS, authenticateApiKey } from './authenticate-api-key';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const limit = 600;
const stored = async (id: string) => (await database.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0]!;

describe('API keys (service)', () => {
  it('stores only the hash and the first characters; the secret is answered once and listed never', async () => {
    const { user } = await createSignedInUser(database.db);
    const created = await createApiKey(
      database.db,
      { organizationId: user.id, userId: user.id },
      { name: 'Boekhouding', access: 'read' },
      new Date(),
    );
    expect(created.secret).toMatch(/^ik_[0-9A-Za-z]{32}$/);
    expect(created.prefix).toBe(created.secret.slice(0, 8));
    const row = await stored(created._id);
    expect(row.secretHash).toBe(hashToken(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(8));
    const list = await listApiKeys(database.db, user.id);
    expect(list).toEqual([
      {
        _id: created._id,
        name: 'Boekhouding',
        access: 'read',
        prefix: created.prefix,
        createdAt: created.createdAt,
        lastUsedAt: null,
        expiresAt: null,
      },
    ]);
  });

  it("finds the key's account; a revoked key, an expired key and an unknown secret find nothing", async () => {
    const { user } = await createSignedInUser(database.db);
    const now = new Date('2026-06-01T10:00:00Z');
    const key = await createApiKey(
      database.db,
      { organizationId: user.id, userId: user.id },
      {
        name: 'Webshop',
        access: 'write',
        expiresAt: new Date('2026-06-02T10:00:00Z'),
      },
      now,
    );
    const found = await authenticateApiKey(database.db, key.secret, { limit, now });
    expect(found?.user.id).toBe(user.id);
    expect(found?.apiKey).toEqual({ id: key._id, name: 'Webshop', access: 'write' });
    expect(
      await authenticateApiKey(database.db, key.secret, { limit, now: new Date('2026-06-02T10:00:00Z') }),
    ).toBeNull();
    expect(await authenticateApiKey(database.db, `${key.secret}x`, { limit, now })).toBeNull();
    await revokeApiKey(database.db, user.id, key._id, now);
    expect(await authenticateApiKey(database.db, key.secret, { limit, now })).toBeNull();
    expect(await listApiKeys(database.db, user.id)).toEqual([]);
  });

  it('stamps last_used_at once per minute, not on every request', async () => {
    const { user } = await createSignedInUser(database.db);
    const key = await createApiKey(
      database.db,
      { organizationId: user.id, userId: user.id },
      { name: 'Planning', access: 'read' },
      new Date(),
    );
    const t0 = new Date('2026-06-01T10:00:00Z');
    await authenticateApiKey(database.db, key.secret, { limit, now: t0 });
    expect((await stored(key._id)).lastUsedAt).toEqual(t0);
    await authenticateApiKey(database.db, key.secret, { limit, now: new Date(t0.getTime() + 30_000) });
    expect((await stored(key._id)).lastUsedAt).toEqual(t0);
    const t1 = new Date(t0.getTime() + API_KEY_RATE_WINDOW_MS);
    await authenticateApiKey(database.db, key.secret, { limit, now: t1 });
    expect((await stored(key._id)).lastUsedAt).toEqual(t1);
  });

  it('counts requests per key per minute: past the limit the budget is spent until the window ends', async () => {
    const { user } = await createSignedInUser(database.db);
    const key = await createApiKey(
      database.db,
      { organizationId: user.id, userId: user.id },
      { name: 'Teller', access: 'read' },
      new Date(),
    );
    const other = await createApiKey(
      database.db,
      { organizationId: user.id, userId: user.id },
      { name: 'Ander', access: 'read' },
      new Date(),
    );
    const t0 = new Date('2026-06-01T10:00:00Z');
    const at = (ms: number) =>
      authenticateApiKey(database.db, key.secret, { limit: 3, now: new Date(t0.getTime() + ms) });
    expect((await at(0))?.rate).toEqual({ limit: 3, remaining: 2, resetSeconds: 60, exceeded: false });
    await at(1000);
    expect((await at(2000))?.rate).toMatchObject({ remaining: 0, exceeded: false });
    expect((await at(20_000))?.rate).toEqual({ limit: 3, remaining: 0, resetSeconds: 40, exceeded: true });
    // Another key of the same account has its own budget.
    expect((await authenticateApiKey(database.db, other.secret, { limit: 3, now: t0 }))?.rate.exceeded).toBe(
      false,
    );
    expect((await at(API_KEY_RATE_WINDOW_MS))?.rate).toMatchObject({ remaining: 2, exceeded: false });
  });

  it("revoking someone else's key, an unknown id or a revoked key again is 'not found' and changes nothing", async () => {
    const a = await createSignedInUser(database.db);
    const b = await createSignedInUser(database.db);
    const keyOfB = await createApiKey(
      database.db,
      { organizationId: b.user.id, userId: b.user.id },
      { name: 'Van B', access: 'write' },
      new Date(),
    );
    expect((await rejectionOf(revokeApiKey(database.db, a.user.id, keyOfB._id, new Date()))).code).toBe(
      'NOT_FOUND',
    );
    expect((await rejectionOf(revokeApiKey(database.db, a.user.id, 'geen-uuid', new Date()))).code).toBe(
      'NOT_FOUND',
    );
    expect((await stored(keyOfB._id)).revokedAt).toBeNull();
    expect(await authenticateApiKey(database.db, keyOfB.secret, { limit, now: new Date() })).not.toBeNull();
    expect(await listApiKeys(database.db, a.user.id)).toEqual([]);
    await revokeApiKey(database.db, b.user.id, keyOfB._id, new Date());
    expect((await rejectionOf(revokeApiKey(database.db, b.user.id, keyOfB._id, new Date()))).code).toBe(
      'NOT_FOUND',
    );
  });

  it(`holds at most ${MAX_API_KEYS_PER_USER} live keys per account`, async () => {
    const { user } = await createSignedInUser(database.db);
    await database.db.insert(apiKeys).values(
      Array.from({ length: MAX_API_KEYS_PER_USER }, (_, i) => ({
        organizationId: user.id,
        userId: user.id,
        name: `Sleutel ${i}`,
        access: 'read' as const,
        prefix: 'ik_xxxxx',
        secretHash: hashToken(`vulling-${user.id}-${i}`),
      })),
    );
    const err = await rejectionOf(
      createApiKey(
        database.db,
        { organizationId: user.id, userId: user.id },
        { name: 'Eén te veel', access: 'read' },
        new Date(),
      ),
    );
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toMatch(/50 API-sleutels/);
    const [first] = await listApiKeys(database.db, user.id);
    await revokeApiKey(database.db, user.id, first!._id, new Date());
    expect(
      (
        await createApiKey(
          database.db,
          { organizationId: user.id, userId: user.id },
          { name: 'Nu wel', access: 'read' },
          new Date(),
        )
      ).name,
    ).toBe('Nu wel');
  });
});
