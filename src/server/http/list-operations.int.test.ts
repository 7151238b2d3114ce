import Ajv2020 from 'ajv/dist/2020';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createCapturingMailer } from '../../test/mailer';
import { insertCustomer, orderPayload } from '../../test/orders-fixtures';
import { createSignedInUser } from '../../test/users';
import { appRouter } from '../routers';
import { CUSTOMERS_LIST, ORDERS_LIST } from './list-operations';

/**
 * GET /api/orders and GET /api/customers are plain routes; the OpenAPI document must describe them as
 * they answer, from one description (list-operations.ts), and no procedure may claim their path.
 * Real answers are checked against the document's own schema, and every parameter it documents is
 * read by the route as documented.
 */

type Schema = Record<string, unknown>;
type Parameter = { in: string; name: string; schema: Schema };
type Operation = {
  operationId: string;
  parameters: Parameter[];
  responses: Record<
    string,
    { headers?: Record<string, unknown>; content: Record<string, { schema: Schema }> }
  >;
};

let database: TestDatabase;
let app: FastifyInstance;
let doc: { paths: Record<string, Record<string, Operation>> };
let headers: Record<string, string>;
const validate = new Ajv2020({ strict: false, allErrors: true });

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildTestApp(testDeps(database.db, createCapturingMailer()));
  doc = (await app.inject({ url: '/api/openapi.json' })).json();
  // The document as one schema, so its $refs to components resolve.
  validate.addSchema(doc, 'openapi.json');
  const { user, token } = await createSignedInUser(database.db);
  headers = { authorization: `Bearer ${token}` };
  const customer = await insertCustomer(database.db, user.id, { city: 'Utrecht' });
  await insertCustomer(database.db, user.id, { company: '', city: 'Zwolle' });
  for (const project of ['Dakkapel', 'Badkamer', '']) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: orderPayload(customer.id, { project }),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const operation = (path: string) => doc.paths[path]!.get!;

/** The errors of `body` against the document's 200 schema of GET `path`; [] when it fits. */
function misfits(path: string, body: unknown): unknown[] {
  const pointer = `openapi.json#/paths/${path.replaceAll('/', '~1')}/get/responses/200/content/application~1json/schema`;
  const check = validate.getSchema(pointer);
  if (!check) throw new Error(`no schema at ${pointer}`);
  return check(body) ? [] : (check.errors ?? []);
}

/** A value the parameter's documented schema takes, and one it refuses. */
function valuesFor({ name, schema }: Parameter): { valid: string; invalid: string } {
  if (Array.isArray(schema.enum)) return { valid: String(schema.enum[0]), invalid: 'onbekend' };
  if (schema.format === 'date') return { valid: '2026-11-24', invalid: '24-11-2026' };
  if (schema.format === 'date-time') return { valid: '2026-11-24T09:00:00Z', invalid: 'gisteren' };
  if (typeof schema.pattern === 'string') {
    // A number, or a person (`createdBy`: 'me' or an id).
    const valid = ['5', 'me'].find((v) => new RegExp(schema.pattern as string).test(v));
    if (valid) return { valid, invalid: 'vijf' };
  }
  if (typeof schema.maxLength === 'number') return { valid: 'a', invalid: 'a'.repeat(schema.maxLength + 1) };
  throw new Error(`no values for parameter ${name}: ${JSON.stringify(schema)}`);
}

describe.each([
  { list: ORDERS_LIST, url: '/api/orders' },
  { list: CUSTOMERS_LIST, url: '/api/customers' },
])('GET $url in the OpenAPI document', ({ list, url }) => {
  it('is described once, by the route that answers it: no procedure claims the path', () => {
    const claimed = Object.entries(appRouter._def.procedures).filter(([, procedure]) => {
      const openapi = (
        procedure as unknown as { _def: { meta?: { openapi?: { method: string; path: string } } } }
      )._def.meta?.openapi;
      return openapi?.method === 'GET' && openapi.path === list.path;
    });
    expect(claimed.map(([name]) => name)).toEqual([]);
    expect(operation(list.path).operationId).toBe(list.operation.operationId);
    expect(app.hasRoute({ method: 'GET', url })).toBe(true);
  });

  it('documents the answers as they are sent: the whole list, a filtered one and a page with its headers', async () => {
    for (const query of ['', '?search=a', '?limit=1', '?limit=1&offset=1']) {
      const res = await app.inject({ url: `${url}${query}`, headers });
      expect(res.statusCode, query).toBe(200);
      expect(res.json(), query).not.toHaveLength(0);
      expect(misfits(list.path, res.json()), query).toEqual([]);
    }
    const page = await app.inject({ url: `${url}?limit=1`, headers });
    const documented = Object.keys(operation(list.path).responses['200']!.headers ?? {}).map((h) =>
      h.toLowerCase(),
    );
    expect(page.headers['x-total-count']).toBeDefined();
    expect(page.headers.link).toBeDefined();
    expect(documented).toEqual(expect.arrayContaining(['x-total-count', 'link']));
  });

  it('is refused by the document when it breaks the documented shape', () => {
    // The check above can fail: an answer that lost a field does not fit.
    const body = [{ _id: 'x' }];
    expect(misfits(list.path, body)).not.toEqual([]);
  });

  it('reads every documented parameter as documented: a valid value is taken, an invalid one named in a 400', async () => {
    const parameters = operation(list.path).parameters.filter((p) => p.in === 'query');
    expect(parameters.map((p) => p.name).sort()).toEqual(Object.keys(list.query.shape).sort());
    for (const parameter of parameters) {
      const { valid, invalid } = valuesFor(parameter);
      const ok = await app.inject({ url: `${url}?${parameter.name}=${encodeURIComponent(valid)}`, headers });
      expect(ok.statusCode, `${parameter.name}=${valid}: ${ok.body}`).toBe(200);
      const refused = await app.inject({
        url: `${url}?${parameter.name}=${encodeURIComponent(invalid)}`,
        headers,
      });
      expect(refused.statusCode, `${parameter.name}=${invalid}`).toBe(400);
      expect(Object.keys(refused.json().details), parameter.name).toEqual([parameter.name]);
    }
  });
});
