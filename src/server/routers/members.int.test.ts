import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, memberships, sessions, users } from '../../db/schema';
import { roleRequiredMessage } from '../../shared/roles';
import { memberMessages } from '../../shared/schemas/members';
import type { OrganizationRole } from '../../shared/schemas/organization';
import { createTestClock, MINUTE_MS } from '../../test/clock';
import { buildTestApp, testConfig, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { STRONG_PASSWORD, uniqueEmail } from '../../test/helpers';
import { createCapturingMailer } from '../../test/mailer';
import { createSignedInUser, strongPasswordHash } from '../../test/users';
import { createApiKey } from '../services/api-keys/api-keys';
import { createSession } from '../services/auth/sessions';
import { organizationMessages } from '../services/organizations/messages';

/**
 * The members of an organisation: who may read them, change a role, remove a member, transfer
 * ownership and leave; the one-owner rule; what removing or leaving ends (keys, sessions there, not
 * elsewhere); "last active" and how often it is written; and that another organisation sees and
 * changes none of it.
 */
let database: TestDatabase;
let app: FastifyInstance;
const clock = createTestClock(new Date('2026-11-24T09:00:00Z'));
let passwordHash: string;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildTestApp(testDeps(database.db, createCapturingMailer(), testConfig(), clock.now));
  passwordHash = await strongPasswordHash();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

type Person = { userId: string; email: string; token: string };

/** A person with a password, a member of `organizationId` as `role`, signed in there. */
async function addMember(organizationId: string, role: OrganizationRole, name: string): Promise<Person> {
  const email = uniqueEmail();
  const [user] = await database.db
    .insert(users)
    .values({ email, passwordHash, name, isEmailVerified: true })
    .returning();
  await database.db.insert(memberships).values({ organizationId, userId: user!.id, role });
  const { token } = await createSession(database.db, user!.id, false, clock.now(), organizationId);
  return { userId: user!.id, email, token };
}

/** An organisation with an owner, an admin, a member and a viewer. */
async function team() {
  const owner = await createSignedInUser(database.db, { name: 'Olga Eigenaar', company: 'Team B.V.' });
  const organizationId = owner.organization.id;
  return {
    organizationId,
    owner: { userId: owner.user.id, email: owner.user.email, token: owner.token },
    admin: await addMember(organizationId, 'admin', 'Bram Beheerder'),
    member: await addMember(organizationId, 'member', 'Mila Medewerker'),
    viewer: await addMember(organizationId, 'viewer', 'Anton Lezer'),
  };
}

async function roleOf(organizationId: string, userId: string) {
  const [row] = await database.db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return row?.role ?? null;
}

async function ownersOf(organizationId: string) {
  const rows = await database.db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'owner')));
  return rows.map((r) => r.userId);
}

const keyFor = async (organizationId: string, userId: string) =>
  (
    await createApiKey(
      database.db,
      { organizationId, userId },
      { name: 'Koppeling', access: 'write' },
      clock.now(),
    )
  ).secret;

