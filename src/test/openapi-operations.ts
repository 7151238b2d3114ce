import { buildOpenApiDocument } from '../server/http/openapi-document';

/**
 * The REST operations as the OpenAPI document lists them, for tests generated from the document:
 * a new endpoint is covered by those tests without writing a new one.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export type JsonSchema = Record<string, unknown>;

export type ApiParameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
};

export type ApiOperation = {
  method: HttpMethod;
  /** The document's path, e.g. `/orders/{id}` (relative to `/api`). */
  path: string;
  operationId: string;
  parameters: ApiParameter[];
  pathParameters: string[];
  /** The JSON body's schema, when the operation takes one. */
  bodySchema?: JsonSchema;
  /** The document's example of that body (every body has one, src/server/openapi/examples.ts). */
  bodyExample?: unknown;
  /** False for the public operations (`security: []`). */
  signedIn: boolean;
  /** True for every method but GET: what changes something (the spec's GET logout and verify-email aside). */
  changes: boolean;
};

type RawOperation = {
  operationId: string;
  parameters?: ApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema; example?: unknown }> };
  security?: unknown[];
};

let cachedDocument: ReturnType<typeof buildOpenApiDocument> | undefined;

/** The document the server serves at /api/openapi.json (built once per test process). */
export function openApiDocument() {
  cachedDocument ??= buildOpenApiDocument('http://localhost');
  return cachedDocument;
}

export function apiOperations(): ApiOperation[] {
  const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, RawOperation>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const parameters = op.parameters ?? [];
      return {
        method: method.toUpperCase() as HttpMethod,
        path,
        operationId: op.operationId,
        parameters,
        pathParameters: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        bodySchema: op.requestBody?.content?.['application/json']?.schema,
        bodyExample: op.requestBody?.content?.['application/json']?.example,
        signedIn: (op.security ?? [{}]).length > 0,
        changes: method !== 'get',
      };
    }),
  );
}

/** The document's path filled in, as a URL under /api: `{name}` is replaced by `values[name]`, encoded. */
export function apiUrl(op: Pick<ApiOperation, 'path'>, values: Record<string, string>): string {
  return `/api${op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'))}`;
}
