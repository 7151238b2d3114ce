import { getInputOutputParsers, type OpenApiProcedure } from 'trpc-to-openapi';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod/v4';
import { confirmationAnswerInput } from '../../shared/schemas/order-confirmation';
import { apiOperations } from '../../test/openapi-operations';
import { appRouter } from '../routers';

/**
 * The document's example request bodies are what an integrator copies first: each must pass the
 * procedure's own input check (also the rules a JSON schema cannot say, such as a repeated password
 * that must match), with its path parameters beside it as the REST route adds them.
 */
const procedures = appRouter._def.procedures as unknown as Record<string, OpenApiProcedure>;
/** The plain routes that take a JSON body, with the schema each parses it with. */
const PLAIN_ROUTE_INPUTS: Record<string, ZodType> = {
  'publicConfirm-answer': confirmationAnswerInput as unknown as ZodType,
};
const PATH_VALUES: Record<string, string> = {
  id: '9b2e4d61-0c7a-4f3b-8e15-6d2a1c9f7b34',
  token: 'dG9rZW4tdm9vcmJlZWxkLW5pZXQtZWNodA',
};

describe('the OpenAPI document’s request examples', () => {
  const withBody = apiOperations().filter((op) => op.bodyExample !== undefined);

  it('cover every operation that takes a body', () => {
    expect(withBody.length).toBeGreaterThan(20);
    expect(apiOperations().filter((op) => op.bodySchema && op.bodyExample === undefined)).toEqual([]);
  });

  it.each(withBody.map((op) => [op.operationId, op] as const))('%s: its example is valid input', (_, op) => {
    const plain = PLAIN_ROUTE_INPUTS[op.operationId];
    if (plain) {
      const result = plain.safeParse(op.bodyExample);
      expect(
        result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
      ).toEqual([]);
      return;
    }
    const procedure = procedures[op.operationId.replace('-', '.')];
    expect(procedure, op.operationId).toBeDefined();
    const { inputParser } = getInputOutputParsers(procedure!);
    const pathValues = Object.fromEntries(op.pathParameters.map((name) => [name, PATH_VALUES[name] ?? 'x']));
    const result = (inputParser as ZodType).safeParse({ ...(op.bodyExample as object), ...pathValues });
    expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(
      [],
    );
  });
});
