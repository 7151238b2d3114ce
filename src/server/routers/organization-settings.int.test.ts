import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, memberships, organizations, users } from '../../db/schema';
import { roleRequiredMessage } from '../../shared/roles';
import type { OrganizationRole } from '../../shared/schemas/organization';
import { organizationSettingsMessages as m } from '../../shared/schemas/organization-settings';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { uniqueEmail } from '../../test/helpers';
import { createCapturingMailer } from '../../test/mailer';
import { createSignedInUser } from '../../test/users';
import { createApiKey } from '../services/api-keys/api-keys';
import { apiKeyServiceMessages } from '../services/api-keys/messages';
import { createSession } from '../services/auth/sessions';

/**
 * GET|PUT /api/organization/settings: the defaults, a partial save keeping the rest, the threshold
 * read as euro and stored to the cent, refused input changing nothing, who may read and who may
 * change, another organisation seeing none of it, the audit entry, and that nobody switches the
 * two-step requirement on without using it themself.
 */
const URL = '/api/organization/settings';
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildTestApp(testDeps(database.db, createCapturingMailer()));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (token: string) =>
  app.inject({ method: 'GET', url: URL, headers: { authorization: `Bearer ${token}` } });
const put = (token: string, payload: unknown) =>
  app.inject({
    method: 'PUT',
    url: URL,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
  });

const DEFAULTS = { approvalThreshold: null, approvalForAdmins: false, twoFactorRequired: false };

/** Two-step sign-in on, straight in the database (how it is switched on is two-factor.int.test.ts's). */
const withTwoFactor = (userId: string) =>
  database.db
    .update(users)
    .set({ twoFactorEnabled: true, twoFactorSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' })
    .where(eq(users.id, userId));

async function addMember(organizationId: string, role: OrganizationRole) {
  const [user] = await database.db
    .insert(users)
    .values({
      email: uniqueEmail(),
      passwordHash: 'not-a-real-hash',
      name: `Lid ${role}`,
      isEmailVerified: true,
    })
    .returning();
  await database.db.insert(memberships).values({ organizationId, userId: user!.id, role });
  const { token } = await createSession(database.db, user!.id, false, new Date(), organizationId);
  return { userId: user!.id, token };
}

async function team() {
  const owner = await createSignedInUser(database.db, { company: 'Regels B.V.' });
  const organizationId = owner.organization.id;
  return {
    organizationId,
    owner: { userId: owner.user.id, token: owner.token },
    admin: await addMember(organizationId, 'admin'),
    member: await addMember(organizationId, 'member'),
    viewer: await addMember(organizationId, 'viewer'),
  };
}

async function storedRow(organizationId: string) {
  const [row] = await database.db
    .select({
      approvalThreshold: organizations.approvalThreshold,
      approvalForAdmins: organizations.approvalForAdmins,
      twoFactorRequired: organizations.twoFactorRequired,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row!;
}

const entriesOf = (organizationId: string) =>
  database.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.organizationId, organizationId), eq(auditLog.action, 'organization_settings.updated')),
    );

describe('GET /api/organization/settings', () => {
  it('answers 401 without a session', async () => {
    expect((await app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'PUT', url: URL, payload: { approvalThreshold: 5 } })).statusCode,
    ).toBe(401);
  });

  it('starts with no threshold, only members’ orders, and two-step sign-in optional; every role reads it', async () => {
    const t = await team();
    for (const who of [t.owner, t.admin, t.member, t.viewer]) {
      const res = await get(who.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(DEFAULTS);
    }
  });

  it('an API key reads the settings of its own organisation, but changes nothing with them (403)', async () => {
    const t = await team();
    await withTwoFactor(t.owner.userId);
    expect((await put(t.owner.token, { approvalThreshold: 2500, twoFactorRequired: true })).statusCode).toBe(
      200,
    );
    const { secret } = await createApiKey(
      database.db,
      { organizationId: t.organizationId, userId: t.owner.userId },
      { name: 'Boekhouding', access: 'write' },
      new Date(),
    );
    const read = await get(secret);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({
      approvalThreshold: 2500,
      approvalForAdmins: false,
      twoFactorRequired: true,
    });
    const refused = await put(secret, { approvalThreshold: null, twoFactorRequired: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: apiKeyServiceMessages.sessionOnly, code: 'FORBIDDEN' });
    expect(await storedRow(t.organizationId)).toEqual({
      approvalThreshold: '2500.00',
      approvalForAdmins: false,
      twoFactorRequired: true,
    });
  });
});

