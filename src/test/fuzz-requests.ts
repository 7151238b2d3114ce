import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { exampleBody } from './example-bodies';
import { badValueFor, hostileArbitrary, hugeString, RAW_BODIES } from './hostile-values';
import { type ApiOperation, type JsonSchema, openApiDocument } from './openapi-operations';
import { type ObjectKind, pathObjectKind } from './path-objects';
import { schemaArbitrary } from './schema-arbitrary';

/**
 * One fuzzed request to an operation of the OpenAPI document: how it signs in, its path
 * parameters, query, headers and body, generated from the document's schemas and examples with
 * known-bad values mixed in (hostile-values.ts). A request names the account's own objects by
 * position (`{own: 2}`); `injection` turns it into `app.inject` options once those are known.
 */

/** A path parameter: one of the account's own objects, text to encode, or raw URL text. */
export type PathValue = { own: number } | { text: string } | { raw: string };
export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  /** The document's example with one field replaced (or left out). */
  | { kind: 'example'; at?: number; value?: unknown; drop?: boolean }
  | { kind: 'raw'; text: string | Buffer };
export type Auth = 'session' | 'key' | 'cookie' | 'none' | { authorization: string };
export type FuzzRequest = {
  auth: Auth;
  path: Record<string, PathValue>;
  query: string;
  contentType: string | null;
  headers: Record<string, string>;
  body: Body;
};

/** A short, readable form of any value: long strings and deep nesting cut. */
export function preview(value: unknown, depth = 0): string {
  if (typeof value === 'string') {
    const shown = value.length > 80 ? `${value.slice(0, 40)}…(${value.length} characters)` : value;
    return JSON.stringify(shown);
  }
  if (Buffer.isBuffer(value)) return `Buffer<${value.toString('hex').slice(0, 60)}>`;
  if (value === null || typeof value !== 'object') return Object.is(value, -0) ? '-0' : String(value);
  if (depth > 4) return Array.isArray(value) ? '[…]' : '{…}';
  if (Array.isArray(value)) {
    const items = value.slice(0, 6).map((v) => preview(v, depth + 1));
    return `[${items.join(', ')}${value.length > 6 ? `, …(${value.length})` : ''}]`;
  }
  const entries = Object.entries(value).slice(0, 20);
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${preview(v, depth + 1)}`).join(', ')}}`;
}

/** What a client could put in a header: Latin-1 bytes (UTF-8 text arrives so), no control characters. */
const headerValue = (text: string) =>
  Buffer.from(text, 'utf8')
    .toString('latin1')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: exactly those are left out
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '');

/** Percent-encoded UTF-8, as any client sends it (a lone surrogate becomes U+FFFD; ES2024, hence the cast). */
const percentEncode = (text: string) =>
  encodeURIComponent((text as string & { toWellFormed(): string }).toWellFormed());

const RAW_PATH_SEGMENTS = [
  '%',
  '%FF',
  '%ED%A0%80',
  '%00',
  '%2F',
  '..',
  '.',
  '%2e%2e',
  '..%2F..%2Fetc',
  '+',
  '%20',
  ';',
  '*',
];
const RAW_QUERIES = [
  'limit=1&limit=2',
  'limit[]=1',
  'limit[a]=b',
  'onbekend=1',
  '%',
  '%FF=1',
  'search=%00',
  '&&&',
  '=',
  'a=%E0%A4%A',
  'token=ik_x',
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json-patch+json',
  'application/jsonx',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  '',
  ';',
];
const AUTHORIZATION_JUNK = [
  'Bearer',
  'Bearer ',
  'Bearer ik_',
  `Bearer ik_${'0'.repeat(32)}`,
  `Bearer ${'x'.repeat(64)}`,
  `Bearer ${'x'.repeat(20_000)}`,
  'Basic YTpi',
  'Bearer a b c',
  'Bearer %00',
  "Bearer ' or 1=1 --",
];

const stringish: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: badValueFor({}).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
  },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: hugeString },
);

