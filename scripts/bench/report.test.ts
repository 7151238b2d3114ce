import { describe, expect, it } from 'vitest';
import { formatCell, markdownTable, renderReport, type SectionResult, targetLine } from './report';
import { check } from './targets';

describe('formatCell', () => {
  it('shows integers whole, small numbers with two decimals, large ones rounded', () => {
    expect(formatCell(100000)).toBe('100000');
    expect(formatCell(1.234)).toBe('1.23');
    expect(formatCell(12.34)).toBe('12.3');
    expect(formatCell(1234.5)).toBe('1235');
  });

  it('shows a dash for nothing measured, and escapes pipes', () => {
    expect(formatCell(null)).toBe('–');
    expect(formatCell(Number.NaN)).toBe('–');
    expect(formatCell('a|b')).toBe('a\\|b');
  });
});

describe('markdownTable', () => {
  it('aligns numeric columns right and text left, one row per line', () => {
    const text = markdownTable({
      columns: ['call', 'p95'],
      rows: [
        ['orders', 12.5],
        ['klanten', null],
      ],
    });
    expect(text.split('\n')).toEqual([
      '| call | p95 |',
      '|---|---:|',
      '| orders | 12.5 |',
      '| klanten | – |',
    ]);
  });
});

const meta = {
  date: '2026-11-24T21:00:00.000Z',
  commit: 'abc1234',
  node: 'v20.20.2',
  cpus: 2,
  quick: false,
  sizes: [10_000, 100_000],
  parts: ['screens'],
  wallSeconds: 500,
  loadAverage: [1.5, 2.25] as [number, number],
};

describe('renderReport', () => {
  const section = (targets: SectionResult['targets'], error?: string): SectionResult => ({
    id: 'screens',
    title: '3. Schermaanroepen',
    seconds: 12,
    tables: [{ columns: ['call', 'p95'], rows: [['orders', 12]] }],
    targets,
    notes: ['een noot'],
    data: null,
    ...(error ? { error } : {}),
  });

  it('counts the targets held and marks a missed one ✗', () => {
    const report = renderReport(meta, [
      section([check('S', 'Postgres p95', 31, '<=', 30, 'ms'), check('S', 'PGlite p95', 59, '<=', 60, 'ms')]),
    ]);
    expect(report).toContain('## Doelen: 1 van 2 gehaald');
    expect(report).toContain('| ✗ | S: Postgres p95 | 31 ms | <= 30 ms |');
    expect(report).toContain('| ✓ | S: PGlite p95 | 59 ms | <= 60 ms |');
    expect(report).toContain('commit abc1234');
    expect(report).toContain('load average 1.5 → 2.3');
    expect(report).toContain('| orders | 12 |');
  });

  it('says when a section broke and lists the wall time per section', () => {
    const report = renderReport(meta, [section([], 'de server startte niet')]);
    expect(report).toContain('**Niet (helemaal) gelukt:** de server startte niet');
    expect(report).toContain('| 3. Schermaanroepen | 12 |');
    expect(report).toContain('| overig (servers starten en stoppen, databases maken) | 488 |');
  });

  it('shows an unmeasured target as ✗ niet gemeten', () => {
    expect(targetLine(check('S', 'stream', null, '<=', 50, 'ms'))).toBe(
      '✗ stream: niet gemeten (doel <= 50 ms)',
    );
  });
});