describe('GET /organization/members', () => {
  it('every role reads the members: the owner first, then by name, with role, last active and 2FA', async () => {
    const t = await team();
    for (const who of [t.owner, t.admin, t.member, t.viewer]) {
      const res = await call('GET', '/api/organization/members', who.token);
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json() as { userId: string; name: string; role: string }[];
      expect(list.map((m) => [m.name, m.role])).toEqual([
        ['Olga Eigenaar', 'owner'],
        ['Anton Lezer', 'viewer'],
        ['Bram Beheerder', 'admin'],
        ['Mila Medewerker', 'member'],
      ]);
      expect(list[0]).toEqual({
        userId: t.owner.userId,
        name: 'Olga Eigenaar',
        email: t.owner.email,
        role: 'owner',
        lastActiveAt: expect.toSatisfy((v) => v === null || typeof v === 'string'),
        twoFactorEnabled: false,
      });
    }
    // A key reads as its creator may.
    const key = await keyFor(t.organizationId, t.viewer.userId);
    expect((await call('GET', '/api/organization/members', key)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/organization/members' })).statusCode).toBe(401);
  });

  it('shows only the own organisation: a member elsewhere is not listed, and cannot read these', async () => {
    const t = await team();
    const other = await createSignedInUser(database.db, { name: 'Zeno Ander', company: 'Ander B.V.' });
    const list = (await call('GET', '/api/organization/members', other.token)).json() as { userId: string }[];
    expect(list.map((m) => m.userId)).toEqual([other.user.id]);
    const ours = (await call('GET', '/api/organization/members', t.owner.token)).json() as {
      userId: string;
    }[];
    expect(ours.map((m) => m.userId)).not.toContain(other.user.id);
  });
});

describe('PUT /organization/members/{userId}', () => {
  it('an owner or admin changes a role; member and viewer may not (403, nothing changes)', async () => {
    const t = await team();
    const byOwner = await call('PUT', `/api/organization/members/${t.member.userId}`, t.owner.token, {
      role: 'viewer',
    });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(byOwner.json()).toMatchObject({ userId: t.member.userId, role: 'viewer' });
    expect(await roleOf(t.organizationId, t.member.userId)).toBe('viewer');
    const byAdmin = await call('PUT', `/api/organization/members/${t.member.userId}`, t.admin.token, {
      role: 'admin',
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await roleOf(t.organizationId, t.member.userId)).toBe('admin');
    for (const who of [t.viewer]) {
      const res = await call('PUT', `/api/organization/members/${t.admin.userId}`, who.token, {
        role: 'viewer',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(roleRequiredMessage('manage'));
    }
    expect(await roleOf(t.organizationId, t.admin.userId)).toBe('admin');
  });

  it("never sets 'owner' (400: ownership moves by transfer), and refuses unknown roles", async () => {
    const t = await team();
    for (const role of ['owner', 'baas', '']) {
      const res = await call('PUT', `/api/organization/members/${t.member.userId}`, t.owner.token, { role });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details.role).toBe(memberMessages.role);
    }
    expect(await ownersOf(t.organizationId)).toEqual([t.owner.userId]);
    expect(await roleOf(t.organizationId, t.member.userId)).toBe('member');
  });

  it('an admin cannot change the owner (403); the owner cannot demote themself (400)', async () => {
    const t = await team();
    const byAdmin = await call('PUT', `/api/organization/members/${t.owner.userId}`, t.admin.token, {
      role: 'viewer',
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(organizationMessages.ownerUntouchable);
    const self = await call('PUT', `/api/organization/members/${t.owner.userId}`, t.owner.token, {
      role: 'admin',
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(organizationMessages.ownerKeepsRole);
    expect(await ownersOf(t.organizationId)).toEqual([t.owner.userId]);
  });

  it("another organisation's member, an unknown id and a malformed id are the same 404", async () => {
    const t = await team();
    const other = await team();
    for (const id of [other.member.userId, crypto.randomUUID(), 'geen-id']) {
      const res = await call('PUT', `/api/organization/members/${id}`, t.owner.token, { role: 'viewer' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(organizationMessages.memberNotFound);
    }
    // And the other organisation's owner cannot reach into this one.
    const res = await call('PUT', `/api/organization/members/${t.member.userId}`, other.owner.token, {
      role: 'viewer',
    });
    expect(res.statusCode).toBe(404);
    expect(await roleOf(t.organizationId, t.member.userId)).toBe('member');
  });

  it('is for a session only: an API key, even the owner’s write key, gets 403', async () => {
    const t = await team();
    const key = await keyFor(t.organizationId, t.owner.userId);
    const res = await call('PUT', `/api/organization/members/${t.member.userId}`, key, { role: 'viewer' });
    expect(res.statusCode).toBe(403);
    expect(await roleOf(t.organizationId, t.member.userId)).toBe('member');
  });
});

describe('DELETE /organization/members/{userId}', () => {
  it("ends the member's access here: their keys of this organisation answer 401, their sessions here end; elsewhere nothing changes", async () => {
    const t = await team();
    const elsewhere = await createSignedInUser(database.db, { company: 'Elders B.V.' });
    await database.db
      .insert(memberships)
      .values({ organizationId: elsewhere.organization.id, userId: t.member.userId, role: 'member' });
    const keyHere = await keyFor(t.organizationId, t.member.userId);
    const keyElsewhere = await keyFor(elsewhere.organization.id, t.member.userId);
    const ownersKey = await keyFor(t.organizationId, t.owner.userId);
    const secondSessionHere = await createSession(
      database.db,
      t.member.userId,
      true,
      clock.now(),
      t.organizationId,
    );
    const sessionElsewhere = await createSession(
      database.db,
      t.member.userId,
      false,
      clock.now(),
      elsewhere.organization.id,
    );
    expect((await call('GET', '/api/customers', keyHere)).statusCode).toBe(200);

    const res = await call('DELETE', `/api/organization/members/${t.member.userId}`, t.admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: organizationMessages.memberRemoved });

    expect(await roleOf(t.organizationId, t.member.userId)).toBeNull();
    expect((await call('GET', '/api/customers', keyHere)).statusCode).toBe(401);
    const [revoked] = await database.db
      .select({ revokedAt: apiKeys.revokedAt })
      .from(apiKeys)
      .where(and(eq(apiKeys.organizationId, t.organizationId), eq(apiKeys.userId, t.member.userId)));
    expect(revoked?.revokedAt).toEqual(clock.now());
    for (const token of [t.member.token, secondSessionHere.token])
      expect((await call('GET', '/api/auth/profile', token)).statusCode).toBe(401);
    const left = await database.db
      .select({ organizationId: sessions.organizationId })
      .from(sessions)
      .where(eq(sessions.userId, t.member.userId));
    expect(left).toEqual([{ organizationId: elsewhere.organization.id }]);
    // Elsewhere the person works on, by session and key; here the others' keys still work.
    const profile = await call('GET', '/api/auth/profile', sessionElsewhere.token);
    expect(profile.json().company).toBe('Elders B.V.');
    expect((await call('GET', '/api/customers', keyElsewhere)).statusCode).toBe(200);
    expect((await call('GET', '/api/customers', ownersKey)).statusCode).toBe(200);
    const members = (await call('GET', '/api/organization/members', t.owner.token)).json() as unknown[];
    expect(members).toHaveLength(3);
  });

  it('never removes the owner: an admin gets 403, the owner themself 400', async () => {
    const t = await team();
    const byAdmin = await call('DELETE', `/api/organization/members/${t.owner.userId}`, t.admin.token);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(organizationMessages.ownerUntouchable);
    const self = await call('DELETE', `/api/organization/members/${t.owner.userId}`, t.owner.token);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(organizationMessages.ownerCannotBeRemoved);
    expect(await ownersOf(t.organizationId)).toEqual([t.owner.userId]);
    expect((await call('GET', '/api/auth/profile', t.owner.token)).statusCode).toBe(200);
  });

  it('a member or viewer may not remove anyone; another organisation gets 404', async () => {
    const t = await team();
    for (const who of [t.member, t.viewer]) {
      const res = await call('DELETE', `/api/organization/members/${t.admin.userId}`, who.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(roleRequiredMessage('manage'));
    }
    const other = await team();
    const res = await call('DELETE', `/api/organization/members/${t.viewer.userId}`, other.owner.token);
    expect(res.statusCode).toBe(404);
    expect(await roleOf(t.organizationId, t.viewer.userId)).toBe('viewer');
    expect(await roleOf(t.organizationId, t.admin.userId)).toBe('admin');
  });
});

describe('POST /organization/transfer-ownership', () => {
  it('the owner makes a member the owner and becomes admin: always exactly one owner', async () => {
    const t = await team();
    const res = await call('POST', '/api/organization/transfer-ownership', t.owner.token, {
      userId: t.viewer.userId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ownersOf(t.organizationId)).toEqual([t.viewer.userId]);
    expect(await roleOf(t.organizationId, t.owner.userId)).toBe('admin');
    // The old owner is an admin now: no second transfer, and the new owner is out of their reach.
    const again = await call('POST', '/api/organization/transfer-ownership', t.owner.token, {
      userId: t.owner.userId,
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(roleRequiredMessage('own'));
    const back = await call('POST', '/api/organization/transfer-ownership', t.viewer.token, {
      userId: t.owner.userId,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await ownersOf(t.organizationId)).toEqual([t.owner.userId]);
    expect(await roleOf(t.organizationId, t.viewer.userId)).toBe('admin');
  });

  it('only the owner may (403 for the others), to a member of this organisation only (404), not to themself (400)', async () => {
    const t = await team();
    for (const who of [t.admin, t.member, t.viewer]) {
      const res = await call('POST', '/api/organization/transfer-ownership', who.token, {
        userId: who.userId,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(roleRequiredMessage('own'));
    }
    const other = await team();
    for (const userId of [other.member.userId, crypto.randomUUID(), 'geen-id']) {
      const res = await call('POST', '/api/organization/transfer-ownership', t.owner.token, { userId });
      expect(res.statusCode).toBe(404);
    }
    const self = await call('POST', '/api/organization/transfer-ownership', t.owner.token, {
      userId: t.owner.userId,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(organizationMessages.alreadyOwner);
    const missing = await call('POST', '/api/organization/transfer-ownership', t.owner.token, {});
    expect(missing.statusCode).toBe(400);
    expect(await ownersOf(t.organizationId)).toEqual([t.owner.userId]);
    expect(await ownersOf(other.organizationId)).toEqual([other.owner.userId]);
  });
});

describe('POST /organization/leave', () => {
  it('the owner cannot leave before transferring ownership', async () => {
    const t = await team();
    const res = await call('POST', '/api/organization/leave', t.owner.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(organizationMessages.ownerCannotLeave);
    expect(await ownersOf(t.organizationId)).toEqual([t.owner.userId]);
  });

  it('a member leaves: keys revoked, other sessions there end, this one goes on in their next organisation', async () => {
    const t = await team();
    const elsewhere = await createSignedInUser(database.db, { company: 'Tweede Zaak B.V.' });
    await database.db
      .insert(memberships)
      .values({ organizationId: elsewhere.organization.id, userId: t.viewer.userId, role: 'admin' });
    const key = await keyFor(t.organizationId, t.viewer.userId);
    const otherSessionHere = await createSession(
      database.db,
      t.viewer.userId,
      false,
      clock.now(),
      t.organizationId,
    );
    const res = await call('POST', '/api/organization/leave', t.viewer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(organizationMessages.left);
    expect(await roleOf(t.organizationId, t.viewer.userId)).toBeNull();
    expect((await call('GET', '/api/customers', key)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/profile', otherSessionHere.token)).statusCode).toBe(401);
    const profile = await call('GET', '/api/auth/profile', t.viewer.token);
    expect(profile.json().company).toBe('Tweede Zaak B.V.');
  });

  it('someone who left their last organisation still signs in, and is told they belong to none', async () => {
    const t = await team();
    const login = async () => {
      const r = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: t.member.email, password: STRONG_PASSWORD, rememberMe: false },
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    expect((await login()).noOrganization).toBeUndefined();
    expect((await call('POST', '/api/organization/leave', t.member.token)).statusCode).toBe(200);

    // The session that left: the app asks who is signed in and hears they have no organisation.
    const session = await call('GET', '/trpc/auth.session', t.member.token);
    expect(session.json().result.data).toMatchObject({
      email: t.member.email,
      company: '',
      noOrganization: true,
    });
    const profile = await call('GET', '/api/auth/profile', t.member.token);
    expect(profile.statusCode).toBe(403);
    expect(profile.json().message).toBe(organizationMessages.noOrganization);
    expect((await call('GET', '/api/organization/members', t.member.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/auth/organizations', t.member.token)).json()).toEqual([]);

    const again = await login();
    expect(again).toMatchObject({ email: t.member.email, company: '', noOrganization: true });
    expect((await call('GET', '/api/customers', again.token)).json().message).toBe(
      organizationMessages.noOrganization,
    );
  });
});

describe('last active', () => {
  const lastActive = async (organizationId: string, userId: string) => {
    const [row] = await database.db
      .select({ at: memberships.lastActiveAt })
      .from(memberships)
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
    return row?.at ?? null;
  };

  it('is stamped by signing in, a request with the session or a key, at most once a minute', async () => {
    const t = await team();
    expect(await lastActive(t.organizationId, t.member.userId)).toBeNull();
    const start = clock.now();
    await call('GET', '/api/customers', t.member.token);
    expect(await lastActive(t.organizationId, t.member.userId)).toEqual(start);
    // Within the minute: no new write.
    clock.advance(MINUTE_MS - 1000);
    await call('GET', '/api/customers', t.member.token);
    expect(await lastActive(t.organizationId, t.member.userId)).toEqual(start);
    clock.advance(1000);
    await call('GET', '/api/customers', t.member.token);
    expect(await lastActive(t.organizationId, t.member.userId)).toEqual(clock.now());
    const listed = (await call('GET', '/api/organization/members', t.owner.token)).json() as {
      userId: string;
      lastActiveAt: string | null;
    }[];
    expect(listed.find((m) => m.userId === t.member.userId)?.lastActiveAt).toBe(clock.now().toISOString());
    expect(listed.find((m) => m.userId === t.viewer.userId)?.lastActiveAt).toBeNull();

    // A key counts for its creator.
    const key = await keyFor(t.organizationId, t.viewer.userId);
    clock.advance(5 * MINUTE_MS);
    await call('GET', '/api/customers', key);
    expect(await lastActive(t.organizationId, t.viewer.userId)).toEqual(clock.now());

    // Signing in stamps at once, whatever the minute.
    clock.advance(10_000);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: t.admin.email, password: STRONG_PASSWORD, rememberMe: false },
    });
    expect(login.statusCode).toBe(200);
    expect(await lastActive(t.organizationId, t.admin.userId)).toEqual(clock.now());
  });

  it('is stamped in the organisation switched to, not in the one left behind', async () => {
    const t = await team();
    const elsewhere = await createSignedInUser(database.db, { company: 'Derde Zaak B.V.' });
    await database.db
      .insert(memberships)
      .values({ organizationId: elsewhere.organization.id, userId: t.member.userId, role: 'viewer' });
    await call('GET', '/api/customers', t.member.token);
    const here = await lastActive(t.organizationId, t.member.userId);
    clock.advance(10_000);
    const res = await call(
      'POST',
      `/api/auth/organizations/${elsewhere.organization.id}/activate`,
      t.member.token,
    );
    expect(res.statusCode).toBe(200);
    expect(await lastActive(elsewhere.organization.id, t.member.userId)).toEqual(clock.now());
    expect(await lastActive(t.organizationId, t.member.userId)).toEqual(here);
  });
});