function pathValueArbitrary(op: ApiOperation, name: string): fc.Arbitrary<PathValue> {
  const text = fc.oneof(stringish, fc.string()).map((t) => ({ text: t }));
  const raw = fc.constantFrom(...RAW_PATH_SEGMENTS).map((r) => ({ raw: r }));
  if (!pathObjectKind(op, name)) return fc.oneof(text, raw);
  return fc.oneof(
    { weight: 4, arbitrary: fc.nat({ max: 20 }).map((n) => ({ own: n })) },
    { weight: 3, arbitrary: text },
    { weight: 1, arbitrary: raw },
  );
}

/** A query parameter's value as text: schema values are stringified as a client would. */
const asText = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));

function queryArbitrary(op: ApiOperation): fc.Arbitrary<string> {
  const params = op.parameters.filter((p) => p.in === 'query');
  // Mostly what the schema allows, so a list also answers 200; the query is read as a whole, so
  // one bad parameter in every request would never get past the first check.
  const model = Object.fromEntries(
    params.map((p) => [
      p.name,
      fc
        .oneof(
          { weight: 3, arbitrary: schemaArbitrary(p.schema) },
          { weight: 1, arbitrary: hostileArbitrary(p.schema) },
          { weight: 1, arbitrary: stringish },
        )
        .map(asText),
    ]),
  );
  // A few parameters at a time: each one that is out of range answers 400 for the whole query.
  const some =
    params.length > 0
      ? fc
          .shuffledSubarray(
            params.map((p) => p.name),
            { maxLength: Math.min(3, params.length) },
          )
          .chain((names) => fc.record(Object.fromEntries(names.map((n) => [n, model[n]!]))))
      : fc.constant({});
  return fc
    .tuple(
      some,
      fc.oneof(
        { weight: 4, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) },
      ),
    )
    .map(([values, junk]) => {
      const parts = Object.entries(values).map(([k, v]) => `${k}=${percentEncode(v as string)}`);
      if (junk) parts.push(junk);
      return parts.length ? `?${parts.join('&')}` : '';
    });
}

/** Every path into an example body (object keys and array positions), depth first. */
function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [];
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((k) => {
    const path = [...prefix, k];
    return [path, ...leafPaths((value as Record<string | number, unknown>)[k], path)];
  });
}

/** The schema at a path of an object schema (the first alternative that has it). */
function schemaAt(schema: JsonSchema | undefined, path: (string | number)[]): JsonSchema {
  let node = schema;
  for (const step of path) {
    if (!node) return {};
    const alternatives = (node.anyOf ?? node.oneOf ?? [node]) as JsonSchema[];
    const holder = alternatives.find((s) => (typeof step === 'number' ? s.items : s.properties));
    node =
      typeof step === 'number'
        ? (holder?.items as JsonSchema | undefined)
        : (holder?.properties as Record<string, JsonSchema> | undefined)?.[step];
  }
  return node ?? {};
}

function bodyArbitrary(op: ApiOperation): fc.Arbitrary<Body> {
  const raw = fc.constantFrom(...RAW_BODIES).map((text): Body => ({ kind: 'raw', text }));
  if (op.method === 'GET') return fc.constant({ kind: 'none' });
  if (!op.bodySchema)
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant<Body>({ kind: 'none' }) },
      { weight: 1, arbitrary: badValueFor({}).map((value): Body => ({ kind: 'json', value })) },
      { weight: 1, arbitrary: raw },
    );
  const paths = leafPaths(op.bodyExample);
  const example: fc.Arbitrary<Body> =
    paths.length === 0
      ? fc.constant({ kind: 'example' })
      : fc.nat({ max: paths.length - 1 }).chain((at) =>
          fc.oneof(
            {
              weight: 5,
              arbitrary: badValueFor(schemaAt(op.bodySchema, paths[at]!)).map(
                (value): Body => ({ kind: 'example', at, value }),
              ),
            },
            { weight: 1, arbitrary: fc.constant<Body>({ kind: 'example', at, drop: true }) },
          ),
        );
  return fc.oneof(
    {
      weight: 5,
      arbitrary: hostileArbitrary(op.bodySchema, openApiDocument()).map(
        (value): Body => ({ kind: 'json', value }),
      ),
    },
    { weight: 5, arbitrary: example },
    { weight: 2, arbitrary: fc.constant<Body>({ kind: 'example' }) },
    { weight: 1, arbitrary: raw },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  );
}

