import { describe, expect, it } from 'vitest';
import type { ConfirmResult } from './confirm';
import {
  buildApiOverheadSection,
  buildConcurrencySection,
  buildConfirmSection,
  buildFirstLoadSection,
  buildLoginSection,
  buildOrganizationsSection,
  buildScreensSection,
  buildSoakSection,
  buildStartupSection,
  buildStreamSection,
  buildTransportSection,
  worstP95,
} from './sections';
import type { SoakMinute } from './soak-minutes';
import type { Summary } from './stats';

const timing = (call: string, p95: number) => ({
  call,
  runs: 100,
  p50: p95 / 2,
  p95,
  p99: p95 * 1.2,
  max: p95 * 2,
});
const summary = (p50: number, p99: number): Summary => ({ runs: 100, p50, p95: p99, p99, max: p99 });
const passes = (targets: { pass: boolean }[]) => targets.map((t) => t.pass);

describe('screen calls', () => {
  it('checks the worst p95 at the largest size: 30 ms on Postgres, 60 ms on PGlite', () => {
    const body = buildScreensSection(
      [
        { kind: 'postgres', size: 10_000, timings: [timing('a', 99), timing('b', 99)] },
        { kind: 'postgres', size: 100_000, timings: [timing('a', 10), timing('b', 31)] },
        { kind: 'pglite', size: 100_000, timings: [timing('a', 59), timing('b', 60)] },
      ],
      [10_000, 100_000],
    );
    expect(body.targets.map((t) => [t.name, t.value, t.pass])).toEqual([
      ['Postgres 100.000: hoogste p95 (b)', 31, false],
      ['PGlite 100.000: hoogste p95 (b)', 60, true],
    ]);
    expect(body.tables.map((t) => t.title)).toEqual(['10.000 orders', '100.000 orders']);
    // The largest size marks each p95 cell; PGlite missing at 10 000 leaves its columns out.
    const row = body.tables[1]!.rows[1]!;
    expect([row[0], row[1], row[2], row[5], row[6]]).toEqual(['b', 15.5, '31 ✗', 30, '60 ✓']);
    expect(body.tables[0]!.rows[0]![2]).toBe(99);
    expect(body.tables[0]!.columns).toEqual(['call', 'Postgres p50 ms', 'p95', 'p99', 'runs']);
  });

  it('fails when a database was not measured at all', () => {
    const body = buildScreensSection(
      [{ kind: 'postgres', size: 100_000, timings: [timing('a', 1)] }],
      [100_000],
    );
    expect(passes(body.targets)).toEqual([true, false]);
  });

  it('treats a NaN p95 as the worst', () => {
    expect(worstP95([timing('a', 5), { ...timing('b', 1), p95: Number.NaN }])?.call).toBe('b');
  });
});

describe('concurrency', () => {
  it('needs ≥ 400 req/s and p99 ≤ 150 ms on Postgres, and every answer a 2xx', () => {
    const load = { connections: 50, seconds: 10, p50: 50, total: 1, errors: 0 };
    const ok = buildConcurrencySection([
      { kind: 'postgres', size: 100_000, reqPerSec: 400, p99: 150, non2xx: 0, ...load },
      { kind: 'pglite', size: 100_000, reqPerSec: 1, p99: 9999, non2xx: 0, ...load },
    ]);
    expect(passes(ok.targets)).toEqual([true, true]);
    const bad = buildConcurrencySection([
      { kind: 'postgres', size: 100_000, reqPerSec: 399, p99: 151, non2xx: 3, ...load },
    ]);
    expect(passes(bad.targets)).toEqual([false, false, false]);
  });
});

