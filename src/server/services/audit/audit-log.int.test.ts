import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, memberships, users } from '../../../db/schema';
import { roleRequiredMessage } from '../../../shared/roles';
import type { OrganizationRole } from '../../../shared/schemas/organization';
import { createTestClock, DAY_MS } from '../../../test/clock';
import { buildTestApp, testDeps } from '../../../test/context';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { STRONG_PASSWORD, uniqueEmail } from '../../../test/helpers';
import { solidImage } from '../../../test/logo-images';
import { createCapturingMailer } from '../../../test/mailer';
import { orderPayload } from '../../../test/orders-fixtures';
import { createSignedInUser, strongPasswordHash } from '../../../test/users';
import { hashPassword } from '../auth/passwords';
import { createSession } from '../auth/sessions';
import { sweepExpired } from '../housekeeping';
import { recordAudit } from './audit-log';

/**
 * The audit log: every change writes exactly one entry in its own transaction (a refused or failed
 * change none), with who (member or key, by name), from where, what and which fields — never a
 * secret's, token's or password's value; read back by owner and admin only, filtered and paged, and
 * pruned after two years.
 */

const clock = createTestClock(new Date('2026-11-24T10:00:00Z'));
let database: TestDatabase;
let app: FastifyInstance;
const mailer = createCapturingMailer();

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildTestApp(testDeps(database.db, mailer, undefined, clock.now));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const IP = '203.0.113.7';
const call = (method: Method, url: string, bearer: string, payload?: unknown, contentType?: string) =>
  app.inject({
    method,
    url,
    remoteAddress: IP,
    headers: { authorization: `Bearer ${bearer}`, ...(contentType ? { 'content-type': contentType } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ok = async (method: Method, url: string, bearer: string, payload?: unknown) => {
  const res = await call(method, url, bearer, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
};

const rowsOf = (organizationId: string) =>
  database.db.select().from(auditLog).where(eq(auditLog.organizationId, organizationId));

/** Runs `change` and answers the entries it added (the log of `organizationId` before and after). */
async function added(organizationId: string, change: () => Promise<unknown>) {
  const before = new Set((await rowsOf(organizationId)).map((r) => r.id));
  await change();
  return (await rowsOf(organizationId)).filter((r) => !before.has(r.id));
}

async function addMember(organizationId: string, role: OrganizationRole, name = `Lid ${role}`) {
  const [user] = await database.db
    .insert(users)
    .values({ email: uniqueEmail(), passwordHash: 'not-a-real-hash', name, isEmailVerified: true })
    .returning();
  await database.db.insert(memberships).values({ organizationId, userId: user!.id, role });
  const { token } = await createSession(database.db, user!.id, false, clock.now(), organizationId);
  return { user: user!, token };
}

describe('the audit log (integration)', () => {
  it('each kind of change writes exactly one entry with its action, object and changed fields', async () => {
    const { organization, token, user } = await createSignedInUser(database.db, { name: 'Ria Smit' });
    const org = organization.id;
    const one = async (
      action: string,
      change: () => Promise<unknown>,
      expected: { objectId?: string | null; fields?: string[] } = {},
    ) => {
      const rows = await added(org, change);
      expect(
        rows.map((r) => r.action),
        action,
      ).toEqual([action]);
      const [row] = rows;
      expect(row).toMatchObject({ actorType: 'member', actorUserId: user.id, actorName: 'Ria Smit', ip: IP });
      if (expected.objectId !== undefined) expect(row!.objectId).toBe(expected.objectId);
      if (expected.fields) expect(row!.fields).toEqual(expected.fields);
      return row!;
    };
    const customerBody = { name: 'Sara Bakker', company: 'Bakker Advies', email: 'sara@bakker.nl' };

    let customerId = '';
    await one('customer.created', async () => {
      customerId = (await ok('POST', '/api/customers', token, customerBody))._id;
    });
    await one(
      'customer.updated',
      () => ok('PUT', `/api/customers/${customerId}`, token, { ...customerBody, city: 'Utrecht' }),
      { objectId: customerId, fields: ['city'] },
    );
    let orderId = '';
    const created = await one('order.created', async () => {
      orderId = (await ok('POST', '/api/orders', token, orderPayload(customerId)))._id;
    });
    expect(created.objectId).toBe(orderId);
    expect(created.fields).toEqual(expect.arrayContaining(['customer', 'items', 'project']));
    await one(
      'order.updated',
      () => ok('PUT', `/api/orders/${orderId}`, token, orderPayload(customerId, { project: 'Nieuwbouw' })),
      { objectId: orderId, fields: ['project'] },
    );
    await one(
      'order.updated',
      () =>
        ok(
          'PUT',
          `/api/orders/${orderId}`,
          token,
          orderPayload(customerId, { project: 'Nieuwbouw', status: 'paid' }),
        ),
      { objectId: orderId, fields: ['status'] },
    );
    let copyId = '';
    await one('order.duplicated', async () => {
      copyId = (await ok('POST', `/api/orders/${orderId}/duplicate`, token))._id;
    });
    await one(
      'order.sent',
      () =>
        ok('POST', `/api/orders/${copyId}/send-email`, token, {
          recipient: 'sara@bakker.nl',
          subject: 'Uw order',
          message: '<p>Hierbij.</p>',
          includePdf: false,
        }),
      { objectId: copyId },
    );
    await one('order.deleted', () => ok('DELETE', `/api/orders/${copyId}`, token), { objectId: copyId });
    await one('customer.deleted', () => ok('DELETE', `/api/customers/${customerId}`, token), {
      objectId: customerId,
    });
    await one(
      'settings.updated',
      () => ok('PUT', '/api/auth/profile', token, { company: 'Smit Techniek', city: 'Gouda' }),
      { objectId: org, fields: ['city', 'company'] },
    );
    await one(
      'order_settings.updated',
      () => ok('PUT', '/api/auth/order-settings', token, { prefix: 'SMT' }),
      {
        fields: ['prefix'],
      },
    );
    await one(
      'pdf_settings.updated',
      () => ok('PUT', '/api/auth/pdf-settings', token, { primaryColor: '#123456' }),
      { fields: ['primaryColor'] },
    );
    await one('logo.updated', async () => {
      const res = await call('PUT', '/api/auth/logo', token, await solidImage(40, 20, 'png'), 'image/png');
      expect(res.statusCode, res.body).toBe(200);
    });
    await one('logo.deleted', () => ok('DELETE', '/api/auth/logo', token));
    let templateId = '';
    await one('email_template.created', async () => {
      templateId = (
        await ok('POST', '/api/email-templates', token, {
          name: 'Order',
          subject: 'Order {{order.orderNumber}}',
          content: '<p>Beste {{customer.name}}</p>',
        })
      )._id;
    });
    await one(
      'email_template.updated',
      () =>
        ok('PUT', `/api/email-templates/${templateId}`, token, {
          name: 'Order',
          subject: 'Uw order {{order.orderNumber}}',
          content: '<p>Beste {{customer.name}}</p>',
        }),
      { objectId: templateId, fields: ['subject'] },
    );
    await one('email_template.test_sent', () =>
      ok('POST', `/api/email-templates/${templateId}/test`, token, { email: 'ria@smit.nl' }),
    );
    await one('email_template.deleted', () => ok('DELETE', `/api/email-templates/${templateId}`, token));
    await one('email_template.defaults_created', () =>
      ok('POST', '/api/email-templates/create-defaults', token, {}),
    );
    let keyId = '';
    await one('api_key.created', async () => {
      keyId = (await ok('POST', '/api/api-keys', token, { name: 'Boekhouding', access: 'read' }))._id;
    });
    await one('api_key.revoked', () => ok('DELETE', `/api/api-keys/${keyId}`, token), { objectId: keyId });
    let webhookId = '';
    await one('webhook.created', async () => {
      webhookId = (
        await ok('POST', '/api/webhooks', token, {
          url: 'https://smit.voorbeeld.nl/hook',
          events: ['order.created'],
        })
      )._id;
    });
    await one(
      'webhook.updated',
      () =>
        ok('PUT', `/api/webhooks/${webhookId}`, token, {
          url: 'https://smit.voorbeeld.nl/hook',
          events: ['order.created', 'order.sent'],
        }),
      { objectId: webhookId, fields: ['events'] },
    );
    await one('webhook.test_sent', () => ok('POST', `/api/webhooks/${webhookId}/test`, token, {}));
    await one('webhook.deleted', () => ok('DELETE', `/api/webhooks/${webhookId}`, token));
  });

  it('records the team: invitations sent, resent, withdrawn and accepted, roles, ownership, removal and leaving', async () => {
    const { organization, token, user } = await createSignedInUser(database.db, { name: 'Ria Smit' });
    const org = organization.id;
    const only = async (change: () => Promise<unknown>) => {
      const rows = await added(org, change);
      expect(rows).toHaveLength(1);
      return rows[0]!;
    };
    const byRia = { actorType: 'member', actorUserId: user.id, actorName: 'Ria Smit', ip: IP };

    const invited = uniqueEmail();
    let invitationId = '';
    expect(
      await only(async () => {
        invitationId = (
          await ok('POST', '/api/organization/invitations', token, { email: invited, role: 'member' })
        ).id;
      }),
    ).toMatchObject({
      ...byRia,
      action: 'invitation.created',
      objectType: 'invitation',
      fields: ['email', 'role'],
    });
    expect(invitationId).not.toBe('');
    expect(
      await only(() => ok('POST', `/api/organization/invitations/${invitationId}/resend`, token)),
    ).toMatchObject({ ...byRia, action: 'invitation.resent', objectId: invitationId });

    // Accepted by registering from the link: the new member is the one who did it, and the session the
    // registration opens is a sign-in like any other.
    const link = mailer.lastToken(invited, 'invite');
    const [signedIn, joined, ...more] = (
      await added(org, async () => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: IP,
          payload: { name: 'Nina Nieuw', email: invited, password: STRONG_PASSWORD, invitationToken: link },
        });
        expect(res.statusCode, res.body).toBe(200);
      })
    ).sort((a, b) => a.action.localeCompare(b.action));
    expect(more).toEqual([]);
    const byNina = { actorName: 'Nina Nieuw', actorType: 'member', ip: IP };
    expect(signedIn).toMatchObject({ ...byNina, action: 'auth.signed_in', objectType: 'member' });
    expect(joined).toMatchObject({ ...byNina, action: 'invitation.accepted', objectId: invitationId });
    expect(signedIn?.objectId).toBe(joined?.actorUserId);
    const nina = joined!.actorUserId!;
    expect(nina).not.toBe(user.id);

    const withdrawn = uniqueEmail();
    const second = (
      await ok('POST', '/api/organization/invitations', token, { email: withdrawn, role: 'viewer' })
    ).id;
    expect(await only(() => ok('DELETE', `/api/organization/invitations/${second}`, token))).toMatchObject({
      ...byRia,
      action: 'invitation.withdrawn',
      objectId: second,
    });

    expect(
      await only(() => ok('PUT', `/api/organization/members/${nina}`, token, { role: 'admin' })),
    ).toMatchObject({ ...byRia, action: 'member.role_changed', objectId: nina, fields: ['role'] });
    const other = await addMember(org, 'member', 'Otto Ander');
    expect(await only(() => ok('DELETE', `/api/organization/members/${other.user.id}`, token))).toMatchObject(
      { ...byRia, action: 'member.removed', objectId: other.user.id },
    );
    expect(
      await only(() => ok('POST', '/api/organization/transfer-ownership', token, { userId: nina })),
    ).toMatchObject({ ...byRia, action: 'ownership.transferred', objectId: nina });
    // Ria, an admin now, leaves: the entry stays in the log of the organisation she left.
    expect(await only(() => ok('POST', '/api/organization/leave', token, {}))).toMatchObject({
      ...byRia,
      action: 'member.left',
      objectId: user.id,
    });

    // Refused team changes write nothing: an address that is a member already, the owner removed.
    const refused = await added(org, async () => {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: invited, password: STRONG_PASSWORD },
      });
      const ninaToken = login.json().token as string;
      expect(
        (await call('POST', '/api/organization/invitations', ninaToken, { email: invited, role: 'member' }))
          .statusCode,
      ).toBe(409);
      expect((await call('DELETE', `/api/organization/members/${nina}`, ninaToken)).statusCode).toBe(400);
    });
    // Only Nina's own sign-in above is new.
    expect(refused.map((r) => r.action)).toEqual(['auth.signed_in']);
  });

  it('a change that is refused or fails writes nothing', async () => {
    const { organization, token } = await createSignedInUser(database.db);
    const viewer = await addMember(organization.id, 'viewer');
    const member = await addMember(organization.id, 'member');
    const customer = await ok('POST', '/api/customers', token, {
      name: 'Sara Bakker',
      company: 'Bakker Advies',
      email: 'sara@bakker.nl',
    });
    const rows = await added(organization.id, async () => {
      // Not allowed by the role; invalid input; a missing object; company data by a member.
      const refused = [
        await call('PUT', `/api/customers/${customer._id}`, viewer.token, { ...customer, city: 'Gouda' }),
        await call('PUT', `/api/customers/${customer._id}`, token, { ...customer, email: 'geen-adres' }),
        await call('DELETE', '/api/orders/00000000-0000-4000-8000-000000000000', token),
        await call('PUT', '/api/auth/profile', member.token, { company: 'Overgenomen B.V.' }),
        await call('POST', '/api/orders', token, orderPayload('00000000-0000-4000-8000-000000000000')),
      ];
      expect(refused.map((r) => r.statusCode)).toEqual([403, 400, 404, 403, 404]);
    });
    expect(rows).toEqual([]);
  });

  it('never stores a secret, a token or a password, not even as a field name', async () => {
    const password = `${STRONG_PASSWORD}x`;
    const email = uniqueEmail();
    const { organization, token } = await createSignedInUser(database.db);
    const [user] = await database.db
      .update(users)
      .set({ email, passwordHash: await hashPassword(password) })
      .where(eq(users.id, organization.id))
      .returning();
    expect(user).toBeDefined();
    const key = await ok('POST', '/api/api-keys', token, { name: 'Koppeling', access: 'write' });
    const webhook = await ok('POST', '/api/webhooks', token, {
      url: 'https://geheim.voorbeeld.nl/hook',
      events: ['order.created'],
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: IP,
      payload: { email, password, rememberMe: false },
    });
    expect(login.statusCode, login.body).toBe(200);
    const newPassword = `${STRONG_PASSWORD}y`;
    const changed = await call('PUT', '/api/auth/profile', login.json().token, {
      name: 'Nieuwe Naam',
      currentPassword: password,
      password: newPassword,
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const stored = JSON.stringify(await rowsOf(organization.id));
    for (const value of [key.secret, webhook.secret, password, newPassword, token, login.json().token])
      expect(stored).not.toContain(value);
    expect(stored).not.toMatch(/password|secret|token|hash/i);
    const actions = (await rowsOf(organization.id)).map((r) => r.action).sort();
    expect(actions).toEqual(['api_key.created', 'auth.signed_in', 'settings.updated', 'webhook.created']);
  });

  it('names the actor: a member by name, an API key by its own name, each with the IP', async () => {
    const { organization, token, user } = await createSignedInUser(database.db, { name: 'Ria Smit' });
    const key = await ok('POST', '/api/api-keys', token, { name: 'Webshop', access: 'write' });
    const [entry] = await added(organization.id, () =>
      ok('POST', '/api/customers', key.secret, { name: 'Sara', company: 'Bakker', email: 'sara@bakker.nl' }),
    );
    expect(entry).toMatchObject({
      actorType: 'api_key',
      actorApiKeyId: key._id,
      actorUserId: user.id,
      actorName: 'Webshop',
      ip: IP,
    });
    const [listed] = await ok('GET', `/api/organization/audit-log?limit=1&actor=${key._id}`, token);
    expect(listed.actor).toEqual({ type: 'api_key', id: key._id, name: 'Webshop' });
    const byMember = await ok('GET', `/api/organization/audit-log?actor=${user.id}`, token);
    expect(byMember.map((e: { action: string }) => e.action)).toEqual(['api_key.created']);
    expect(byMember[0].actor).toEqual({ type: 'member', id: user.id, name: 'Ria Smit' });
    // The screen's 'Wie' choices: everyone in the log, by name.
    const actors = await call('GET', '/trpc/auditLog.actors', token);
    expect(actors.json().result.data).toEqual([
      { type: 'member', id: user.id, name: 'Ria Smit' },
      { type: 'api_key', id: key._id, name: 'Webshop' },
    ]);
  });

  it('records each sign-in to the organisation: the login, and switching to another organisation', async () => {
    const email = uniqueEmail();
    const { organization } = await createSignedInUser(database.db, { name: 'Ria Smit' });
    await database.db
      .update(users)
      .set({ email, passwordHash: await strongPasswordHash() })
      .where(eq(users.id, organization.id));
    const [signIn] = await added(organization.id, async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '198.51.100.4',
        payload: { email, password: STRONG_PASSWORD, rememberMe: false },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(signIn).toMatchObject({
      action: 'auth.signed_in',
      actorName: 'Ria Smit',
      ip: '198.51.100.4',
      objectId: organization.id,
    });
    // A wrong password signs nobody in.
    expect(
      await added(organization.id, () =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'Fout123!x', rememberMe: false },
        }),
      ),
    ).toEqual([]);

    const other = await createSignedInUser(database.db, { company: 'Tweede B.V.' });
    const { token } = await addMember(other.organization.id, 'member', 'Piet Gast');
    const [switched] = await added(other.organization.id, () =>
      ok('POST', `/api/auth/organizations/${other.organization.id}/activate`, token),
    );
    expect(switched).toMatchObject({ action: 'auth.signed_in', actorName: 'Piet Gast', ip: IP });
  });

  it('filters by actor, action, object and Dutch days, pages newest first with X-Total-Count', async () => {
    const { organization, token, user } = await createSignedInUser(database.db);
    const org = organization.id;
    const actor = { type: 'member' as const, userId: user.id, apiKeyId: null, name: 'Jan', ip: IP };
    // 23:30 UTC on 1 March is 2 March in Amsterdam; 22:59 UTC on 2 March is still 2 March there.
    const entries = [
      ['order.created', 'a', '2026-03-01T22:30:00Z'],
      ['order.updated', 'a', '2026-03-01T23:30:00Z'],
      ['order.updated', 'b', '2026-03-02T22:59:00Z'],
      ['order.deleted', 'a', '2026-03-02T23:30:00Z'],
    ] as const;
    for (const [action, objectId, at] of entries) {
      await recordAudit(database.db, org, actor, { action, objectType: 'order', objectId }, new Date(at));
    }

    const page = await call('GET', '/api/organization/audit-log?limit=2&offset=1', token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['x-total-count']).toBe('4');
    expect(page.headers.link).toContain('rel="next"');
    expect(page.json().map((e: { action: string; objectId: string }) => `${e.action} ${e.objectId}`)).toEqual(
      ['order.updated b', 'order.updated a'],
    );
    const ids = async (query: string) => {
      const res = await call('GET', `/api/organization/audit-log?${query}`, token);
      expect(res.statusCode, res.body).toBe(200);
      return {
        total: res.headers['x-total-count'],
        items: res.json().map((e: { action: string; objectId: string }) => `${e.action} ${e.objectId}`),
      };
    };
    expect(await ids('action=order.updated')).toEqual({
      total: '2',
      items: ['order.updated b', 'order.updated a'],
    });
    expect(await ids('objectId=a')).toEqual({
      total: '3',
      items: ['order.deleted a', 'order.updated a', 'order.created a'],
    });
    expect(await ids('from=2026-03-02&to=2026-03-02')).toEqual({
      total: '2',
      items: ['order.updated b', 'order.updated a'],
    });
    expect(await ids(`actor=${user.id}&to=2026-03-01`)).toEqual({ total: '1', items: ['order.created a'] });

    const bad = await call('GET', '/api/organization/audit-log?action=order.gemaakt&from=2026-13-01', token);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details).sort()).toEqual(['action', 'from']);
  });

  it('is for owner and admin only, over REST and tRPC, and shows another organisation nothing', async () => {
    const { organization, token } = await createSignedInUser(database.db);
    await ok('POST', '/api/customers', token, { name: 'Sara', company: 'Bakker', email: 'sara@bakker.nl' });
    const admin = await addMember(organization.id, 'admin');
    expect(await ok('GET', '/api/organization/audit-log', admin.token)).toHaveLength(1);
    for (const role of ['member', 'viewer'] as const) {
      const { token: refused } = await addMember(organization.id, role);
      const res = await call('GET', '/api/organization/audit-log', refused);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(roleRequiredMessage('manage'));
      const trpc = await call('GET', '/trpc/auditLog.list?input=%7B%7D', refused);
      expect(trpc.statusCode).toBe(403);
    }
    const stranger = await createSignedInUser(database.db);
    const theirs = await call('GET', '/api/organization/audit-log', stranger.token);
    expect(theirs.json()).toEqual([]);
    expect(theirs.headers['x-total-count']).toBe('0');
  });

  it('the scheduled clean-up removes entries older than two years, for every organisation', async () => {
    const { organization, user } = await createSignedInUser(database.db);
    const actor = { type: 'member' as const, userId: user.id, apiKeyId: null, name: 'Jan', ip: IP };
    const entry = { action: 'order.created' as const, objectType: 'order' as const };
    const start = clock.now();
    await recordAudit(database.db, organization.id, actor, { ...entry, objectId: 'oud' }, start);
    clock.advance(2 * DAY_MS);
    await recordAudit(database.db, organization.id, actor, { ...entry, objectId: 'nieuw' }, clock.now());
    // Two years and a day after the first: it goes, the one of a day later stays.
    clock.set(Date.UTC(start.getUTCFullYear() + 2, start.getUTCMonth(), start.getUTCDate() + 1, 12));
    const removed = await sweepExpired(database.db, clock.now());
    expect(removed.auditLog).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(organization.id)).map((r) => r.objectId)).toEqual(['nieuw']);
    clock.set(start);
  });
});
