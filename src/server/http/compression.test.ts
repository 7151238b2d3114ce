import { describe, expect, it } from 'vitest';
import { isCompressibleType } from './compression';

describe('which answers are worth compressing', () => {
  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'text/html; charset=utf-8',
    'text/css',
    'text/plain',
    'text/javascript',
    'application/javascript; charset=UTF-8',
    'image/svg+xml',
    'application/manifest+json',
    'application/problem+json; charset=utf-8',
  ])('compresses %s', (type) => {
    expect(isCompressibleType(type)).toBe(true);
  });

  it.each([
    'application/pdf',
    'application/octet-stream',
    'image/png',
    'image/webp',
    'font/woff2',
    'application/zip',
    'text/event-stream',
    'application/jsonl',
    'message/rfc822',
  ])('leaves %s alone', (type) => {
    expect(isCompressibleType(type)).toBe(false);
  });
});