describe('API overhead', () => {
  it('checks tRPC and REST against half the bare route with session lookup, not the bare routes themselves', () => {
    const row = (name: string, ratioToFloor: number) => ({
      name,
      reqPerSec: 1000 * ratioToFloor,
      p50: 1,
      p99: 2,
      ratioToFloor,
    });
    const body = buildApiOverheadSection({
      size: 100_000,
      rows: [
        row('bare', 2),
        row('bare + session', 1),
        row('tRPC profile', 0.5),
        row('REST orders.get', 0.49),
      ],
    });
    expect(body.targets.map((t) => [t.name, t.pass])).toEqual([
      ['tRPC profile / kale route met dezelfde sessie en query', true],
      ['REST orders.get / kale route met dezelfde sessie en query', false],
    ]);
  });
});

describe('transport', () => {
  it('takes the gain over stock as the median of the rounds’ own ratios, CPU per request first', () => {
    const m = { reqPerSec: 1, p50: 1, p99: 1 };
    const body = buildTransportSection({
      size: 10_000,
      variants: { custom: 'trpc:custom', stock: 'trpc:stock' },
      rows: [
        {
          call: 'tRPC auth.profile',
          variants: { custom: m, stock: m },
          // One round spoilt by load elsewhere (stock many times slower) does not move the median.
          rounds: [
            { custom: 100, stock: 90 },
            { custom: 100, stock: 10 },
            { custom: 100, stock: 95 },
          ],
          cpuRounds: [
            { custom: 1, stock: 1.4 },
            { custom: 1, stock: 1.35 },
            { custom: 1, stock: 9 },
          ],
        },
        {
          call: 'REST GET /api/orders',
          variants: { custom: m, stock: m },
          rounds: [{ custom: 100, stock: 100 }],
          cpuRounds: [{ custom: 1, stock: 1.29 }],
        },
      ],
    });
    const [cpu, reqs] = body.tables;
    expect(cpu?.rows.map((r) => [r[0], r[4], r.at(-1)])).toEqual([
      ['tRPC auth.profile', 1.4, 'custom'],
      ['REST GET /api/orders', 1.29, '–'],
    ]);
    expect(reqs?.rows[0]?.[4]).toBeCloseTo(100 / 90);
    expect(body.targets).toEqual([]);
  });
});

describe('full-list stream', () => {
  it('needs health p99 ≤ 50 ms and RSS growth ≤ 150 MB in every run', () => {
    const run = (p99: number, growth: number) => ({
      encoding: 'br, gzip',
      status: 200,
      contentEncoding: 'br',
      ms: 1000,
      bytes: 1,
      health: summary(2, p99),
      rssBeforeMb: 100,
      rssPeakMb: 100 + growth,
      rssGrowthMb: growth,
    });
    const body = buildStreamSection({
      size: 100_000,
      idleHealth: summary(1, 3),
      runs: [run(50, 150), run(51, 151)],
    });
    expect(passes(body.targets)).toEqual([true, true, false, false]);
  });
});

describe('login flood', () => {
  it('allows up to twice the idle p99 during the flood', () => {
    const body = buildLoginSection({
      size: 100_000,
      concurrent: 20,
      rounds: 2,
      loginMs: summary(100, 200),
      probes: [
        { name: 'orders', idle: summary(1, 10), during: summary(1, 20), ratioP99: 2 },
        { name: 'health', idle: summary(1, 10), during: summary(1, 21), ratioP99: 2.1 },
      ],
    });
    expect(passes(body.targets)).toEqual([true, false]);
  });
});

describe('first-load JS and start-up', () => {
  it('allows 150 KB gzip per route', () => {
    const body = buildFirstLoadSection([
      { route: '/login', signedIn: false, files: 3, rawKb: 400, gzipKb: 150 },
      { route: '/', signedIn: true, files: 5, rawKb: 500, gzipKb: 150.1 },
    ]);
    expect(passes(body.targets)).toEqual([true, false]);
  });

  it('checks the median of the three starts against 1 s', () => {
    const runs = [900, 5000, 1000].map((ms, i) => ({ kind: 'postgres' as const, size: 1, run: i + 1, ms }));
    const slow = [1001, 1002, 10].map((ms, i) => ({ kind: 'pglite' as const, size: 1, run: i + 1, ms }));
    const body = buildStartupSection([...runs, ...slow]);
    expect(body.targets.map((t) => [t.value, t.pass])).toEqual([
      [1000, true],
      [1001, false],
    ]);
  });
});

