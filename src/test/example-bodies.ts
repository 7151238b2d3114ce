import type { ApiOperation } from './openapi-operations';
import type { ObjectKind } from './path-objects';

/**
 * The OpenAPI document's example request bodies (src/server/openapi/examples.ts) made usable by one
 * account: the example ids in them are pointed at that account's own objects, so the body is valid
 * for it and a call with it would really change something.
 */

/** Body fields that refer to a stored object, by the kind of object. */
export const BODY_REFERENCES: Record<string, ObjectKind> = {
  customer: 'customer',
  templateId: 'emailTemplate',
  userId: 'member',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A copy of the operation's example body with its references set to `own` objects. */
export function exampleBody(
  op: Pick<ApiOperation, 'method' | 'path' | 'bodyExample'>,
  own: Partial<Record<ObjectKind, string>>,
): unknown {
  const walk = (value: unknown, field?: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v, field));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    if (typeof value === 'string' && UUID.test(value)) {
      const kind = field === undefined ? undefined : BODY_REFERENCES[field];
      // An id the example carries must name something, or the body is valid for nobody.
      if (!kind || !own[kind])
        throw new Error(
          `${op.method} ${op.path}: the example body's "${field}" is an id; say in BODY_REFERENCES (src/test/example-bodies.ts) what it names`,
        );
      return own[kind];
    }
    return value;
  };
  return walk(op.bodyExample);
}
