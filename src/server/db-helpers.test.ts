import { describe, expect, it } from 'vitest';
import { isUniqueViolation, isUuid, likePattern } from './db-helpers';

describe('isUuid', () => {
  it('accepts a uuid in either case', () => {
    expect(isUuid('0b6f3c1e-8a2d-4f5e-9c7b-1a2b3c4d5e6f')).toBe(true);
    expect(isUuid('0B6F3C1E-8A2D-4F5E-9C7B-1A2B3C4D5E6F')).toBe(true);
  });

  it('refuses text Postgres would reject as a uuid', () => {
    expect(isUuid('')).toBe(false);
    expect(isUuid('abc')).toBe(false);
    expect(isUuid('-'.repeat(36))).toBe(false);
    expect(isUuid('0b6f3c1e8a2d4f5e9c7b1a2b3c4d5e6f')).toBe(false);
    expect(isUuid('0b6f3c1e-8a2d-4f5e-9c7b-1a2b3c4d5e6g')).toBe(false);
    expect(isUuid(' 0b6f3c1e-8a2d-4f5e-9c7b-1a2b3c4d5e6f')).toBe(false);
  });
});

describe('likePattern', () => {
  it('wraps the text in % for a contains search', () => {
    expect(likePattern('jansen')).toBe('%jansen%');
  });

  it('escapes the LIKE wildcards and the escape character', () => {
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('isUniqueViolation', () => {
  it('recognises code 23505 on the error or a few causes deep', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(new Error('query failed', { cause: { code: '23505' } }))).toBe(true);
    const deep = new Error('a', {
      cause: new Error('b', { cause: new Error('c', { cause: { code: '23505' } }) }),
    });
    expect(isUniqueViolation(deep)).toBe(true);
  });

  it('is false for other errors and non-errors', () => {
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});
