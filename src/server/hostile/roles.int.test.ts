import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../db/schema';
import { type Capability, roleAllows, roleRequiredMessage } from '../../shared/roles';
import type { OrganizationRole } from '../../shared/schemas/organization';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { snapshotDatabase } from '../../test/db-snapshot';
import { exampleBody } from '../../test/example-bodies';
import { type CapturingMailer, createCapturingMailer } from '../../test/mailer';
import { createObjectsOfEachKind } from '../../test/objects-of-each-kind';
import { type ApiOperation, apiOperations, apiUrl } from '../../test/openapi-operations';
import { orderPayload } from '../../test/orders-fixtures';
import { type ObjectKind, pathObjectKind } from '../../test/path-objects';
import { addSignedInMember, createSignedInUser } from '../../test/users';
import { appRouter } from '../routers';

/**
 * Every signed-in operation of the OpenAPI document, and every tRPC procedure, called by a member of
 * each role on the organisation's own objects: exactly what the role table (src/shared/roles.ts)
 * allows gets through, the rest is a 403 naming the roles that may, and a refused call changes
 * nothing and sends nothing. The table below is the table written out per operation: a new
 * operation fails the first test until it says what it needs.
 */

/** What each signed-in operation needs. 'read' includes the person's own account calls. */
const NEEDS: Record<string, Capability> = {
  'auth-profile': 'read',
  // A member or viewer may change their own name; the company data asks 'manage' (profile.ts).
  'auth-updateProfile': 'read',
  'auth-changePassword': 'read',
  'auth-signOutOtherSessions': 'read',
  'auth-organizations': 'read',
  'auth-activateOrganization': 'read',
  'auth-resendVerification': 'read',
  // Two-step sign-in guards the person's own account, whatever their role.
  'auth-twoFactorSetup': 'read',
  'auth-twoFactorEnable': 'read',
  'auth-twoFactorDisable': 'read',
  'customers-get': 'read',
  'customers-list': 'read',
  'customers-create': 'work',
  'customers-update': 'work',
  'customers-delete': 'work',
  'orders-get': 'read',
  'orders-list': 'read',
  'orders-create': 'work',
  'orders-update': 'work',
  'orders-delete': 'work',
  'orders-duplicate': 'work',
  'orders-sendEmail': 'work',
  'orders-ubl': 'read',
  // The author asks (the order's own rule, after the role's); an owner or admin decides, by session only.
  'orderApprovals-request': 'work',
  'orderApprovals-approve': 'manage',
  'orderApprovals-reject': 'manage',
  // Taking a customer's change request over is a change to the order.
  'orderCustomerResponse-takeOver': 'work',
  'pdf-order': 'read',
  'pdf-download': 'read',
  'orderSettings-get': 'read',
  'orderSettings-nextNumber': 'read',
  'orderSettings-update': 'manage',
  'pdfSettings-get': 'read',
  'pdfSettings-update': 'manage',
  'emailTemplates-list': 'read',
  'emailTemplates-get': 'read',
  // Shows a template filled in; stores nothing.
  'emailTemplates-preview': 'read',
  'emailTemplates-create': 'manage',
  'emailTemplates-update': 'manage',
  'emailTemplates-delete': 'manage',
  'emailTemplates-test': 'manage',
  'emailTemplates-createDefaults': 'manage',
  'apiKeys-list': 'read',
  'apiKeys-create': 'manage',
  'apiKeys-revoke': 'manage',
  'webhooks-list': 'read',
  'webhooks-get': 'read',
  'webhooks-deliveries': 'read',
  'webhooks-create': 'manage',
  'webhooks-update': 'manage',
  'webhooks-delete': 'manage',
  'webhooks-test': 'manage',
  'logo-get': 'read',
  'logo-put': 'manage',
  'logo-delete': 'manage',
  'members-list': 'read',
  'members-update': 'manage',
  'members-remove': 'manage',
  'members-resetTwoFactor': 'manage',
  'members-transferOwnership': 'own',
  // Every member may end their own membership; only the owner must transfer first (members.ts).
  'members-leave': 'read',
  'invitations-list': 'manage',
  'invitations-create': 'manage',
  'invitations-withdraw': 'manage',
  'invitations-resend': 'manage',
  // The signed-in person joins with their own account; no role in the active organisation is asked.
  'invitations-accept': 'read',
  'auditLog-list': 'manage',
  // The organisation's rules: every member may know them; an owner or admin sets them.
  'organizationSettings-get': 'read',
  'organizationSettings-update': 'manage',
};

