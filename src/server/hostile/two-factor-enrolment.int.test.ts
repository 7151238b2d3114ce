import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, users } from '../../db/schema';
import { organizationSettingsMessages } from '../../shared/schemas/organization-settings';
import { TWO_FACTOR_ENROLMENT_REQUIRED_CODE } from '../../shared/two-factor-enrolment';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { snapshotDatabase } from '../../test/db-snapshot';
import { exampleBody } from '../../test/example-bodies';
import { type CapturingMailer, createCapturingMailer } from '../../test/mailer';
import { createObjectsOfEachKind } from '../../test/objects-of-each-kind';
import { type ApiOperation, apiOperations, apiUrl } from '../../test/openapi-operations';
import { type ObjectKind, pathObjectKind } from '../../test/path-objects';
import { addSignedInMember, createSignedInUser } from '../../test/users';
import { ENROLMENT_PROCEDURES } from '../http/two-factor-enrolment';
import { appRouter } from '../routers';
import { createApiKey } from '../services/api-keys/api-keys';
import { createSession } from '../services/auth/sessions';

/**
 * 'Tweestapsverificatie verplicht', on every path: a session of a member without two-step sign-in
 * in an organisation that requires it is refused every signed-in operation of the OpenAPI document
 * and every tRPC procedure (403, code TWO_FACTOR_ENROLMENT_REQUIRED, a Dutch message that says what
 * to do) — all but the explicit list it needs to enrol or get out — and a refused call changes and
 * sends nothing. An API key is not held; a switch to an organisation without the rule frees the
 * session; and the call right after enabling goes through.
 */

/** The list itself, written out: a procedure added to it must be added here too, knowingly. */
const EXPECTED_ENROLMENT_PROCEDURES = [
  'auth.activateOrganization',
  'auth.organizations',
  'auth.profile',
  'auth.twoFactorEnable',
  'auth.twoFactorSetup',
];

const REFUSAL = {
  message: organizationSettingsMessages.enrolmentRequired,
  code: TWO_FACTOR_ENROLMENT_REQUIRED_CODE,
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAQH/2ikZdQAAAABJRU5ErkJggg==',
  'base64',
);

