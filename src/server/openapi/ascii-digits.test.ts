import { describe, expect, it } from 'vitest';
import { asciiDigits, describeAsciiDigits } from './ascii-digits';

describe('asciiDigits', () => {
  it('writes \\d as [0-9], inside a class as 0-9, and \\D outside a class as [^0-9]', () => {
    expect(asciiDigits('^\\d{4}-\\d\\d$')).toBe('^[0-9]{4}-[0-9][0-9]$');
    expect(asciiDigits('^[\\d.,]+$')).toBe('^[0-9.,]+$');
    expect(asciiDigits('^\\D$')).toBe('^[^0-9]$');
  });

  it('leaves other escapes, an escaped backslash and an escaped bracket alone', () => {
    expect(asciiDigits('^\\\\d\\[\\d\\]$')).toBe('^\\\\d\\[[0-9]\\]$');
    expect(asciiDigits('^[\\x21-\\x7e]{1,255}$')).toBe('^[\\x21-\\x7e]{1,255}$');
  });

  it('means the same to ECMAScript as the pattern it was made from', () => {
    const source = '^(?:\\d\\d[2468][048]|[12]\\d|3[01])(?:\\.\\d+)?$';
    const before = new RegExp(source);
    const after = new RegExp(asciiDigits(source));
    for (const text of ['2024', '19', '31.5', '1٣', '٢٠٢٤', '3a', '31.'])
      expect(after.test(text), text).toBe(before.test(text));
  });

  it('rewrites every pattern keyword of a document, and nothing else, in a copy', () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 't', version: '1', description: 'pattern \\d stays in prose' },
      paths: {
        '/x': { get: { parameters: [{ name: 'n', schema: { type: 'string', pattern: '^\\d+$' } }] } },
      },
    };
    const copy = describeAsciiDigits(doc as never) as unknown as typeof doc;
    expect(copy.paths['/x'].get.parameters[0]?.schema.pattern).toBe('^[0-9]+$');
    expect(copy.info.description).toBe('pattern \\d stays in prose');
    expect(doc.paths['/x'].get.parameters[0]?.schema.pattern).toBe('^\\d+$');
  });
});