describe('soak', () => {
  const minute = (i: number, reqPerSec: number, rssMb: number, failed = 0): SoakMinute => ({
    minute: i + 1,
    requests: reqPerSec * 60,
    reqPerSec,
    p50: 10,
    p99: 100,
    newPdfP50: 500,
    newPdfs: 30,
    failed,
    stepP50: { list: 8, 'pdf-new': 500 },
    rssMb,
    heapUsedMb: 80,
    chromiumRssMb: 400,
    pdfFiles: 100 * (i + 1),
    pdfMb: 5 * (i + 1),
  });
  const result = (rows: SoakMinute[]) => ({
    size: 10_000,
    minutes: rows.length,
    accounts: 20,
    minutesTable: rows,
    steps: { list: 10 },
    failures: [],
  });

  it('holds when throughput and RSS stay within ±10 % of their median after the first two minutes', () => {
    // Warm-up minutes far off, then steady within the band.
    const rows = [minute(0, 50, 100), minute(1, 300, 180), minute(2, 200, 200), minute(3, 190, 205)];
    rows.push(minute(4, 210, 195), minute(5, 200, 210));
    const body = buildSoakSection(result(rows));
    expect(passes(body.targets)).toEqual([true, true, true]);
    expect(body.tables[0]!.rows).toHaveLength(6);
  });

  it('fails on throughput that sags, RSS that climbs, and any failed request', () => {
    const rows = [200, 200, 204, 172, 160, 142].map((rps, i) =>
      minute(i, rps, 205 + i * 40, i === 5 ? 1 : 0),
    );
    const body = buildSoakSection(result(rows));
    expect(body.targets.map((t) => [t.pass, t.unit])).toEqual([
      [false, '%'],
      [false, '%'],
      [false, ''],
    ]);
  });

  it('fails when it was not measured', () => {
    expect(buildSoakSection(undefined).targets).toEqual([]);
    expect(passes(buildSoakSection(result([minute(0, 100, 100), minute(1, 100, 100)])).targets)).toEqual([
      false,
      false,
      true,
    ]);
  });
});

describe('many organisations', () => {
  const organization = (orders: number) => ({ n: 1, id: 'x', email: 'x', orders, customers: 20 });
  const seed = {
    organizations: 3,
    orders: 6,
    items: 6,
    customers: 60,
    users: 9,
    seconds: 1,
    steps: { orders: 1 },
    largest: organization(4),
    smallest: organization(1),
  };
  const run = (label: string, p95: number, foreignRows: number, totalDifference: number) => ({
    label,
    organization: organization(4),
    timings: [timing('a', p95 / 2), timing('b', p95)],
    foreignRows,
    rowsChecked: 10,
    totalDifference,
  });

  it('checks each organisation: worst p95 ≤ 30 ms, and no foreign row nor a total that is not its own', () => {
    const body = buildOrganizationsSection({
      sizes: [4, 1, 1],
      seed,
      runs: [run('grootste', 30, 0, 0), run('kleinste', 31, 0, 0)],
    });
    expect(passes(body.targets)).toEqual([true, true, false, true]);
    const leaks = buildOrganizationsSection({
      sizes: [4, 1, 1],
      seed,
      runs: [run('grootste', 10, 1, 0), run('kleinste', 10, 0, -2)],
    });
    expect(passes(leaks.targets)).toEqual([true, false, true, false]);
    expect(leaks.targets[3]!.value).toBe(2);
  });

  it('says so when it was not measured', () => {
    expect(buildOrganizationsSection(undefined).notes).toEqual(['Niet gemeten.']);
  });
});

