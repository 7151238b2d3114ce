import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, orderApprovals, organizations, users } from '../../db/schema';
import { setApprovalRule } from '../../test/approvals';
import { answeredConfirmation } from '../../test/confirmations';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { snapshotDatabase } from '../../test/db-snapshot';
import { exampleBody } from '../../test/example-bodies';
import { uniqueEmail } from '../../test/helpers';
import { type CapturingMailer, createCapturingMailer } from '../../test/mailer';
import { type ApiOperation, apiOperations, apiUrl, type HttpMethod } from '../../test/openapi-operations';
import { insertCustomer, orderPayload } from '../../test/orders-fixtures';
import {
  NOT_OBJECT_PARAMETERS,
  type ObjectKind,
  PATH_OBJECTS,
  pathObjectKind,
  pathParameterKey,
  unknownPdfFilename,
} from '../../test/path-objects';
import { createSignedInUser } from '../../test/users';
import { issueEmailToken } from '../services/auth/email-tokens';
import { hashToken } from '../services/auth/session-tokens';
import { createSession } from '../services/auth/sessions';

/**
 * No request of one account reaches another account's objects. Generated from the OpenAPI
 * document: every operation with a parameter in its path is called by account B — with its session
 * and with a write API key — on account A's object, with every method, and with the document's own
 * example body (its references pointed at B's own customer and template, so that without the
 * isolation rule the call would change something; the owner's control run below proves those bodies
 * valid). B must get exactly what it gets for an id that does not exist, and nothing of A may change.
 *
 * A new operation whose path parameter src/test/path-objects.ts does not know fails the first test:
 * it is covered by saying which object it names, or why it names none.
 */

/** A's objects, one of each kind an operation's path can name. */
type OwnedObjects = Record<ObjectKind, string>;

/** The customer and template an account's example bodies refer to. */
type BodyRefs = { customer: string; emailTemplate: string };

const operations = apiOperations();
const withPathParameters = operations.filter((op) => op.pathParameters.length > 0);
const ownedOperations = withPathParameters.filter((op) =>
  op.pathParameters.every((p) => pathObjectKind(op, p)),
);
const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

