import { describe, expect, it } from 'vitest';
import { NUL_CHARACTER_MESSAGE, optionalText, requiredText, searchText } from './text';

describe('text rules', () => {
  it.each([
    ['requiredText', requiredText('Verplicht')],
    ['optionalText', optionalText()],
    ['searchText', searchText()],
  ])('%s refuses a NUL character anywhere, with the Dutch message', (_name, rule) => {
    for (const value of ['\u0000', 'a\u0000', '\u0000b', ' a\u0000b ']) {
      const result = rule.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toContain(NUL_CHARACTER_MESSAGE);
    }
  });

  it('keeps trimming, the required message and the maximum', () => {
    expect(requiredText('Verplicht').parse('  Jan  ')).toBe('Jan');
    expect(requiredText('Verplicht').safeParse('   ').error?.issues[0]?.message).toBe('Verplicht');
    expect(optionalText(3).safeParse('abcd').error?.issues[0]?.message).toBe('Maximaal 3 tekens');
    expect(searchText().parse(undefined)).toBeUndefined();
    expect(searchText().parse(' bouw ')).toBe('bouw');
  });
});
