import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  passwordChecklist,
  passwordScore,
  passwordStrength,
  passwordStrengthLabel,
} from './password-strength';

describe('passwordScore', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    ['a', 1],
    ['A', 1],
    ['1', 1],
    ['!', 1],
    ['aA', 2],
    ['aA1', 3],
    ['aA1!', 4],
    ['abcdefgh', 2], // length 8 + lowercase
    ['abcdefghijkl', 3], // + length 12
    ['Abcdefgh', 3],
    ['Abcdefg1', 4],
    ['Abcdefg1!', 5],
    ['Abcdefghij1!', 5], // six points, capped at 5
    ['ABCDEFGHIJKL', 3],
    ['123456789012', 3],
    ['wachtwoord', 2],
  ])('%j scores %i', (pw, score) => {
    expect(passwordScore(pw)).toBe(score);
  });

  it('counts non-ASCII symbols as special and whitespace as nothing', () => {
    expect(passwordScore('€')).toBe(1);
    expect(passwordScore('é')).toBe(1);
    expect(passwordScore(' a ')).toBe(1);
  });
});

describe('passwordStrengthLabel', () => {
  it.each([
    ['', 'Geen wachtwoord'],
    ['   ', 'Zeer zwak'], // score 0 but not empty
    ['a', 'Zeer zwak'],
    ['aA', 'Zwak'],
    ['aA1', 'Redelijk'],
    ['aA1!', 'Sterk'],
    ['Abcdefg1', 'Sterk'],
    ['Abcdefg1!', 'Zeer sterk'],
    ['Abcdefghij1!', 'Zeer sterk'],
  ])('%j is %s', (pw, label) => {
    expect(passwordStrengthLabel(pw)).toBe(label);
  });
});

describe('passwordChecklist', () => {
  it('has the five conditions in order with their Dutch labels', () => {
    expect(passwordChecklist('')).toEqual([
      { id: 'length', label: 'Minimaal 8 karakters', met: false },
      { id: 'uppercase', label: 'Een hoofdletter', met: false },
      { id: 'lowercase', label: 'Een kleine letter', met: false },
      { id: 'digit', label: 'Een cijfer', met: false },
      { id: 'special', label: 'Een speciaal teken', met: false },
    ]);
  });

  it('ticks each condition on its own', () => {
    const met = (pw: string) => passwordChecklist(pw).map((c) => c.met);
    expect(met('abcdefgh')).toEqual([true, false, true, false, false]);
    expect(met('A')).toEqual([false, true, false, false, false]);
    expect(met('7')).toEqual([false, false, false, true, false]);
    expect(met('#')).toEqual([false, false, false, false, true]);
    expect(met('Geheim12!')).toEqual([true, true, true, true, true]);
  });

  it('is what passwordStrength returns too', () => {
    expect(passwordStrength('Geheim12!')).toEqual({
      score: 5,
      label: 'Zeer sterk',
      checklist: passwordChecklist('Geheim12!'),
    });
  });
});

/** One representative character per class, and a function telling which classes a string has. */
const CLASS_CHARS = { upper: 'ABCXYZ', lower: 'abcxyz', digit: '0123456789', special: '!@#$%^&*()-_=+€é' };
type CharClass = keyof typeof CLASS_CHARS;
const classOf = (c: string): CharClass | null =>
  /[A-Z]/.test(c)
    ? 'upper'
    : /[a-z]/.test(c)
      ? 'lower'
      : /[0-9]/.test(c)
        ? 'digit'
        : /\s/.test(c)
          ? null
          : 'special';

describe('properties', () => {
  it('the score is an integer within 0..5 and matches the label', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (pw) => {
        const { score, label } = passwordStrength(pw);
        expect(Number.isInteger(score)).toBe(true);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(5);
        expect(label === 'Geen wachtwoord').toBe(pw.length === 0);
      }),
    );
  });

  it('appending any character never lowers the score', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ minLength: 1, maxLength: 1 }), (pw, c) => {
        expect(passwordScore(pw + c)).toBeGreaterThanOrEqual(passwordScore(pw));
      }),
    );
  });

  it('appending a character of a class not yet present raises the score unless it is already 5', () => {
    const classChar = fc
      .constantFrom(...(Object.keys(CLASS_CHARS) as CharClass[]))
      .chain((cls) => fc.constantFrom(...CLASS_CHARS[cls].split('')));
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), classChar, (pw, c) => {
        const cls = classOf(c);
        const present = [...pw].some((x) => classOf(x) === cls);
        fc.pre(!present);
        const before = passwordScore(pw);
        const after = passwordScore(pw + c);
        if (before < 5) expect(after).toBeGreaterThan(before);
        else expect(after).toBe(5);
      }),
    );
  });
});
