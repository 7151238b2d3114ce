import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './http/openapi-document';

type Schema = {
  $ref?: string;
  description?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { name: string; in: string; description?: string; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};

const doc = buildOpenApiDocument('http://localhost') as unknown as {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

function resolve(schema: Schema): Schema {
  const name = schema.$ref?.replace('#/components/schemas/', '');
  return name ? (doc.components?.schemas?.[name] ?? schema) : schema;
}

/** Every property (nested objects and array items included) whose schema has no description. */
function undescribed(schema: Schema | undefined, path: string, out: string[]): string[] {
  if (!schema) return out;
  const s = resolve(schema);
  for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) {
    undescribed(branch, path, out);
  }
  if (s.items) undescribed(s.items, `${path}[]`, out);
  for (const [name, property] of Object.entries(s.properties ?? {})) {
    const p = resolve(property);
    if (!p.description?.trim() && !property.description?.trim()) out.push(`${path}.${name}`);
    undescribed(property, `${path}.${name}`, out);
  }
  return out;
}

// Our own answers (2xx); the error bodies are trpc-to-openapi's shared components.
const isSuccess = (status: string) => status.startsWith('2');

const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    name: `${method.toUpperCase()} ${path}`,
    operation,
  })),
);

describe('the OpenAPI document describes every field', () => {
  it('has operations to check', () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  it.each(operations)('$name', ({ operation }) => {
    const missing: string[] = [];
    for (const p of operation.parameters ?? []) {
      if (!p.description?.trim() && !p.schema?.description?.trim())
        missing.push(`${p.in} parameter ${p.name}`);
    }
    for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
      undescribed(media.schema, `request body (${type})`, missing);
    }
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (!isSuccess(status)) continue;
      for (const media of Object.values(response.content ?? {}))
        undescribed(media.schema, `response ${status}`, missing);
    }
    expect(missing).toEqual([]);
  });
});