const signedIn = apiOperations().filter((op) => op.signedIn);
const procedureOf = (op: ApiOperation) => op.operationId.replace('-', '.');
const procedures = Object.entries(
  (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def
    .procedures,
);

describe('two-step sign-in required: everything but enrolling is refused to a session without it', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let mailer: CapturingMailer;
  let organizationId: string;
  let ownerToken: string;
  let objects: Record<ObjectKind, string>;
  /** An admin of the organisation without two-step sign-in: what the role allows, the rule refuses. */
  let admin: { userId: string; token: string };
  /** An organisation of its own that admin also works in, without the rule. */
  let otherOrganizationId: string;

  const call = (method: string, url: string, bearer: string | undefined, payload?: unknown, type?: string) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: {
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...(type ? { 'content-type': type } : {}),
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ok = async (res: Promise<LightMyRequestResponse>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  /** A tRPC call as the browser makes it: a query as GET, a mutation as POST. */
  const trpc = (path: string, type: string, bearer: string | undefined) =>
    type === 'mutation'
      ? call('POST', `/trpc/${path}`, bearer, {}, 'application/json')
      : call('GET', `/trpc/${path}`, bearer);

  /** A fresh session of `userId` in `organizationId`. */
  const sessionOf = async (userId: string, inOrganization = organizationId) =>
    (await createSession(database.db, userId, false, new Date(), inOrganization)).token;

  beforeAll(async () => {
    database = await openTestDatabase();
    mailer = createCapturingMailer();
    app = await buildTestApp(testDeps(database.db, mailer));
    const owner = await createSignedInUser(database.db, { company: 'Streng B.V.' });
    organizationId = owner.organization.id;
    ownerToken = owner.token;
    // The owner uses two-step sign-in, so may switch the rule on (and is not held by it).
    await database.db
      .update(users)
      .set({ twoFactorEnabled: true, twoFactorSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' })
      .where(eq(users.id, owner.user.id));
    const own = await createObjectsOfEachKind(
      app,
      database.db,
      organizationId,
      ownerToken,
      'streng.voorbeeld.nl',
    );
    const { userId: adminId, token: adminToken } = await addSignedInMember(
      database.db,
      organizationId,
      'admin',
      'Bram Beheerder',
    );
    admin = { userId: adminId, token: adminToken };
    const colleague = await addSignedInMember(database.db, organizationId, 'member', 'Collega');
    const other = await createSignedInUser(database.db, { company: 'Vrij B.V.' });
    otherOrganizationId = other.organization.id;
    await database.db
      .insert(memberships)
      .values({ organizationId: otherOrganizationId, userId: adminId, role: 'member' });
    objects = { ...own, organization: otherOrganizationId, member: colleague.userId };
    await ok(call('PUT', '/api/organization/settings', ownerToken, { twoFactorRequired: true }));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** The operation on the organisation's own objects, with the document's example body. */
  function request(op: ApiOperation) {
    const url = apiUrl(
      op,
      Object.fromEntries(op.pathParameters.map((p) => [p, objects[pathObjectKind(op, p)!]])),
    );
    if (op.operationId === 'logo-put') return { url, body: PNG, type: 'image/png' };
    const takesBody = op.method !== 'GET' && op.method !== 'DELETE';
    const body = takesBody ? (op.bodyExample === undefined ? {} : exampleBody(op, objects)) : undefined;
    return { url, body, type: undefined };
  }

  it('the list of what stays open is exactly the enrolment’s, and names real procedures', () => {
    expect([...ENROLMENT_PROCEDURES].sort()).toEqual(EXPECTED_ENROLMENT_PROCEDURES);
    const paths = new Set(procedures.map(([path]) => path));
    for (const path of ENROLMENT_PROCEDURES) expect(paths.has(path), path).toBe(true);
  });

  it('refuses every other signed-in REST operation with 403 and the code, and nothing changes or is sent', async () => {
    const before = await snapshotDatabase(database.db, { ownedBy: organizationId });
    const mailsBefore = mailer.messages.length;
    const refused: string[] = [];
    for (const op of signedIn) {
      if (ENROLMENT_PROCEDURES.has(procedureOf(op))) continue;
      const { url, body, type } = request(op);
      const res = await call(op.method, url, admin.token, body, type);
      expect(res.statusCode, `${op.method} ${op.path}: ${res.body}`).toBe(403);
      expect(res.json(), `${op.method} ${op.path}`).toEqual(REFUSAL);
      refused.push(op.operationId);
    }
    expect(refused.length).toBe(signedIn.length - ENROLMENT_PROCEDURES.size);
    // The plain routes too: the lists, the file download, the logo.
    expect(refused).toEqual(
      expect.arrayContaining(['customers-list', 'orders-list', 'pdf-download', 'logo-get', 'auditLog-list']),
    );
    expect(mailer.messages.length, 'a refused call sends no mail').toBe(mailsBefore);
    expect(await snapshotDatabase(database.db, { ownedBy: organizationId })).toEqual(before);
  });

  it('refuses every signed-in tRPC procedure but the list, also those without a REST path; public ones stay public', async () => {
    let held = 0;
    for (const [path, procedure] of procedures) {
      const type = procedure._def.type;
      // A public procedure answers without signing in (anything but a 401): nothing to hold.
      const anonymous = await trpc(path, type, undefined);
      const isPublic = anonymous.statusCode !== 401;
      const res = await trpc(path, type, admin.token);
      const domainCode = res.json().error?.data?.domainCode;
      if (isPublic || ENROLMENT_PROCEDURES.has(path)) {
        expect(domainCode, `${path}: ${res.body}`).toBeUndefined();
        continue;
      }
      expect(res.statusCode, `${path}: ${res.body}`).toBe(403);
      expect(domainCode, path).toBe(TWO_FACTOR_ENROLMENT_REQUIRED_CODE);
      expect(res.json().error.message).toBe(organizationSettingsMessages.enrolmentRequired);
      held += 1;
    }
    expect(held).toBeGreaterThan(60);
    // A batch is held call by call: the profile comes, the customers do not.
    const batch = await call('GET', '/trpc/auth.profile,customers.page?batch=1&input={}', admin.token);
    const [profile, customers] = batch.json();
    expect(profile.result.data.twoFactorEnrolmentRequired).toBe(true);
    expect(customers.error.data.domainCode).toBe(TWO_FACTOR_ENROLMENT_REQUIRED_CODE);
  });

  it('the session start and the profile say so, and the organisations can be listed', async () => {
    const session = await call('GET', '/trpc/auth.session', admin.token);
    expect(session.json().result.data).toMatchObject({
      twoFactorEnabled: false,
      twoFactorEnrolmentRequired: true,
    });
    const profile = await ok(call('GET', '/api/auth/profile', admin.token));
    expect(profile).toMatchObject({ twoFactorEnabled: false, twoFactorEnrolmentRequired: true });
    const organizations = await ok(call('GET', '/api/auth/organizations', admin.token));
    expect(organizations.map((o: { name: string; active: boolean }) => [o.name, o.active])).toEqual([
      ['Streng B.V.', true],
      ['Vrij B.V.', false],
    ]);
    // The owner, with two-step sign-in, works as ever.
    expect((await ok(call('GET', '/api/auth/profile', ownerToken))).twoFactorEnrolmentRequired).toBe(false);
    expect((await call('GET', '/api/customers', ownerToken)).statusCode).toBe(200);
  });

  it('an API key of the same member is not a session: it works as its role allows', async () => {
    const { secret } = await createApiKey(
      database.db,
      { organizationId, userId: admin.userId },
      { name: 'Koppeling', access: 'write' },
      new Date(),
    );
    expect((await call('GET', '/api/customers', secret)).statusCode).toBe(200);
    expect((await call('GET', `/api/orders/${objects.order}`, secret)).statusCode).toBe(200);
    const made = await call('POST', '/api/customers', secret, {
      name: 'Via de koppeling',
      company: 'Koppeling B.V.',
      email: 'koppeling@voorbeeld.nl',
    });
    expect(made.statusCode, made.body).toBe(200);
    expect((await call('GET', '/trpc/customers.page?input={}', secret)).statusCode).toBe(200);
  });

  it('switching to an organisation without the rule frees the session; back, it is held again', async () => {
    const token = await sessionOf(admin.userId);
    await ok(call('POST', `/api/auth/organizations/${otherOrganizationId}/activate`, token, {}));
    expect((await ok(call('GET', '/api/auth/profile', token))).twoFactorEnrolmentRequired).toBe(false);
    expect((await call('GET', '/api/customers', token)).statusCode).toBe(200);
    await ok(call('POST', `/api/auth/organizations/${organizationId}/activate`, token, {}));
    const held = await call('GET', '/api/customers', token);
    expect(held.statusCode).toBe(403);
    expect(held.json()).toEqual(REFUSAL);
  });

  it('the rule switched off frees everyone at once', async () => {
    const token = await sessionOf(admin.userId);
    await ok(call('PUT', '/api/organization/settings', ownerToken, { twoFactorRequired: false }));
    expect((await call('GET', '/api/customers', token)).statusCode).toBe(200);
    await ok(call('PUT', '/api/organization/settings', ownerToken, { twoFactorRequired: true }));
    expect((await call('GET', '/api/customers', token)).statusCode).toBe(403);
  });

  it('enrolling: set up, enable with a code of the key, and the very next call goes through', async () => {
    const token = await sessionOf(admin.userId);
    const { secret } = await ok(call('POST', '/api/auth/two-factor/setup', token, {}));
    const code = new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate();
    const enabled = await ok(call('POST', '/api/auth/two-factor/enable', token, { code }));
    expect(enabled.recoveryCodes).toHaveLength(10);
    expect((await call('GET', '/api/customers', token)).statusCode).toBe(200);
    expect(await ok(call('GET', '/api/auth/profile', token))).toMatchObject({
      twoFactorEnabled: true,
      twoFactorEnrolmentRequired: false,
    });
    // The session of before, on another device, is free as well: the rule reads the account.
    expect((await call('GET', '/api/organization/members', admin.token)).statusCode).toBe(200);
  });

  it('signing out stays possible while held', async () => {
    const colleagueToken = await sessionOf(objects.member);
    expect((await call('GET', '/api/customers', colleagueToken)).statusCode).toBe(403);
    expect((await call('POST', '/api/auth/logout', colleagueToken, {})).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/profile', colleagueToken)).statusCode).toBe(401);
  });
});
