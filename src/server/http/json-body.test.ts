import { describe, expect, it } from 'vitest';
import {
  jsonBodyProblem,
  jsonTextTooDeep,
  MAX_JSON_DEPTH,
  NOT_AN_OBJECT_MESSAGE,
  TOO_DEEP_MESSAGE,
  valueTooDeep,
} from './json-body';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('JSON depth', () => {
  it('counts brackets and braces, not those inside strings', () => {
    expect(jsonTextTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTextTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTextTooDeep(JSON.stringify({ a: '['.repeat(1000) }))).toBe(false);
    expect(jsonTextTooDeep(JSON.stringify({ a: '\\"[[[[[[', b: [[1]] }), 3)).toBe(false);
    expect(jsonTextTooDeep('{"a":{"b":{"c":{}}}}', 3)).toBe(true);
  });

  it('measures a parsed value the same way, without recursion', () => {
    expect(valueTooDeep(JSON.parse(nested(MAX_JSON_DEPTH)))).toBe(false);
    expect(valueTooDeep(JSON.parse(nested(MAX_JSON_DEPTH + 1)))).toBe(true);
    // Far deeper than a recursive walk could go.
    expect(valueTooDeep(JSON.parse(nested(200_000)))).toBe(true);
    expect(valueTooDeep({ items: [{ description: 'x' }] }, 3)).toBe(false);
    expect(valueTooDeep('tekst')).toBe(false);
  });
});

describe('jsonBodyProblem', () => {
  it('refuses a deep body on both transports', () => {
    expect(jsonBodyProblem('/trpc/:path', nested(100))?.message).toBe(TOO_DEEP_MESSAGE);
    expect(jsonBodyProblem('/api/*', JSON.parse(nested(100)))?.message).toBe(TOO_DEEP_MESSAGE);
  });

  it.each([[[]], [null], ['tekst'], [5], [true]])('refuses the REST body %j: not an object', (body) => {
    const problem = jsonBodyProblem('/api/*', body);
    expect(problem?.code).toBe('BAD_REQUEST');
    expect(problem?.message).toBe(NOT_AN_OBJECT_MESSAGE);
  });

  it('lets an object, no body, and a tRPC text body through', () => {
    expect(jsonBodyProblem('/api/*', { name: 'Jan' })).toBeNull();
    expect(jsonBodyProblem('/api/*', undefined)).toBeNull();
    expect(jsonBodyProblem('/trpc/:path', '{"0":{"json":{}}}')).toBeNull();
  });
});