const ROLES_BELOW_OWNER: OrganizationRole[] = ['admin', 'member', 'viewer'];
const signedIn = apiOperations().filter((op) => op.signedIn);

/** A one-pixel PNG: the logo upload's body. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAQH/2ikZdQAAAABJRU5ErkJggg==',
  'base64',
);

describe('roles on every operation (generated from the OpenAPI document and the router)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let mailer: CapturingMailer;
  let organizationId: string;
  let ownerToken: string;
  let objects: Record<ObjectKind, string>;
  const tokens = {} as Record<OrganizationRole, string>;
  const userIds = {} as Record<OrganizationRole, string>;
  /**
   * An order each role that may write one wrote itself: asking approval is the author's, so a role's
   * request goes to its own order (the rule of the order, not of the role, would refuse it on another's).
   */
  const ownOrders: Partial<Record<OrganizationRole, string>> = {};

  const call = (method: string, url: string, bearer: string, payload?: unknown, contentType?: string) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${bearer}`, ...(contentType ? { 'content-type': contentType } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ok = async (res: Promise<LightMyRequestResponse>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };

  /** A person with `role` in the organisation, signed in there. */
  async function addMember(role: OrganizationRole) {
    const member = await addSignedInMember(database.db, organizationId, role);
    tokens[role] = member.token;
    userIds[role] = member.userId;
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    mailer = createCapturingMailer();
    app = await buildTestApp(testDeps(database.db, mailer));
    const owner = await createSignedInUser(database.db, { company: 'Rollen B.V.' });
    organizationId = owner.organization.id;
    ownerToken = owner.token;
    tokens.owner = owner.token;
    const own = await createObjectsOfEachKind(
      app,
      database.db,
      organizationId,
      ownerToken,
      'rollen.voorbeeld.nl',
    );
    objects = { ...own, organization: organizationId, member: '' };
    for (const role of ROLES_BELOW_OWNER) await addMember(role);
    for (const role of ['admin', 'member'] as const)
      ownOrders[role] = (await ok(call('POST', '/api/orders', tokens[role], orderPayload(own.customer))))._id;
    // The member the member calls act on: someone none of the roles above needs.
    objects.member = (await addSignedInMember(database.db, organizationId, 'member', 'Collega')).userId;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** The operation on the organisation's own objects, with the document's example body. */
  function request(op: ApiOperation, role?: OrganizationRole) {
    const own = op.operationId === 'orderApprovals-request' && role ? ownOrders[role] : undefined;
    const url = apiUrl(
      op,
      Object.fromEntries(
        op.pathParameters.map((p) => {
          const kind = pathObjectKind(op, p)!;
          return [p, kind === 'order' && own ? own : objects[kind]];
        }),
      ),
    );
    if (op.operationId === 'logo-put') return { url, body: PNG, contentType: 'image/png' };
    // The example changes the company's data too, which asks 'manage'; every role may change its own name.
    if (op.operationId === 'auth-updateProfile')
      return { url, body: { name: 'Eigen Naam' }, contentType: undefined };
    const takesBody = op.method !== 'GET' && op.method !== 'DELETE';
    const body = takesBody ? (op.bodyExample === undefined ? {} : exampleBody(op, objects)) : undefined;
    return { url, body, contentType: undefined };
  }

  it('knows what every signed-in operation and every procedure needs', () => {
    const unclassified = signedIn.map((op) => op.operationId).filter((id) => !(id in NEEDS));
    expect(unclassified, 'a new operation: say in NEEDS which capability it asks').toEqual([]);
    expect(signedIn.length).toBeGreaterThanOrEqual(45);
  });

  it.each(ROLES_BELOW_OWNER)(
    'a %s is refused exactly what the table denies, with the roles that may, and nothing changes',
    async (role) => {
      const before = await snapshotDatabase(database.db, { ownedBy: organizationId });
      const mailsBefore = mailer.messages.length;
      const refused: string[] = [];
      for (const op of signedIn) {
        const needed = NEEDS[op.operationId]!;
        if (roleAllows(role, needed)) continue;
        const { url, body, contentType } = request(op);
        const res = await call(op.method, url, tokens[role], body, contentType);
        expect(res.statusCode, `${role}: ${op.method} ${op.path}: ${res.body}`).toBe(403);
        expect(res.json().message).toBe(roleRequiredMessage(needed));
        refused.push(op.operationId);
      }
      // The viewer is refused every change but its own account; the member the settings; the admin nothing yet.
      const expected = signedIn.filter((op) => !roleAllows(role, NEEDS[op.operationId]!)).length;
      expect(refused.length).toBe(expected);
      if (role === 'viewer') expect(refused).toContain('orders-create');
      if (role === 'member') expect(refused).toContain('webhooks-create');
      expect(mailer.messages.length, 'a refused call sends no mail').toBe(mailsBefore);
      expect(await snapshotDatabase(database.db, { ownedBy: organizationId })).toEqual(before);
    },
  );

  it.each(ROLES_BELOW_OWNER)('a %s gets through to everything the table allows', async (role) => {
    for (const op of signedIn) {
      if (!roleAllows(role, NEEDS[op.operationId]!)) continue;
      // Changes by the allowed run last in the test file's order are harmless here; deleting the
      // objects the next role needs is not, so those are left to the owner's own tests.
      // Leaving, too: the role's member would be gone for the tests after this one.
      if (
        op.method === 'DELETE' ||
        op.operationId === 'auth-activateOrganization' ||
        op.operationId === 'members-leave'
      )
        continue;
      const { url, body, contentType } = request(op, role);
      const res = await call(op.method, url, tokens[role], body, contentType);
      expect(res.statusCode, `${role}: ${op.method} ${op.path}: ${res.body}`).not.toBe(403);
    }
  });

  it('refuses by role on tRPC as on REST, for the procedures with and without a REST path', async () => {
    const procedures = (
      appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } }
    )._def.procedures;
    const restIds = new Set(signedIn.map((op) => op.operationId));
    for (const [path, procedure] of Object.entries(procedures)) {
      const id = path.replace('.', '-');
      const mutation = procedure._def.type === 'mutation';
      // Only REST operations have an entry; a tRPC-only procedure is a query and reads.
      if (!restIds.has(id)) {
        if (mutation && !['auth-logout', 'auth-logoutPost'].includes(id)) {
          // Public procedures (sign-in and the like) are outside the table.
          const isPublic = apiOperations().some((op) => op.operationId === id && !op.signedIn);
          expect(isPublic, `${path}: a mutation without a REST path must say what it needs`).toBe(true);
        }
        continue;
      }
      if (NEEDS[id] === 'read') continue;
      const url = `/trpc/${path}`;
      const res = mutation
        ? await app.inject({
            method: 'POST',
            url,
            headers: { authorization: `Bearer ${tokens.viewer}`, 'content-type': 'application/json' },
            payload: {},
          })
        : await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens.viewer}` } });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(403);
    }
  });

  it('a member works on the organisation’s own data: its customers, orders, numbering, PDFs and company', async () => {
    const member = tokens.member;
    const customers = await ok(call('GET', '/api/customers', member));
    expect(customers.map((c: { _id: string }) => c._id)).toContain(objects.customer);
    const orders = await ok(call('GET', '/api/orders', member));
    expect(orders.map((o: { _id: string }) => o._id)).toContain(objects.order);
    const profile = await ok(call('GET', '/api/auth/profile', member));
    expect(profile.company).toBe('Rollen B.V.');
    const next = await ok(call('GET', '/api/auth/next-order-number', member));
    expect(next).toEqual(await ok(call('GET', '/api/auth/next-order-number', ownerToken)));
    // What the member makes is the organisation's: the owner finds it, numbered in the same series.
    const made = await ok(call('POST', '/api/orders', member, orderPayload(objects.customer)));
    expect(made.orderNumber).toBe(next.nextNumber);
    expect((await call('GET', `/api/orders/${made._id}`, ownerToken)).statusCode).toBe(200);
    const pdf = await ok(call('GET', `/api/pdf/orders/${made._id}`, tokens.viewer));
    expect((await call('GET', `/api/pdf/download/${pdf.filename}`, ownerToken)).statusCode).toBe(200);
  });

  it('an API key acts with its creator’s role: demoted to member, the admin’s key may no longer manage', async () => {
    const key = await ok(call('POST', '/api/api-keys', tokens.admin, { name: 'Koppeling', access: 'write' }));
    const webhook = { url: 'https://koppeling.voorbeeld.nl/hook', events: ['order.updated'] };
    expect((await call('GET', '/api/webhooks', key.secret)).statusCode).toBe(200);
    await database.db
      .update(memberships)
      .set({ role: 'member' })
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userIds.admin)));
    const refused = await call('POST', '/api/webhooks', key.secret, webhook);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe(roleRequiredMessage('manage'));
    // Still a member: the daily work goes on with the key.
    expect((await call('GET', '/api/customers', key.secret)).statusCode).toBe(200);
    await database.db
      .update(memberships)
      .set({ role: 'admin' })
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userIds.admin)));
  });
});