describe('PUT /api/organization/settings', () => {
  it('the owner and an admin save; fields left out keep their value; the answer is the settings', async () => {
    const t = await team();
    const all = await put(t.owner.token, { approvalThreshold: 1000, approvalForAdmins: true });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({
      approvalThreshold: 1000,
      approvalForAdmins: true,
      twoFactorRequired: false,
    });

    const partial = await put(t.admin.token, { approvalForAdmins: false });
    expect(partial.json()).toEqual({
      approvalThreshold: 1000,
      approvalForAdmins: false,
      twoFactorRequired: false,
    });
    const nothing = await put(t.admin.token, {});
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json()).toEqual(partial.json());
    expect((await get(t.viewer.token)).json()).toEqual(partial.json());

    // null and '' both mean: never.
    expect((await put(t.owner.token, { approvalThreshold: null })).json().approvalThreshold).toBeNull();
    await put(t.owner.token, { approvalThreshold: 75 });
    expect((await put(t.owner.token, { approvalThreshold: '' })).json().approvalThreshold).toBeNull();
    expect((await storedRow(t.organizationId)).approvalThreshold).toBeNull();
  });

  it('reads the threshold as euro, to the cent, in Dutch or program notation, and stores it exactly', async () => {
    const t = await team();
    const cases: [unknown, number, string][] = [
      [999.99, 999.99, '999.99'],
      ['1.000,00', 1000, '1000.00'],
      ['1234.5', 1234.5, '1234.50'],
      ['€ 12.345,67', 12345.67, '12345.67'],
      [0.01, 0.01, '0.01'],
      [0, 0, '0.00'],
      [9_999_999_999.99, 9_999_999_999.99, '9999999999.99'],
    ];
    for (const [sent, answered, stored] of cases) {
      const res = await put(t.owner.token, { approvalThreshold: sent });
      expect(res.statusCode, `${JSON.stringify(sent)}: ${res.body}`).toBe(200);
      expect(res.json().approvalThreshold).toBe(answered);
      expect((await storedRow(t.organizationId)).approvalThreshold).toBe(stored);
      expect((await get(t.member.token)).json().approvalThreshold).toBe(answered);
    }
  });

  it('refuses a threshold that is not whole cents or out of range, and wrong types, with 400 and Dutch details; nothing changes', async () => {
    const t = await team();
    await put(t.owner.token, { approvalThreshold: 500, approvalForAdmins: true });
    const before = await storedRow(t.organizationId);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ approvalThreshold: 10.001 }, { approvalThreshold: m.thresholdDecimals }],
      [{ approvalThreshold: '12,345' }, { approvalThreshold: m.thresholdDecimals }],
      [{ approvalThreshold: -1 }, { approvalThreshold: m.thresholdRange }],
      [{ approvalThreshold: 10_000_000_000 }, { approvalThreshold: m.thresholdRange }],
      [{ approvalThreshold: 'veel' }, { approvalThreshold: m.thresholdInvalid }],
      [{ approvalThreshold: true }, { approvalThreshold: m.thresholdInvalid }],
      // A valid field beside a refused one is not stored either.
      [{ approvalForAdmins: 'ja', approvalThreshold: 100 }, { approvalForAdmins: m.booleanField }],
      [{ twoFactorRequired: 1 }, { twoFactorRequired: m.booleanField }],
    ];
    for (const [payload, details] of cases) {
      const res = await put(t.owner.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details).toEqual(details);
      expect(res.json().message).toMatch(/Ongeldige invoer/);
    }
    expect(await storedRow(t.organizationId)).toEqual(before);
    expect(await entriesOf(t.organizationId)).toHaveLength(1);
  });

  it('a member or viewer is refused with the roles that may, and nothing changes', async () => {
    const t = await team();
    for (const who of [t.member, t.viewer]) {
      const res = await put(who.token, { approvalThreshold: 1, approvalForAdmins: true });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: roleRequiredMessage('manage'), code: 'FORBIDDEN' });
    }
    expect(await storedRow(t.organizationId)).toEqual({
      approvalThreshold: null,
      approvalForAdmins: false,
      twoFactorRequired: false,
    });
    expect(await entriesOf(t.organizationId)).toEqual([]);
  });

  it('each organisation has its own settings: a change in one is not seen or made in another', async () => {
    const a = await team();
    const b = await team();
    await put(a.owner.token, { approvalThreshold: 300, approvalForAdmins: true });
    expect((await get(b.owner.token)).json()).toEqual(DEFAULTS);
    await put(b.admin.token, { approvalThreshold: 9 });
    expect((await get(a.member.token)).json()).toEqual({
      approvalThreshold: 300,
      approvalForAdmins: true,
      twoFactorRequired: false,
    });
    expect((await get(b.member.token)).json().approvalThreshold).toBe(9);
  });

  it('writes one audit entry per save naming the changed fields, never a value', async () => {
    const t = await team();
    await put(t.admin.token, { approvalThreshold: '2.500,00', approvalForAdmins: false });
    // Unchanged values saved again: an entry without fields.
    await put(t.admin.token, { approvalThreshold: 2500 });
    const entries = await entriesOf(t.organizationId);
    expect(entries).toHaveLength(2);
    const byFields = entries.map((e) => e.fields).sort((x, y) => y.length - x.length);
    expect(byFields).toEqual([['approvalThreshold'], []]);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        actorUserId: t.admin.userId,
        actorType: 'member',
        objectType: 'organization',
        objectId: t.organizationId,
      });
    }
  });

  it('turning two-step sign-in required on asks the person doing it to use it themself first (409), and changes nothing', async () => {
    const t = await team();
    const refused = await put(t.admin.token, { twoFactorRequired: true, approvalThreshold: 50 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: m.ownTwoFactorFirst,
      code: 'CONFLICT',
      details: { twoFactorRequired: m.ownTwoFactorFirst },
    });
    expect(await storedRow(t.organizationId)).toEqual({
      approvalThreshold: null,
      approvalForAdmins: false,
      twoFactorRequired: false,
    });
    expect(await entriesOf(t.organizationId)).toEqual([]);

    await withTwoFactor(t.admin.userId);
    const on = await put(t.admin.token, { twoFactorRequired: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().twoFactorRequired).toBe(true);
    const [entry] = await entriesOf(t.organizationId);
    expect(entry!.fields).toEqual(['twoFactorRequired']);
    // Switching it off again needs nothing of the kind.
    expect((await put(t.admin.token, { twoFactorRequired: false })).json().twoFactorRequired).toBe(false);
  });
});
