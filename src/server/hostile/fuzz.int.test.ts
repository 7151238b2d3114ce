import { Writable } from 'node:stream';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { type TRPC_ERROR_CODE_KEY, TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeys,
  customers,
  emailTemplates,
  invitations,
  memberships,
  orders,
  pdfFiles,
  users,
  webhookSubscriptions,
} from '../../db/schema';
import { buildTestApp, testConfig, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { integrityProblems } from '../../test/db-integrity';
import { BODY_REFERENCES } from '../../test/example-bodies';
import { type FuzzRequest, injection, preview, requestArbitrary } from '../../test/fuzz-requests';
import { uniqueEmail } from '../../test/helpers';
import { createCapturingMailer } from '../../test/mailer';
import { type ApiOperation, apiOperations } from '../../test/openapi-operations';
import { orderPayload } from '../../test/orders-fixtures';
import { type ObjectKind, pathObjectKind, unknownPdfFilename } from '../../test/path-objects';
import { createSignedInUser, strongPasswordHash } from '../../test/users';
import { errorBodySchema } from '../http/error-body-schema';
import { createApiKey } from '../services/api-keys/api-keys';
import { hashToken } from '../services/auth/session-tokens';
import { createSession } from '../services/auth/sessions';

/**
 * Every operation of the OpenAPI document fuzzed with fast-check. Requests are generated
 * from the document — path parameters, query parameters, headers and JSON bodies from its schemas
 * (src/test/schema-arbitrary.ts), and the document's own example bodies with one field broken —
 * with known-bad values mixed in everywhere (src/test/hostile-values.ts), signed in (session, API
 * key, cookie) and not. Whatever comes in:
 *   - the answer is never a 5xx, and every error is JSON `{message, code}` in Dutch;
 *   - nothing half-stored is left behind (src/test/db-integrity.ts, after every request);
 *   - the server stays healthy: /api/health and an ordinary call answer afterwards.
 *
 * Seeded: FUZZ_SEED (default a random one), printed with the replay command on failure. Bounded:
 * FUZZ_TIME_MS (default 16 s) for all operations together, at most FUZZ_RUNS runs each. FUZZ_STATS=1
 * prints how many requests each operation got, by status.
 */

const FILE = 'src/server/hostile/fuzz.int.test.ts';

function seedFromEnv(): number {
  const text = process.env.FUZZ_SEED;
  if (!text) return Math.floor(Math.random() * 0x7fffffff);
  const seed = Number(text);
  if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be a whole number, not "${text}"`);
  return seed;
}
const SEED = seedFromEnv();
/** `operationId@path` from a failure report: replays exactly that counterexample. */
const [REPLAY_OPERATION, REPLAY_PATH] = (process.env.FUZZ_PATH ?? '').split('@');
const TIME_BUDGET_MS = Number(process.env.FUZZ_TIME_MS ?? 16_000);
const MAX_RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** Runs every operation gets, however slow the machine. */
const MIN_RUNS = 3;
/** How long a failure may be shrunk to a smaller input. */
const SHRINK_MS = 10_000;

const operations = apiOperations();
const perOperationMs = Math.floor(TIME_BUDGET_MS / operations.length);

/** One seed per operation, so each explores its own values, all derived from FUZZ_SEED. */
function operationSeed(operationId: string): number {
  let hash = SEED | 0;
  for (const ch of operationId) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619);
  return hash;
}

function replayCommand(op: ApiOperation, path: string | undefined): string {
  const database = process.env.TEST_DATABASE_URL ? `TEST_DATABASE_URL=${process.env.TEST_DATABASE_URL} ` : '';
  const exact = path ? ` FUZZ_PATH='${op.operationId}@${path}'` : '';
  return `${database}FUZZ_SEED=${SEED}${exact} npx vitest run ${FILE} -t '${op.operationId} '`;
}

const OWN_TABLES = {
  customer: customers,
  order: orders,
  emailTemplate: emailTemplates,
  webhook: webhookSubscriptions,
  invitation: invitations,
} as const;

describe('fuzzing every operation of the OpenAPI document (seeded, bounded in time)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let userId: string;
  let keyId: string;
  let keySecret: string;
  /** A second member, for the member calls to act on. */
  let colleagueId: string;
  const logged: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    // Server errors are logged at `error`: kept, so a failure shows what the server said.
    const log = pino(
      { level: 'error' },
      new Writable({
        write(chunk, _encoding, done) {
          logged.push(String(chunk).slice(0, 4000));
          done();
        },
      }),
    );
    const config = testConfig({ apiKeyRateLimit: 1_000_000, rateLimitAuth: 1_000_000 });
    app = await buildTestApp({ ...testDeps(database.db, createCapturingMailer(), config), log });
    const { user } = await createSignedInUser(database.db);
    userId = user.id;
    // A real password (the example bodies use it), so password changes are really tried.
    await database.db
      .update(users)
      .set({ passwordHash: await strongPasswordHash() })
      .where(eq(users.id, userId));
    const key = await createApiKey(
      database.db,
      { organizationId: userId, userId },
      { name: 'Fuzz', access: 'write' },
      new Date(),
    );
    keyId = key._id;
    keySecret = key.secret;
    const [colleague] = await database.db
      .insert(users)
      .values({
        email: uniqueEmail(),
        passwordHash: 'not-a-real-hash',
        name: 'Collega',
        isEmailVerified: true,
      })
      .returning();
    colleagueId = colleague!.id;
    console.info(`fuzz: FUZZ_SEED=${SEED} (${MAX_RUNS} runs or ${perOperationMs} ms per operation)`);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const inject = (options: InjectOptions) => app.inject(options);

  /** The account's own objects of a kind, oldest first, made when there is none left. */
  async function ownIds(kind: ObjectKind, session: string): Promise<string[]> {
    const auth = { authorization: `Bearer ${session}` };
    if (kind === 'pdfFile') {
      const files = await database.db
        .select({ filename: pdfFiles.filename })
        .from(pdfFiles)
        .where(eq(pdfFiles.organizationId, userId))
        .orderBy(asc(pdfFiles.createdAt));
      if (files.length > 0) return files.map((f) => f.filename);
      const [order] = await ownIds('order', session);
      const made = await inject({ method: 'GET', url: `/api/pdf/orders/${order}`, headers: auth });
      return made.statusCode === 200 ? [made.json().filename] : [unknownPdfFilename()];
    }
    // The one key the runs sign with (an earlier run may have revoked it: credentials() restores it).
    if (kind === 'apiKey') return [keyId];
    // The account's own organisation (its id is the user's).
    if (kind === 'organization') return [userId];
    // The colleague credentials() keeps in the organisation.
    if (kind === 'member') return [colleagueId];
    const table = OWN_TABLES[kind];
    const rows = await database.db
      .select({ id: table.id })
      .from(table)
      .where(eq(table.organizationId, userId))
      .orderBy(asc(table.id))
      .limit(20);
    if (rows.length > 0) return rows.map((r) => r.id);
    const create: Record<
      Exclude<ObjectKind, 'pdfFile' | 'apiKey' | 'organization' | 'member'>,
      () => Promise<InjectOptions>
    > = {
      customer: async () => ({
        method: 'POST',
        url: '/api/customers',
        payload: { name: 'Petra Jansen', company: 'Jansen Bouw B.V.', email: 'petra@jansenbouw.nl' },
      }),
      order: async () => ({
        method: 'POST',
        url: '/api/orders',
        payload: orderPayload((await ownIds('customer', session))[0]!),
      }),
      emailTemplate: async () => ({
        method: 'POST',
        url: '/api/email-templates',
        payload: {
          name: 'Order',
          subject: 'Order {{order.orderNumber}}',
          content: '<p>Beste {{customer.name}},</p>',
        },
      }),
      webhook: async () => ({
        method: 'POST',
        url: '/api/webhooks',
        payload: { url: 'https://voorbeeld.nl/hook', events: ['order.created'] },
      }),
      invitation: async () => ({
        method: 'POST',
        url: '/api/organization/invitations',
        payload: { email: `fuzz-${crypto.randomUUID()}@voorbeeld.nl`, role: 'member' },
      }),
    };
    const made = await inject({ ...(await create[kind]()), headers: auth });
    expect(made.statusCode, `making a ${kind} to fuzz with: ${made.body}`).toBe(200);
    return [made.json()._id ?? made.json().id];
  }

  /**
   * The account as owner, with its colleague as a member: an earlier run may have transferred the
   * ownership, then left, or removed the colleague. The old owner is demoted first (one owner).
   */
  async function restoreTeam() {
    await database.db
      .update(memberships)
      .set({ role: 'member' })
      .where(and(eq(memberships.organizationId, userId), ne(memberships.userId, userId)));
    for (const [id, role] of [
      [userId, 'owner'],
      [colleagueId, 'member'],
    ] as const)
      await database.db
        .insert(memberships)
        .values({ organizationId: userId, userId: id, role })
        .onConflictDoUpdate({ target: [memberships.organizationId, memberships.userId], set: { role } });
  }

  let current: { session: string; key: string } | null = null;

  /**
   * The credentials every run starts from: the account as owner with its colleague as a member, a
   * live session in its organisation, and the key unrevoked. An earlier run may have logged out,
   * revoked the key, reset the password or changed the team. One query tells, and only what was
   * changed is made again: the same start as writing it all afresh, without the writes each run.
   */
  async function credentials() {
    const sessionId = current ? hashToken(current.session) : '';
    type Intact = { team: boolean; session: boolean; key: boolean };
    const result: unknown = await database.db.execute(sql`
      select
        (select count(*) filter (where user_id in (${userId}, ${colleagueId})) = 2
                and bool_and(role = case when user_id = ${userId} then 'owner' else 'member' end)
           from memberships where organization_id = ${userId}) as team,
        exists(select 1 from sessions where id = ${sessionId} and user_id = ${userId}
                 and organization_id = ${userId} and expires_at > now()) as session,
        exists(select 1 from api_keys where id = ${keyId} and revoked_at is null and expires_at is null) as key`);
    const [intact] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Intact[];
    if (!intact) throw new Error('the credentials check answered no row');
    if (!intact.team) await restoreTeam();
    if (!intact.key)
      await database.db
        .update(apiKeys)
        .set({ revokedAt: null, expiresAt: null })
        .where(eq(apiKeys.id, keyId));
    if (!current || !intact.session) {
      const { token } = await createSession(database.db, userId, false, new Date(), userId);
      current = { session: token, key: keySecret };
    }
    return current;
  }

  async function toInject(op: ApiOperation, req: FuzzRequest) {
    const { session, key } = await credentials();
    const kinds = new Set<ObjectKind>();
    for (const p of op.pathParameters) {
      const kind = pathObjectKind(op, p);
      if (kind) kinds.add(kind);
    }
    if (req.body.kind === 'example') for (const kind of Object.values(BODY_REFERENCES)) kinds.add(kind);
    const own: Partial<Record<ObjectKind, string[]>> = {};
    for (const kind of kinds) own[kind] = await ownIds(kind, session);

    return injection(op, req, { session, key, own });
  }

  /** What is wrong with an answer, or null. */
  function answerProblem(op: ApiOperation, res: LightMyRequestResponse): string | null {
    const type = String(res.headers['content-type'] ?? '');
    if (res.statusCode >= 500) return `a ${res.statusCode}`;
    if (res.statusCode >= 400) {
      if (!type.startsWith('application/json')) return `an error that is not JSON (${type})`;
      let body: unknown;
      try {
        body = JSON.parse(res.body);
      } catch {
        return 'an error body that does not parse';
      }
      // The documented body exactly: no framework fields (`error`, `statusCode`) beside it.
      const parsed = errorBodySchema.strict().safeParse(body);
      if (!parsed.success) return 'an error body that is not the documented {message, code, …}';
      const { message, code, details } = parsed.data;
      if (message.trim() === '') return 'an error without a message';
      if (!(code in TRPC_ERROR_CODES_BY_KEY)) return `an error code of no one's (${code})`;
      const status = getHTTPStatusCodeFromError(new TRPCError({ code: code as TRPC_ERROR_CODE_KEY }));
      // Fastify's own refusals keep their 4xx status (431, 414) under the nearest code.
      if (status !== res.statusCode && code !== 'BAD_REQUEST')
        return `code ${code} with status ${res.statusCode}`;
      // Words of a framework, a driver or JavaScript: an English or internal text got through.
      const english =
        /\b(the|not|error|expected|unexpected|invalid|valid|undefined|cannot|failed|syntax|must|required|string|boolean|array)\b/i;
      for (const text of [message, ...Object.values(details ?? {})])
        if (english.test(text)) return `an error text that is not ours: "${text}"`;
      return null;
    }
    if (res.statusCode < 200 || res.statusCode >= 300) return `an unexpected status ${res.statusCode}`;
    if (op.operationId === 'pdf-download')
      return type === 'application/pdf' ? null : `a download of type ${type}`;
    if (op.operationId === 'logo-get') return type === 'image/png' ? null : `a logo of type ${type}`;
    if (op.operationId === 'orders-ubl')
      return type === 'application/xml; charset=utf-8' ? null : `a UBL file of type ${type}`;
    try {
      JSON.parse(res.body);
    } catch {
      return 'a success body that is not complete JSON';
    }
    return null;
  }

  /** The server still answers, and an ordinary call still works. */
  async function expectHealthy() {
    const health = await inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode, health.body).toBe(200);
    const { session } = await credentials();
    const headers = { authorization: `Bearer ${session}` };
    const made = await inject({
      method: 'POST',
      url: '/api/customers',
      headers,
      payload: { name: 'Gezond', company: 'Gezond B.V.', email: 'gezond@voorbeeld.nl' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const read = await inject({ method: 'GET', url: `/api/customers/${made.json()._id}`, headers });
    expect(read.json()).toMatchObject({ name: 'Gezond', company: 'Gezond B.V.' });
  }

  it.each(operations.map((op) => [`${op.operationId} (${op.method} ${op.path})`, op] as const))(
    '%s',
    async (_name, op) => {
      const replaying = REPLAY_OPERATION === op.operationId && Boolean(REPLAY_PATH);
      // The time limit, by hand rather than fast-check's interruptAfterTimeLimit: that one counts a
      // first run slower than the limit as a failure, and leaves a cut-off request running. Past the
      // deadline the remaining runs pass without a request; after a failure, shrinking gets its own time.
      const deadline = Date.now() + perOperationMs;
      let shrinkDeadline = Number.POSITIVE_INFINITY;
      let requests = 0;
      const answered = new Map<number, number>();
      const property = fc.asyncProperty(requestArbitrary(op), async (req) => {
        const now = Date.now();
        if (!replaying && requests >= MIN_RUNS && now > Math.min(deadline, shrinkDeadline)) return;
        requests += 1;
        logged.length = 0;
        const options = await toInject(op, req);
        const res = await inject(options);
        const problem = answerProblem(op, res);
        answered.set(res.statusCode, (answered.get(res.statusCode) ?? 0) + 1);
        const broken = await integrityProblems(database.db);
        if (problem || broken.length > 0) {
          if (shrinkDeadline === Number.POSITIVE_INFINITY) shrinkDeadline = Date.now() + SHRINK_MS;
          throw new Error(
            [
              `${op.method} ${options.url.slice(0, 300)}: ${problem ?? 'stored data broken'}`,
              `  body sent: ${preview(options.payload === undefined ? undefined : String(options.payload))}`,
              `  headers: ${preview(options.headers)}`,
              `  answer ${res.statusCode}: ${res.body.slice(0, 2000)}`,
              ...broken.map((b) => `  integrity: ${b}`),
              ...logged.map((l) => `  server log: ${l}`),
            ].join('\n'),
          );
        }
      });
      const details = await fc.check(property, {
        seed: operationSeed(op.operationId),
        numRuns: replaying ? 1 : MAX_RUNS,
        ...(replaying ? { path: REPLAY_PATH } : {}),
      });
      if (details.failed) {
        const error =
          details.errorInstance instanceof Error
            ? details.errorInstance.message
            : String(details.errorInstance);
        throw new Error(
          `${await fc.asyncDefaultReportMessage(details)}\n\n${error}\n\nReplay: ${replayCommand(op, details.counterexamplePath ?? undefined)}`,
        );
      }
      if (process.env.FUZZ_STATS)
        console.info(
          `${op.operationId}: ${requests} requests, by status ${JSON.stringify(Object.fromEntries(answered))}`,
        );
      // Every operation really fuzzed, however loaded the machine.
      expect(requests).toBeGreaterThanOrEqual(replaying ? 1 : MIN_RUNS);
      await expectHealthy();
    },
    perOperationMs + SHRINK_MS + 60_000,
  );
});
