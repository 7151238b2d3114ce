/**
 * Section results → bench/REPORT.md (and the same text on stdout). Pure: no I/O, so the layout and
 * the ✓/✗ marks are unit-tested.
 */
import type { TargetCheck } from './targets';

export type Cell = string | number | null;
export type Table = { title?: string; columns: string[]; rows: Cell[][] };

export type SectionResult = {
  id: string;
  title: string;
  seconds: number;
  tables: Table[];
  targets: TargetCheck[];
  notes: string[];
  /** Everything measured, for results.json. */
  data: unknown;
  /** Set when the section could not run or broke half-way; the report says so instead of a number. */
  error?: string;
};

export type RunMeta = {
  date: string;
  commit: string;
  node: string;
  cpus: number;
  quick: boolean;
  sizes: number[];
  parts: string[];
  wallSeconds: number;
  /** 1-minute load average at the start and the end: other work on the machine skews every number. */
  loadAverage: [number, number];
};

export function formatCell(cell: Cell): string {
  if (cell === null) return '–';
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return '–';
    if (Number.isInteger(cell)) return String(cell);
    return Math.abs(cell) >= 100 ? cell.toFixed(0) : Math.abs(cell) >= 10 ? cell.toFixed(1) : cell.toFixed(2);
  }
  // A pipe would end the cell early.
  return cell.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

export function markdownTable(table: Table): string {
  const header = `| ${table.columns.join(' | ')} |`;
  // Numbers align right, text left: a column is numeric when any of its cells is a number.
  const numeric = table.columns.map((_, i) => table.rows.some((row) => typeof row[i] === 'number'));
  const rule = `|${numeric.map((right) => (right ? '---:' : '---')).join('|')}|`;
  const rows = table.rows.map(
    (row) => `| ${table.columns.map((_, i) => formatCell(row[i] ?? null)).join(' | ')} |`,
  );
  return [header, rule, ...rows].join('\n');
}

export const mark = (pass: boolean) => (pass ? '✓' : '✗');

export function targetLine(t: TargetCheck): string {
  const value =
    t.value === null || !Number.isFinite(t.value) ? 'niet gemeten' : `${formatCell(t.value)} ${t.unit}`;
  return `${mark(t.pass)} ${t.name}: ${value} (doel ${t.op} ${t.limit} ${t.unit})`.replaceAll('  ', ' ');
}

export function targetsTable(targets: TargetCheck[]): Table {
  return {
    columns: ['', 'doel', 'gemeten', 'grens'],
    rows: targets.map((t) => [
      mark(t.pass),
      `${t.section}: ${t.name}`,
      t.value === null || !Number.isFinite(t.value) ? 'niet gemeten' : `${formatCell(t.value)} ${t.unit}`,
      `${t.op} ${t.limit} ${t.unit}`,
    ]),
  };
}

export function renderReport(meta: RunMeta, sections: SectionResult[]): string {
  const targets = sections.flatMap((s) => s.targets);
  const held = targets.filter((t) => t.pass).length;
  const out: string[] = [
    '# Benchmark Inkooporders',
    '',
    `${meta.date} · commit ${meta.commit} · Node ${meta.node} · ${meta.cpus} cores · ${
      meta.quick
        ? '--quick (alleen 10 000 orders)'
        : `${meta.sizes.map((n) => n.toLocaleString('nl-NL')).join(' en ')} orders`
    } · totaal ${meta.wallSeconds.toFixed(0)} s · load average ${meta.loadAverage.map((l) => l.toFixed(1)).join(' → ')}`,
    '',
    `## Doelen: ${held} van ${targets.length} gehaald`,
    '',
  ];
  if (targets.length > 0) out.push(markdownTable(targetsTable(targets)), '');
  out.push('## Tijd per onderdeel', '');
  out.push(
    markdownTable({
      columns: ['onderdeel', 's'],
      rows: [
        ...sections.map((s): Cell[] => [s.title, Math.round(s.seconds * 10) / 10]),
        [
          'overig (servers starten en stoppen, databases maken)',
          Math.round(Math.max(0, meta.wallSeconds - sections.reduce((t, s) => t + s.seconds, 0)) * 10) / 10,
        ],
      ],
    }),
    '',
  );
  for (const s of sections) {
    out.push(`## ${s.title}`, '', `_${s.seconds.toFixed(1)} s_`, '');
    if (s.error) out.push(`**Niet (helemaal) gelukt:** ${s.error}`, '');
    for (const table of s.tables) {
      if (table.title) out.push(`**${table.title}**`, '');
      out.push(markdownTable(table), '');
    }
    for (const t of s.targets) out.push(`- ${targetLine(t)}`);
    if (s.targets.length) out.push('');
    for (const note of s.notes) out.push(`> ${note}`);
    if (s.notes.length) out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