export function requestArbitrary(op: ApiOperation): fc.Arbitrary<FuzzRequest> {
  const idempotencyParam = op.parameters.find((p) => p.in === 'header' && p.name === 'idempotency-key');
  const headers: fc.Arbitrary<Record<string, string>> = fc
    .record(
      {
        ...(idempotencyParam
          ? {
              'idempotency-key': fc.oneof(
                fc.uuid(),
                hostileArbitrary(idempotencyParam.schema).map(asText),
                stringish,
              ),
            }
          : {}),
        'x-forwarded-for': fc.constantFrom('::1', '1.2.3.4, garbage', 'ä', ''),
        accept: fc.constantFrom('text/html', '*/*', 'application/xml'),
      },
      { requiredKeys: [] },
    )
    .map((h) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k, headerValue(v as string)])));
  return fc
    .record({
      auth: fc.oneof(
        { weight: 6, arbitrary: fc.constant<Auth>('session') },
        { weight: 2, arbitrary: fc.constant<Auth>('key') },
        { weight: 1, arbitrary: fc.constant<Auth>('cookie') },
        { weight: 2, arbitrary: fc.constant<Auth>('none') },
        {
          weight: 1,
          arbitrary: fc.constantFrom(...AUTHORIZATION_JUNK).map((a): Auth => ({ authorization: a })),
        },
      ),
      path: fc.record(Object.fromEntries(op.pathParameters.map((p) => [p, pathValueArbitrary(op, p)]))),
      query: queryArbitrary(op),
      contentType: fc.oneof(
        { weight: 8, arbitrary: fc.constant<string | null>('application/json') },
        { weight: 2, arbitrary: fc.constantFrom<string | null>(...CONTENT_TYPES, null) },
      ),
      headers,
      body: bodyArbitrary(op),
    })
    .map((request) =>
      Object.assign(request, {
        [fc.toStringMethod]: () =>
          preview({ ...request, body: request.body.kind === 'raw' ? request.body : { ...request.body } }),
      }),
    );
}

/** Replaces (or with `drop`, removes) the value at `path` inside `target`. */
function changeAt(target: unknown, path: (string | number)[], value: unknown, drop: boolean) {
  let node = target as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (drop && !Array.isArray(node)) delete node[last];
  else node[last] = value;
}

/** What the request needs of the account: its credentials and its objects of each kind. */
export type Account = { session: string; key: string; own: Partial<Record<ObjectKind, string[]>> };

/** The `app.inject` options for `req` as `account` sends it. */
export function injection(op: ApiOperation, req: FuzzRequest, account: Account) {
  const { session, key, own } = account;
  const segments = Object.fromEntries(
    Object.entries(req.path).map(([name, value]) => {
      if ('raw' in value) return [name, value.raw];
      if ('text' in value) return [name, percentEncode(value.text)];
      const ids = own[pathObjectKind(op, name)!]!;
      return [name, percentEncode(ids[value.own % ids.length]!)];
    }),
  );
  const url = `/api${op.path.replace(/\{(\w+)\}/g, (_, name: string) => segments[name] ?? 'x')}${req.query}`;

  let payload: string | Buffer | undefined;
  const body = req.body;
  if (body.kind === 'raw') payload = body.text;
  else if (body.kind === 'json') payload = JSON.stringify(body.value);
  else if (body.kind === 'example') {
    const value = exampleBody(op, Object.fromEntries(Object.entries(own).map(([k, ids]) => [k, ids[0]])));
    const paths = leafPaths(value);
    if (body.at !== undefined && paths.length > 0)
      changeAt(value, paths[body.at % paths.length]!, body.value, body.drop ?? false);
    payload = JSON.stringify(value);
  }

  const headers: Record<string, string> = { ...req.headers };
  if (payload !== undefined && req.contentType !== null) headers['content-type'] = req.contentType;
  const auth = req.auth;
  if (auth === 'session') headers.authorization = `Bearer ${session}`;
  else if (auth === 'key') headers.authorization = `Bearer ${key}`;
  else if (auth === 'cookie') headers.cookie = `session=${session}`;
  else if (typeof auth === 'object') headers.authorization = auth.authorization;
  return {
    method: op.method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  } satisfies InjectOptions;
}
