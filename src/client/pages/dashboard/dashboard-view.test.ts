import { describe, expect, it } from 'vitest';
import {
  CONNECTION_PROBLEM_KEY,
  comparisonCaption,
  emptyPeriodText,
  growthText,
  growthTone,
  newCustomersText,
  readConnectionProblem,
  writeConnectionProblem,
} from './dashboard-view';

describe('growth', () => {
  it('formats with a sign and a decimal comma', () => {
    expect(growthText(12.5)).toBe('+12,5%');
    expect(growthText(-3)).toBe('-3%');
    expect(growthText(100)).toBe('+100%');
    expect(growthText(0)).toBe('0%');
    expect(growthText(1250)).toBe('+1.250%');
  });

  it('colours up, down and flat', () => {
    expect(growthTone(12.5)).toBe('up');
    expect(growthTone(-0.1)).toBe('down');
    expect(growthTone(0)).toBe('flat');
  });
});

describe('captions', () => {
  it('names the previous period in Dutch', () => {
    expect(comparisonCaption('month')).toBe('t.o.v. vorige maand');
    expect(comparisonCaption('quarter')).toBe('t.o.v. vorig kwartaal');
    expect(comparisonCaption('year')).toBe('t.o.v. vorig jaar');
  });

  it('names the current period', () => {
    expect(emptyPeriodText('month')).toBe('Nog geen orders deze maand.');
    expect(emptyPeriodText('quarter')).toBe('Nog geen orders dit kwartaal.');
    expect(emptyPeriodText('year')).toBe('Nog geen orders dit jaar.');
    expect(newCustomersText(3, 'month')).toBe('3 nieuw deze maand');
    expect(newCustomersText(1200, 'year')).toBe('1.200 nieuw dit jaar');
  });
});

describe('connection-problem flag', () => {
  const memory = () => {
    const map = new Map<string, string>();
    return {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
      map,
    };
  };

  it('is read from localStorage "connectionProblem"', () => {
    const storage = memory();
    expect(readConnectionProblem(storage)).toBe(false);
    storage.setItem(CONNECTION_PROBLEM_KEY, 'true');
    expect(readConnectionProblem(storage)).toBe(true);
    storage.setItem(CONNECTION_PROBLEM_KEY, '1');
    expect(readConnectionProblem(storage)).toBe(true);
    storage.setItem(CONNECTION_PROBLEM_KEY, 'false');
    expect(readConnectionProblem(storage)).toBe(false);
    expect(readConnectionProblem(undefined)).toBe(false);
  });

  it('is written and removed', () => {
    const storage = memory();
    writeConnectionProblem(storage, true);
    expect(storage.map.get(CONNECTION_PROBLEM_KEY)).toBe('true');
    writeConnectionProblem(storage, false);
    expect(storage.map.has(CONNECTION_PROBLEM_KEY)).toBe(false);
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(readConnectionProblem(broken)).toBe(false);
    expect(() => writeConnectionProblem(broken, true)).not.toThrow();
  });
});