describe("the customer's order page", () => {
  const page = (p95: number): Summary => ({ runs: 200, p50: p95 / 2, p95, p99: p95 * 1.2, max: p95 * 2 });
  const rows = (p95s: number[]) =>
    p95s.map((p95, i) => ({
      link: `link ${i + 1}`,
      lines: i === 0 ? 120 : 3,
      page: page(p95),
      json: page(1),
    }));
  const bytes = (link: string, wireBytes: number) => ({
    link,
    lines: 3,
    encoding: 'br',
    htmlBytes: 40_000,
    inlineCssBytes: 6000,
    resources: [],
    wireBytes,
  });
  const scores = (link: string, performance: number | null, accessibility: number | null) => ({
    link,
    lines: 3,
    performance,
    accessibility,
    bestPractices: 100,
    transferBytes: 9000,
  });
  const measured = (over: Partial<ConfirmResult> = {}): ConfirmResult => ({
    timings: [
      { kind: 'postgres', size: 100_000, rows: rows([20, 5]), all: page(20) },
      { kind: 'pglite', size: 100_000, rows: rows([8, 21]), all: page(21) },
    ],
    bytes: [bytes('link 1', 30 * 1024), bytes('link 2', 2000)],
    lighthouse: [scores('link 1', 95, 100), scores('link 2', 99, 96)],
    ...over,
  });

  it('checks the worst page p95 on each database ≤ 20 ms, the heaviest page ≤ 30 KB, Lighthouse ≥ 95', () => {
    const body = buildConfirmSection(measured(), 100_000);
    expect(body.targets.map((t) => [t.name, t.value, t.pass])).toEqual([
      ['Postgres 100.000: pagina, hoogste p95 (link 1)', 20, true],
      ['PGlite 100.000: pagina, hoogste p95 (link 2)', 21, false],
      ['over de lijn met stylesheet (link 1)', 30, true],
      ['Lighthouse mobiel, performance (link 1)', 95, true],
      ['Lighthouse mobiel, accessibility (link 2)', 96, true],
    ]);
    // Each p95 cell carries its mark; the JSON beside it has none.
    expect(body.tables[1]!.rows.map((r) => r[3])).toEqual(['8 ✓', '21 ✗']);
    expect(body.tables[0]!.columns).toContain('JSON p95');
    expect(body.tables.map((t) => t.title)).toEqual([
      'Postgres, 100.000 orders: GET /confirm/{token} en GET /api/public/confirm/{token}',
      'PGlite, 100.000 orders: GET /confirm/{token} en GET /api/public/confirm/{token}',
      'Over de lijn (Accept-Encoding: gzip, deflate, br, zstd)',
      'Lighthouse, mobiel',
    ]);
  });

  it('fails a page over 30 KB and a score below 95', () => {
    const body = buildConfirmSection(
      measured({
        bytes: [bytes('link 1', 30 * 1024 + 1)],
        lighthouse: [scores('link 1', 94, 100), scores('link 2', 100, 90)],
      }),
      100_000,
    );
    expect(passes(body.targets)).toEqual([true, false, false, false, false]);
    expect(body.targets[4]!.name).toBe('Lighthouse mobiel, accessibility (link 2)');
    expect(body.tables[2]!.rows[0]![6]).toBe('30.0 ✗');
  });

  it('fails what was not measured: a database, the bytes, Lighthouse, a missing score', () => {
    const body = buildConfirmSection(
      { timings: [{ kind: 'postgres', size: 100_000, rows: rows([5]), all: page(5) }] },
      100_000,
    );
    expect(passes(body.targets)).toEqual([true, false, false, false, false]);
    const noScore = buildConfirmSection(
      measured({ lighthouse: [scores('link 1', 100, null), scores('link 2', 100, 100)] }),
      100_000,
    );
    expect(noScore.targets.map((t) => [t.value, t.pass]).slice(3)).toEqual([
      [100, true],
      [null, false],
    ]);
    // A timing at another size than the largest does not count.
    expect(passes(buildConfirmSection(measured(), 10_000).targets).slice(0, 2)).toEqual([false, false]);
  });

  it('says so when it was not measured', () => {
    expect(buildConfirmSection(undefined, 100_000).notes).toEqual(['Niet gemeten.']);
  });
});