describe('account isolation on every operation with an id (generated from the OpenAPI document)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let mailer: CapturingMailer;
  let a: {
    userId: string;
    token: string;
    /** A second admin of A: who decides on A's order in the control run (nobody decides on their own). */
    approverToken: string;
    objects: OwnedObjects;
    refs: BodyRefs;
  };
  let b: { userId: string; session: string; key: string; refs: BodyRefs };

  const call = (method: HttpMethod, url: string, bearer: string | undefined, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ok = async (res: Promise<LightMyRequestResponse>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };

  /**
   * A customer and a template of `token`'s account: what example bodies refer to. The customer has a
   * BTW number and the company (below) a KVK number, so an order of theirs can be a UBL file.
   */
  async function bodyRefs(userId: string, token: string): Promise<BodyRefs> {
    await database.db
      .update(organizations)
      .set({ kvkNumber: '34123456' })
      .where(eq(organizations.id, userId));
    const customer = await insertCustomer(database.db, userId, { btwNumber: 'NL987654321B01' });
    const template = await ok(
      call('POST', '/api/email-templates', token, {
        name: 'Order versturen',
        subject: 'Order {{order.orderNumber}}',
        content: '<p>Beste {{customer.name}}, hierbij de order.</p>',
      }),
    );
    return { customer: customer.id, emailTemplate: template._id };
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    mailer = createCapturingMailer();
    app = await buildTestApp(testDeps(database.db, mailer));

    const ua = await createSignedInUser(database.db, { company: 'Account A B.V.' });
    const [colleague] = await database.db
      .insert(users)
      .values({
        email: uniqueEmail(),
        passwordHash: 'not-a-real-hash',
        name: 'Collega A',
        isEmailVerified: true,
      })
      .returning();
    await database.db
      .insert(memberships)
      .values({ organizationId: ua.organization.id, userId: colleague!.id, role: 'member' });
    // With two-step sign-in on, so that A's own reset of it (the control run below) has work to do.
    await database.db
      .update(users)
      .set({ twoFactorEnabled: true, twoFactorSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' })
      .where(eq(users.id, colleague!.id));
    const [approver] = await database.db
      .insert(users)
      .values({
        email: uniqueEmail(),
        passwordHash: 'not-a-real-hash',
        name: 'Beheerder A',
        isEmailVerified: true,
      })
      .returning();
    await database.db
      .insert(memberships)
      .values({ organizationId: ua.organization.id, userId: approver!.id, role: 'admin' });
    const approverSession = await createSession(
      database.db,
      approver!.id,
      false,
      new Date(),
      ua.organization.id,
    );
    const refsA = await bodyRefs(ua.user.id, ua.token);
    const order = await ok(call('POST', '/api/orders', ua.token, orderPayload(refsA.customer)));
    const apiKey = await ok(
      call('POST', '/api/api-keys', ua.token, { name: 'Boekhouding', access: 'write' }),
    );
    const webhook = await ok(
      call('POST', '/api/webhooks', ua.token, {
        url: 'https://a.voorbeeld.nl/hook',
        events: ['order.updated'],
      }),
    );
    // A real printed file (Chromium), as GET /pdf/orders/{id} makes it.
    const pdf = await ok(call('GET', `/api/pdf/orders/${order._id}`, ua.token));
    a = {
      userId: ua.user.id,
      token: ua.token,
      approverToken: approverSession.token,
      refs: refsA,
      objects: {
        customer: refsA.customer,
        order: order._id,
        emailTemplate: refsA.emailTemplate,
        apiKey: apiKey._id,
        webhook: webhook._id,
        pdfFile: pdf.filename,
        organization: ua.organization.id,
        member: colleague!.id,
        invitation: '',
      },
    };

    const invitation = await ok(
      call('POST', '/api/organization/invitations', ua.token, {
        email: 'collega@a.voorbeeld.nl',
        role: 'member',
      }),
    );
    a.objects.invitation = invitation.id;

    const ub = await createSignedInUser(database.db, { company: 'Account B B.V.' });
    const keyB = await ok(call('POST', '/api/api-keys', ub.token, { name: 'Indringer', access: 'write' }));
    b = {
      userId: ub.user.id,
      session: ub.token,
      key: keyB.secret,
      refs: await bodyRefs(ub.user.id, ub.token),
    };
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('maps every path parameter of the document to an object of an account, or says why it names none', () => {
    const unmapped = withPathParameters.flatMap((op) =>
      op.pathParameters
        .map((p) => pathParameterKey(op.path, p))
        .filter((key) => !PATH_OBJECTS[key] && !NOT_OBJECT_PARAMETERS[key])
        .map((key) => `${op.method} ${op.path} (${key})`),
    );
    expect(
      unmapped,
      'a new operation takes an id: add it to PATH_OBJECTS (which object it names) or NOT_OBJECT_PARAMETERS (why none) in src/test/path-objects.ts',
    ).toEqual([]);
    // The document's operations with ids, not a handful: customers, orders, templates, keys, webhooks, PDFs.
    expect(ownedOperations.length).toBeGreaterThanOrEqual(18);
    for (const op of ownedOperations.filter((o) => o.bodySchema))
      expect(op.bodyExample, `${op.method} ${op.path} has no example body`).toBeDefined();
  });

  /** The URL of an operation's path with A's objects, or with ids that do not exist. */
  const urlOf = (op: ApiOperation, which: 'ofA' | 'unknown') =>
    apiUrl(
      op,
      Object.fromEntries(
        op.pathParameters.map((p) => {
          const kind = pathObjectKind(op, p)!;
          const unknown = kind === 'pdfFile' ? unknownPdfFilename() : crypto.randomUUID();
          return [p, which === 'ofA' ? a.objects[kind] : unknown];
        }),
      ),
    );

  /** Every method on every path with an id; the document's own operation where it has one. */
  const attempts = () => {
    const paths = [...new Set(ownedOperations.map((op) => op.path))];
    return paths.flatMap((path) => {
      const onPath = ownedOperations.filter((op) => op.path === path);
      const anyBody = onPath.find((op) => op.bodyExample !== undefined);
      return METHODS.map((method) => {
        const documented = onPath.find((op) => op.method === method);
        const op = documented ?? onPath[0]!;
        const bodySource = documented?.bodyExample !== undefined ? documented : anyBody;
        const takesBody = method !== 'GET' && method !== 'DELETE';
        return {
          method,
          op,
          documented: Boolean(documented),
          body: takesBody ? (bodySource ? exampleBody(bodySource, b.refs) : {}) : undefined,
        };
      });
    });
  };

  it.each([
    ['its session', 'session'],
    ['its write API key', 'key'],
  ] as const)(
    "B with %s gets on A's objects what it gets for ids that do not exist; A's data stays as it was",
    async (_label, credential) => {
      const before = await snapshotDatabase(database.db, { ownedBy: a.userId });
      const mailsBefore = mailer.messages.length;
      const bearer = b[credential];
      const tried: string[] = [];
      for (const { method, op, documented, body } of attempts()) {
        const onA = await call(method, urlOf(op, 'ofA'), bearer, body);
        const onNothing = await call(method, urlOf(op, 'unknown'), bearer, body);
        const label = `${method} ${op.path}${documented ? '' : ' (not in the document)'}`;
        const answer = (res: LightMyRequestResponse) => ({
          call: label,
          status: res.statusCode,
          body: res.json(),
        });
        // Indistinguishable from nothing: the same status and the same words.
        expect(answer(onA)).toEqual(answer(onNothing));
        const allowed = documented
          ? // A key may not manage keys, switch organisations, change members or decide on an order's
            // approval at all (403, whatever the id): it learns nothing either way.
            credential === 'key' &&
            (op.path.startsWith('/api-keys') ||
              op.path.startsWith('/auth/organizations') ||
              op.path.startsWith('/organization/members') ||
              /\/approval\/(approve|reject)$/.test(op.path))
            ? [403]
            : [404]
          : [404, 405];
        expect(allowed, `${label}: ${onA.body}`).toContain(onA.statusCode);
        expect(onA.json()).toEqual({ message: expect.any(String), code: expect.any(String) });
        tried.push(label);
      }
      expect(tried.length).toBe(new Set(ownedOperations.map((op) => op.path)).size * METHODS.length);
      expect(mailer.messages.length, 'no mail may be sent for A').toBe(mailsBefore);
      expect(await snapshotDatabase(database.db, { ownedBy: a.userId })).toEqual(before);
    },
  );

  it("B holding a mail token's stored hash cannot use it; B's own links change only B", async () => {
    const before = await snapshotDatabase(database.db, { ownedBy: a.userId });
    const tokenOps = withPathParameters.filter((op) =>
      op.pathParameters.some((p) => NOT_OBJECT_PARAMETERS[pathParameterKey(op.path, p)]),
    );
    expect(tokenOps.map((op) => `${op.method} ${op.path}`).sort()).toEqual(
      [
        'GET /auth/verify-email/{token}',
        'GET /invitations/{token}',
        'POST /auth/reset-password/{token}',
        'POST /invitations/{token}/accept',
        'GET /public/confirm/{token}',
        'POST /public/confirm/{token}',
      ].sort(),
    );
    // The invitation links' own rules (a stored hash opens nothing, one use, the invited address only)
    // are tested in src/server/routers/invitations.int.test.ts, the order links' in
    // src/server/http/public-confirm.int.test.ts; here the account mail tokens.
    const mailTokenOps = tokenOps.filter((op) => op.path.startsWith('/auth/'));
    const kindOf = (op: ApiOperation) => (op.path.includes('reset') ? 'reset' : 'verify');
    const bodyOf = (op: ApiOperation) =>
      op.bodySchema ? { password: 'N1euwGeheim!', confirmPassword: 'N1euwGeheim!' } : undefined;
    for (const op of mailTokenOps) {
      const tokenOfA = await issueEmailToken(database.db, a.userId, kindOf(op), new Date());
      const snapshotWithToken = await snapshotDatabase(database.db, { ownedBy: a.userId });
      for (const bearer of [b.session, b.key, undefined]) {
        const res = await call(
          op.method,
          apiUrl(op, { token: hashToken(tokenOfA.token) }),
          bearer,
          bodyOf(op),
        );
        expect({ call: `${op.method} ${op.path}`, status: res.statusCode }).toEqual({
          call: `${op.method} ${op.path}`,
          status: expect.toSatisfy((s: number) => s === 400 || s === 404),
        });
        expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
      }
      expect(await snapshotDatabase(database.db, { ownedBy: a.userId })).toEqual(snapshotWithToken);

      // B's own token, used while signed in as B: it works, on B only.
      const tokenOfB = await issueEmailToken(database.db, b.userId, kindOf(op), new Date());
      const own = await call(op.method, apiUrl(op, { token: tokenOfB.token }), b.session, bodyOf(op));
      expect(own.statusCode, own.body).toBe(200);
      expect(await snapshotDatabase(database.db, { ownedBy: a.userId })).toEqual(snapshotWithToken);
    }
    // A's tokens were issued above; beyond them nothing of A changed.
    const after = await snapshotDatabase(database.db, { ownedBy: a.userId });
    expect({ ...after, email_tokens: [] }).toEqual({ ...before, email_tokens: [] });
    const [userA] = await database.db.select().from(users).where(eq(users.id, a.userId));
    expect(userA?.passwordHash).toBe('not-a-real-hash');
  });

  const APPROVAL_CALL = /\/approval\/(request|approve|reject)$/;

  /**
   * An approval call succeeds only on an order that needs approval, in the state the call expects, by
   * the right person: A's order is made to need it (for the call alone), its step cleared, and asked
   * for by A (its author) before another admin of A decides. Answers whose session makes the call.
   */
  async function readyForApprovalCall(op: ApiOperation): Promise<string> {
    // Taking a change request over needs one: the customer asked for another quantity on the first line.
    if (op.path.endsWith('/customer-response/apply'))
      await answeredConfirmation(
        database.db,
        { organizationId: a.objects.organization, orderId: a.objects.order, sentAt: new Date() },
        {
          decision: 'changes_requested',
          respondedAt: new Date(),
          lines: [{ lineIndex: 0, status: 'changed', quantity: '2.000', deliveryDate: null }],
        },
      );
    if (!APPROVAL_CALL.test(op.path)) return a.token;
    const orderId = a.objects.order;
    await setApprovalRule(database.db, a.objects.organization, { threshold: '0.01', forAdmins: true });
    await database.db.delete(orderApprovals).where(eq(orderApprovals.orderId, orderId));
    if (op.path.endsWith('/request')) return a.token;
    await ok(call('POST', `/api/orders/${orderId}/approval/request`, a.token, {}));
    return a.approverToken;
  }

  it("the same calls by A itself succeed: the bodies are valid, so B's 404s are the isolation rule", async () => {
    // Deletes last, so every other call still finds its object; of those, a part of an object (a
    // member's two-step sign-in) before the object itself.
    const isPart = (op: ApiOperation) => ownedOperations.some((o) => op.path.startsWith(`${o.path}/`));
    const rank = (op: ApiOperation) => (op.method !== 'DELETE' ? 0 : isPart(op) ? 1 : 2);
    const ordered = [...ownedOperations].sort((x, y) => rank(x) - rank(y));
    for (const op of ordered) {
      const body = op.bodyExample === undefined ? undefined : exampleBody(op, a.refs);
      const token = await readyForApprovalCall(op);
      const res = await call(op.method, urlOf(op, 'ofA'), token, body);
      if (APPROVAL_CALL.test(op.path))
        await setApprovalRule(database.db, a.objects.organization, { threshold: null });
      expect({
        call: `${op.method} ${op.path}`,
        status: res.statusCode,
        body: res.body.slice(0, 300),
      }).toEqual({
        call: `${op.method} ${op.path}`,
        status: 200,
        body: expect.any(String),
      });
    }
  });
});
