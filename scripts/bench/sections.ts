/**
 * Measured data → each section's tables, ✓/✗ checks and notes. Pure (no I/O): the unit tests feed it
 * numbers and check that a missed target shows ✗, so a broken check cannot pass silently.
 */
import type { ConfirmResult } from './confirm';
import type { DbKind, SeedOutcome } from './databases';
import type { LoadResult } from './load';
import type { FloodResult } from './login-flood';
import type { ManySeed, OrganizationRun } from './many-organizations';
import { type Cell, formatCell, mark, type Table } from './report';
import type { ScreenTiming } from './screens';
import type { SectionBody } from './section';
import type { SoakResult } from './soak';
import { SOAK_STEPS } from './soak-minutes';
import { median } from './stats';
import type { StreamResult } from './stream';
import { check, meets, spreadAroundMedian, TARGETS, type TargetCheck } from './targets';

const KINDS: DbKind[] = ['postgres', 'pglite'];
const kindLabel = (kind: DbKind) => (kind === 'postgres' ? 'Postgres' : 'PGlite');
const n = (size: number) => size.toLocaleString('nl-NL');
const empty = (note: string): SectionBody => ({ tables: [], targets: [], notes: [note], data: null });

export function buildSeedSection(seeds: SeedOutcome[], source: string): SectionBody {
  return {
    data: { source, seeds: seeds.map(({ otherEmails: _, ...rest }) => rest) },
    tables: [
      {
        columns: ['database', 'orders (hoofdaccount, 200 klanten)', 'andere accounts × orders', 'seeden s'],
        rows: seeds.map((s) => [s.database, s.size, `${s.otherAccounts} × ${s.ordersEach}`, s.seconds]),
      },
    ],
    targets: [],
    notes: [
      `Geseed met ${source}, in het bench-proces (PGlite: geopend, geseed en gesloten vóór de server dezelfde DATA_DIR opent). Alle accounts hebben een echt argon2-wachtwoord.`,
    ],
  };
}

export type StartupRun = { kind: DbKind; size: number; run: number; ms: number };

export function buildStartupSection(runs: StartupRun[]): SectionBody {
  if (runs.length === 0) return empty('Niet gemeten.');
  const size = runs[0]!.size;
  const rows: Cell[][] = [];
  const targets: TargetCheck[] = [];
  const medians: Record<string, number> = {};
  for (const kind of KINDS) {
    const mine = runs.filter((r) => r.kind === kind);
    if (!mine.length) continue;
    const m = median(mine.map((r) => r.ms));
    medians[kind] = m;
    rows.push([kindLabel(kind), ...mine.map((r) => r.ms), m]);
    targets.push(
      check('Opstarten', `${kindLabel(kind)} tot gezond (mediaan van 3)`, m, '<=', TARGETS.startupMs, 'ms'),
    );
  }
  return {
    data: { size, runs, medians },
    tables: [{ columns: ['database', 'start 1 ms', 'start 2 ms', 'start 3 ms', 'mediaan ms'], rows }],
    targets,
    notes: [
      `Van spawn van \`node scripts/start.mjs\` tot de eerste 200 van /api/health (elke 10 ms gevraagd), client en server al gebouwd, ${n(size)} orders.`,
    ],
  };
}

/** The highest p95 over the calls, with the call's name. */
export function worstP95(timings: ScreenTiming[]): { call: string; p95: number } | null {
  let worst: { call: string; p95: number } | null = null;
  for (const t of timings) if (!worst || !(t.p95 <= worst.p95)) worst = { call: t.call, p95: t.p95 };
  return worst;
}

export function screenLimit(kind: DbKind): number {
  return kind === 'postgres' ? TARGETS.screenP95PostgresMs : TARGETS.screenP95PgliteMs;
}

export function buildScreensSection(
  results: { kind: DbKind; size: number; timings: ScreenTiming[] }[],
  sizes: number[],
): SectionBody {
  if (results.length === 0) return empty('Niet gemeten.');
  const largest = Math.max(...sizes);
  const tables: Table[] = [];
  const targets: TargetCheck[] = [];
  for (const size of sizes) {
    const here = KINDS.map((kind) => results.find((r) => r.kind === kind && r.size === size));
    const calls = here.find(Boolean)?.timings.map((t) => t.call) ?? [];
    if (!calls.length) continue;
    const columns = ['call'];
    for (const [i, kind] of KINDS.entries()) {
      if (here[i]) columns.push(`${kindLabel(kind)} p50 ms`, 'p95', 'p99', 'runs');
    }
    const rows = calls.map((call) => {
      const row: Cell[] = [call];
      for (const [i, kind] of KINDS.entries()) {
        const t = here[i]?.timings.find((x) => x.call === call);
        if (!here[i]) continue;
        if (!t) {
          row.push(null, null, null, null);
          continue;
        }
        const p95 =
          size === largest ? `${formatCell(t.p95)} ${mark(meets(t.p95, '<=', screenLimit(kind)))}` : t.p95;
        row.push(t.p50, p95, t.p99, t.runs);
      }
      return row;
    });
    tables.push({ title: `${n(size)} orders`, columns, rows });
  }
  for (const kind of KINDS) {
    const r = results.find((x) => x.kind === kind && x.size === largest);
    const worst = r ? worstP95(r.timings) : null;
    targets.push(
      check(
        'Schermaanroepen',
        `${kindLabel(kind)} ${n(largest)}: hoogste p95 (${worst?.call ?? 'niet gemeten'})`,
        worst?.p95 ?? null,
        '<=',
        screenLimit(kind),
        'ms',
      ),
    );
  }
  return {
    data: results,
    tables,
    targets,
    notes: [
      'Elke aanroep: 3 keer opwarmen, dan tot 100 keer na elkaar (minstens 10, ten hoogste ~1,5 s per aanroep, --quick ~1 s) als GET /trpc/<proc>?batch=1&input=… met de sessiecookie, zoals de client (httpBatchLink) één query stuurt.',
    ],
  };
}

export function buildConcurrencySection(loads: ({ kind: DbKind; size: number } & LoadResult)[]): SectionBody {
  if (loads.length === 0) return empty('Niet gemeten.');
  const targets: TargetCheck[] = [];
  for (const l of loads.filter((x) => x.kind === 'postgres')) {
    targets.push(
      check(
        'Gelijktijdig',
        `Postgres ${n(l.size)}: orders pagina 1 req/s`,
        l.reqPerSec,
        '>=',
        TARGETS.concurrencyReqPerSec,
        'req/s',
      ),
      check(
        'Gelijktijdig',
        `Postgres ${n(l.size)}: orders pagina 1 p99`,
        l.p99,
        '<=',
        TARGETS.concurrencyP99Ms,
        'ms',
      ),
    );
    if (l.non2xx || l.errors) {
      targets.push(
        check(
          'Gelijktijdig',
          `Postgres ${n(l.size)}: antwoorden anders dan 2xx of fouten`,
          l.non2xx + l.errors,
          '<=',
          0,
          '',
        ),
      );
    }
  }
  return {
    data: loads,
    tables: [
      {
        columns: [
          'database',
          'orders',
          'verbindingen',
          's',
          'req/s',
          'p50 ms',
          'p99 ms',
          'niet-2xx',
          'fouten',
        ],
        rows: loads.map((l) => [
          kindLabel(l.kind),
          l.size,
          l.connections,
          l.seconds,
          l.reqPerSec,
          l.p50,
          l.p99,
          l.non2xx,
          l.errors,
        ]),
      },
    ],
    targets,
    notes: ['autocannon (programmatisch) vanuit het bench-proces, op dezelfde 2 cores als de server.'],
  };
}

export type OverheadRow = { name: string; reqPerSec: number; p50: number; p99: number; ratioToFloor: number };

export function buildApiOverheadSection(
  result: { size: number; rows: OverheadRow[] } | undefined,
): SectionBody {
  if (!result) return empty('Niet gemeten.');
  const measured = result.rows.filter((r) => /trpc|rest/i.test(r.name));
  return {
    data: result,
    tables: [
      {
        columns: ['route', 'req/s', 'p50 ms', 'p99 ms', 'verhouding tot kale route (zelfde werk)'],
        rows: result.rows.map((r) => [r.name, r.reqPerSec, r.p50, r.p99, r.ratioToFloor]),
      },
    ],
    targets: measured.map((r) =>
      check(
        'API-overhead',
        `${r.name} / kale route met dezelfde sessie en query`,
        r.ratioToFloor,
        '>=',
        TARGETS.apiOverheadRatio,
        '×',
      ),
    ),
    notes: [
      `Postgres, ${n(result.size)} orders; scripts/bench/api-overhead.ts (api-deel) tegen scripts/bench/floor-server.ts.`,
    ],
  };
}

/** The rule for a transport of our own (docs/decisions/transport.md): it must buy this much over the stock adapter. */
export const CUSTOM_TRANSPORT_MIN_GAIN = 1.3;

export type TransportResult = {
  size: number;
  /** What each variant is, e.g. {custom: 'trpc:custom,rest:custom', stock: 'trpc:stock,rest:stock'}. */
  variants: Record<string, string>;
  rows: {
    call: string;
    /** The medians over the rounds. */
    variants: Record<string, { reqPerSec: number; p50: number; p99: number }>;
    floor?: { reqPerSec: number; p50: number; p99: number };
    /** Per round, req/s by variant and 'floor', measured right after each other. */
    rounds: Record<string, number>[];
    /** Per round, the serving process's CPU ms per request by variant and 'floor'. */
    cpuRounds: Record<string, number>[];
  }[];
};

/** The median over the rounds of a ÷ b, each pair measured right after each other. */
const pairedRatio = (rounds: Record<string, number>[], a: string, b: string) =>
  median(rounds.map((r) => r[a]! / r[b]!));

/**
 * The app's real calls on our own transport variants and on the stock adapters, side by side: req/s
 * of each, each ÷ stock and ÷ the bare route. No ✓/✗: the ratio decides whether a custom route may
 * stay (≥ CUSTOM_TRANSPORT_MIN_GAIN), which the decision note records; the overhead section keeps
 * the targets.
 */
export function buildTransportSection(result: TransportResult | undefined): SectionBody {
  if (!result) return empty('Niet gemeten.');
  const names = Object.keys(result.variants);
  const ours = names.filter((v) => v !== 'stock');
  const range = (xs: number[]) => `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}`;
  // What our variant buys over stock: req/s ours ÷ stock, CPU per request stock ÷ ours.
  const gains = (r: TransportResult['rows'][number], v: string) => ({
    reqs: r.rounds.map((x) => x[v]! / x.stock!),
    cpu: r.cpuRounds.map((x) => x.stock! / x[v]!),
  });
  const throughput = result.rows.map((r) => [
    r.call,
    r.floor?.reqPerSec ?? null,
    ...names.map((v) => r.variants[v]!.reqPerSec),
    ...ours.map((v) => pairedRatio(r.rounds, v, 'stock')),
    ...ours.map((v) => range(gains(r, v).reqs)),
  ]);
  const cpu = result.rows.map((r) => {
    const perVariant = ours.map((v) => median(gains(r, v).cpu));
    return [
      r.call,
      r.floor ? median(r.cpuRounds.map((x) => x.floor!)) : null,
      ...names.map((v) => median(r.cpuRounds.map((x) => x[v]!))),
      ...perVariant,
      ...ours.map((v) => range(gains(r, v).cpu)),
      perVariant
        .map((g, i) => (g >= CUSTOM_TRANSPORT_MIN_GAIN ? ours[i] : null))
        .filter(Boolean)
        .join(', ') || '–',
    ];
  });
  return {
    data: result,
    tables: [
      {
        title: 'CPU-tijd van het serverproces per verzoek (ms)',
        columns: [
          'aanroep',
          'kale route',
          ...names,
          ...ours.map((v) => `stock / ${v}`),
          ...ours.map((v) => `stock / ${v} per ronde`),
          `≥ ${CUSTOM_TRANSPORT_MIN_GAIN} × stock`,
        ],
        rows: cpu,
      },
      {
        title: 'Verzoeken per seconde',
        columns: [
          'aanroep',
          'kale route',
          ...names,
          ...ours.map((v) => `${v} / stock`),
          ...ours.map((v) => `${v} / stock per ronde`),
        ],
        rows: throughput,
      },
    ],
    targets: [],
    notes: [
      `Postgres, ${n(result.size)} orders; elke variant is dezelfde app (scripts/bench/transport-server.ts) met een ander transport: ${names.map((v) => `${v} = ${result.variants[v]}`).join(', ')}. Per ronde (${result.rows[0]?.rounds.length ?? 0}) de varianten en de kale route van één aanroep direct na elkaar, in wisselende volgorde; elke waarde is de mediaan over de rondes, een verhouding de mediaan van de verhoudingen per ronde. De CPU-tijd per verzoek (utime + stime uit /proc) hangt veel minder af van wat er verder op de machine draait dan req/s. Een eigen route blijft alleen waar hij ≥ ${CUSTOM_TRANSPORT_MIN_GAIN} × de standaard-adapter haalt (docs/decisions/transport.md).`,
    ],
  };
}

export function buildStreamSection(result: ({ size: number } & StreamResult) | undefined): SectionBody {
  if (!result) return empty('Niet gemeten.');
  const targets: TargetCheck[] = [];
  for (const r of result.runs) {
    targets.push(
      check(
        'Volledige lijst',
        `${r.encoding}: /api/health p99 tijdens`,
        r.health.p99,
        '<=',
        TARGETS.streamHealthP99Ms,
        'ms',
      ),
      check(
        'Volledige lijst',
        `${r.encoding}: RSS-groei`,
        r.rssGrowthMb,
        '<=',
        TARGETS.streamRssGrowthMb,
        'MB',
      ),
    );
  }
  return {
    data: result,
    tables: [
      {
        columns: [
          'Accept-Encoding',
          'Content-Encoding',
          'tijd s',
          'MB over de lijn',
          'health p50 ms',
          'health p99 ms',
          'RSS vooraf MB',
          'RSS piek MB',
          'groei MB',
        ],
        rows: result.runs.map((r) => [
          r.encoding,
          r.contentEncoding,
          r.ms / 1000,
          r.bytes / 1024 / 1024,
          r.health.p50,
          r.health.p99,
          r.rssBeforeMb,
          r.rssPeakMb,
          r.rssGrowthMb,
        ]),
      },
    ],
    targets,
    notes: [
      `Postgres, ${n(result.size)} orders, Bearer. /api/health in rust: p50 ${formatCell(result.idleHealth.p50)} ms, p99 ${formatCell(result.idleHealth.p99)} ms (${result.idleHealth.runs} probes, elke ~20 ms). RSS van het node-proces dat serveert (start.mjs zelf), elke 20 ms gelezen uit /proc.`,
    ],
  };
}

export function buildLoginSection(result: ({ size: number } & FloodResult) | undefined): SectionBody {
  if (!result) return empty('Niet gemeten.');
  return {
    data: result,
    tables: [
      {
        columns: [
          'probe',
          'rust p50 ms',
          'rust p99 ms',
          'tijdens p50 ms',
          'tijdens p99 ms',
          'p99 tijdens / rust',
        ],
        rows: result.probes.map((p) => [
          p.name,
          p.idle.p50,
          p.idle.p99,
          p.during.p50,
          p.during.p99,
          p.ratioP99,
        ]),
      },
    ],
    targets: result.probes.map((p) =>
      check('Inlogvloed', `${p.name}: p99 tijdens / in rust`, p.ratioP99, '<=', TARGETS.loginFloodRatio, '×'),
    ),
    notes: [
      `Postgres, ${n(result.size)} orders: ${result.rounds} rondes van ${result.concurrent} logins tegelijk (echte argon2-wachtwoorden), login p50 ${formatCell(result.loginMs.p50)} ms, p99 ${formatCell(result.loginMs.p99)} ms.`,
    ],
  };
}

export function buildFirstLoadSection(
  result: { route: string; signedIn: boolean; files: number; rawKb: number; gzipKb: number }[] | undefined,
): SectionBody {
  if (!result) return empty('Niet gemeten.');
  return {
    data: result,
    tables: [
      {
        columns: ['route', 'ingelogd', 'JS-bestanden', 'KB onverpakt', 'KB gzip -9'],
        rows: result.map((r) => [r.route, r.signedIn ? 'ja' : 'nee', r.files, r.rawKb, r.gzipKb]),
      },
    ],
    targets: result.map((r) =>
      check('Eerste laden', `JS voor ${r.route}`, r.gzipKb, '<=', TARGETS.firstLoadJsKb, 'KB'),
    ),
    notes: [
      'Chromium (playwright-core), elk JS-antwoord tot het netwerk stil is; elke body hier apart met gzip -9 geteld en opgeteld (los van de compressie van de server).',
    ],
  };
}

export function buildLighthouseSection(
  result:
    | {
        route: string;
        signedIn: boolean;
        performance: number | null;
        accessibility: number | null;
        bestPractices: number | null;
      }[]
    | undefined,
): SectionBody {
  if (!result) return empty('Niet gemeten.');
  return {
    data: result,
    tables: [
      {
        columns: ['route', 'ingelogd', 'performance', 'accessibility', 'best practices'],
        rows: result.map((r) => [
          r.route,
          r.signedIn ? 'ja' : 'nee',
          r.performance,
          r.accessibility,
          r.bestPractices,
        ]),
      },
    ],
    targets: [],
    notes: [
      'Lighthouse 12.8.2, desktop-preset (lighthouse desktopConfig), Chromium --headless=new; ingelogd via extraHeaders (Cookie). Scores 0–100, geen doel in het issue.',
    ],
  };
}

/**
 * The soak, minute by minute. Targets: after the warm-up, throughput and the serving process's RSS
 * each stay within ±10 % of their own median, and no request failed.
 */
export function buildSoakSection(result: ({ size: number } & SoakResult) | undefined): SectionBody {
  if (!result) return empty('Niet gemeten.');
  const rows = result.minutesTable;
  const skip = TARGETS.soakWarmupMinutes;
  const band = TARGETS.soakFlatPercent;
  const after = `na minuut ${skip}`;
  const failed = rows.reduce((t, r) => t + r.failed, 0);
  const median2 = (xs: number[]) => median(xs.slice(skip));
  return {
    data: result,
    tables: [
      {
        columns: [
          'minuut',
          'verzoeken',
          'req/s',
          'p50 ms',
          'p99 ms',
          "nieuwe PDF's",
          'nieuwe PDF p50 ms',
          'mislukt',
          'RSS MB',
          'heap MB',
          'Chromium RSS MB',
          "PDF's in opslag",
          'opslag MB',
        ],
        rows: rows.map((r) => [
          r.minute,
          r.requests,
          r.reqPerSec,
          r.p50,
          r.p99,
          r.newPdfs,
          r.newPdfP50,
          r.failed,
          r.rssMb,
          r.heapUsedMb,
          r.chromiumRssMb,
          r.pdfFiles,
          r.pdfMb,
        ]),
      },
      {
        title: 'p50 ms per stap',
        columns: ['minuut', ...SOAK_STEPS],
        rows: rows.map((r) => [r.minute, ...SOAK_STEPS.map((step) => r.stepP50[step] ?? null)]),
      },
    ],
    targets: [
      check(
        'Duurtest',
        `req/s per minuut ${after}: grootste afwijking van de mediaan (${formatCell(median2(rows.map((r) => r.reqPerSec)))})`,
        spreadAroundMedian(
          rows.map((r) => r.reqPerSec),
          skip,
        ),
        '<=',
        band,
        '%',
      ),
      check(
        'Duurtest',
        `RSS per minuut ${after}: grootste afwijking van de mediaan (${formatCell(median2(rows.map((r) => r.rssMb)))} MB)`,
        spreadAroundMedian(
          rows.map((r) => r.rssMb),
          skip,
        ),
        '<=',
        band,
        '%',
      ),
      check('Duurtest', 'mislukte verzoeken (niet-2xx of geen antwoord)', failed, '<=', 0, ''),
    ],
    notes: [
      `Postgres, ${n(result.size)} orders in het hoofdaccount; ${result.accounts} andere accounts tegelijk, ${result.minutes} minuten, elk op één keep-alive-verbinding zonder pauze rond: orderlijst en zoeken (tRPC), orders lezen, klantenpagina, dashboardcijfers, een order maken, printen en downloaden of een geseede order wijzigen, printen en downloaden, een ongewijzigde order opnieuw printen (het opgeslagen bestand), en de oudste eigen nieuwe order verwijderen zodra er meer dan 5 zijn (het aantal orders blijft gelijk). Verzoeken per stap: ${Object.entries(
        result.steps,
      )
        .map(([step, count]) => `${step} ${count}`)
        .join(', ')}.`,
      'RSS: van het node-proces dat serveert, de laatste meting (elke seconde uit /proc) in de minuut; heap: V8-heap in gebruik (scripts/bench/memory-probe.mjs); Chromium: alle Chromium-processen onder de server opgeteld (gedeeld geheugen dubbel geteld). Opslag: pdf_files, elke 10 s geteld.',
      ...(result.failures.length ? [`Mislukt: ${result.failures.join(' · ')}`] : []),
    ],
  };
}

export type OrganizationsResult = { sizes: number[]; seed: ManySeed; runs: OrganizationRun[] };

/**
 * The many-organisations run: the seed, then per measured organisation the screen calls' p95 (≤ the
 * Postgres limit) and whether its answers held its own rows only (no foreign row, the list's total
 * its own order count).
 */
export function buildOrganizationsSection(result: OrganizationsResult | undefined): SectionBody {
  if (!result) return empty('Niet gemeten.');
  const { seed, runs, sizes } = result;
  const limit = TARGETS.screenP95PostgresMs;
  const calls = runs[0]?.timings.map((t) => t.call) ?? [];
  const rows = calls.map((call) => {
    const row: Cell[] = [call];
    for (const r of runs) {
      const t = r.timings.find((x) => x.call === call);
      row.push(
        t?.p50 ?? null,
        t ? `${formatCell(t.p95)} ${mark(meets(t.p95, '<=', limit))}` : null,
        t?.p99 ?? null,
      );
    }
    return row;
  });
  const targets: TargetCheck[] = [];
  for (const r of runs) {
    const who = `${r.label} (${n(r.organization.orders)} orders)`;
    const worst = worstP95(r.timings);
    targets.push(
      check(
        'Veel organisaties',
        `${who}: hoogste p95 (${worst?.call ?? 'niet gemeten'})`,
        worst?.p95 ?? null,
        '<=',
        limit,
        'ms',
      ),
      check(
        'Veel organisaties',
        `${who}: rijen van een andere organisatie in de lijsten (${r.rowsChecked} bekeken) plus afwijking van het ordertotaal (${r.totalDifference})`,
        r.foreignRows + Math.abs(r.totalDifference),
        '<=',
        0,
        '',
      ),
    );
  }
  const sorted = [...sizes].sort((a, b) => b - a);
  const spread = [
    sorted[0] ?? null,
    sorted[1] ?? null,
    sorted[9] ?? null,
    median(sizes),
    sorted.at(-1) ?? null,
  ];
  return {
    // Not the sizes themselves: a thousand numbers would bury the rest of results.json.
    data: {
      seed,
      runs,
      ordersPerOrganization: {
        largest: spread[0],
        second: spread[1],
        tenth: spread[2],
        median: spread[3],
        smallest: spread[4],
      },
    },
    tables: [
      {
        title: 'Seeden',
        columns: ['organisaties', 'orders', 'orderregels', 'klanten', 'gebruikers', 'seeden s'],
        rows: [[seed.organizations, seed.orders, seed.items, seed.customers, seed.users, seed.seconds]],
      },
      {
        title: 'Orders per organisatie',
        columns: ['grootste', 'tweede', 'tiende', 'mediaan', 'kleinste'],
        rows: [spread],
      },
      {
        title: 'Seeden per stap (s)',
        columns: Object.keys(seed.steps),
        rows: [Object.values(seed.steps)],
      },
      {
        title: 'Schermaanroepen',
        columns: ['call', ...runs.flatMap((r) => [`${r.label} p50 ms`, 'p95', 'p99'])],
        rows,
      },
    ],
    targets,
    notes: [
      `Eén Postgres-database met ${n(seed.organizations)} organisaties (elk een eigenaar, een medewerker en een alleen-lezen-lid; de grootste ${seed.largest.customers} klanten, de andere ${seed.smallest.customers}) en samen ${n(seed.orders)} orders: de grootste een vast aantal, de andere een Zipf-achtig aandeel van de rest (scripts/bench/organization-sizes.ts). Geseed met INSERT … SELECT over generate_series (scripts/bench/many-organizations.ts), orders in datumvolgorde over alle organisaties door elkaar, de maandtotalen door de triggers van de orders, daarna VACUUM ANALYZE.`,
      'Dezelfde schermaanroepen als onderdeel 3, ingelogd als de eigenaar van de grootste en van de kleinste organisatie. Daarna de lijsten (orders en klanten, met en zonder zoeken of filter) nog eens opgevraagd en elke rij op id in de database opgezocht: een rij van een andere organisatie, of een id dat geen rij is, telt als vreemd; en het totaal van de orderlijst zonder filter moet het eigen aantal orders zijn.',
    ],
  };
}

const kb = (bytes: number) => bytes / 1024;

/**
 * The customer's order page: the server's p95 for the page per link and database at the largest size
 * (the JSON beside it, no target), the bytes on the wire with its stylesheet, and Lighthouse (mobile).
 * Targets: the worst link's page p95 on each database ≤ 20 ms, the heaviest page ≤ 30 KB, and
 * performance and accessibility ≥ 95 on every page Lighthouse ran on. What was not measured fails.
 */
export function buildConfirmSection(result: ConfirmResult | undefined, size: number): SectionBody {
  if (!result) return empty('Niet gemeten.');
  const section = 'Klantpagina';
  const tables: Table[] = [];
  const targets: TargetCheck[] = [];
  for (const kind of KINDS) {
    const t = result.timings.find((x) => x.kind === kind && x.size === size);
    if (t) {
      tables.push({
        title: `${kindLabel(kind)}, ${n(size)} orders: GET /confirm/{token} en GET /api/public/confirm/{token}`,
        columns: ['link', 'regels', 'pagina p50 ms', 'p95', 'p99', 'JSON p50 ms', 'JSON p95', 'runs'],
        rows: t.rows.map((r) => [
          r.link,
          r.lines,
          r.page.p50,
          `${formatCell(r.page.p95)} ${mark(meets(r.page.p95, '<=', TARGETS.confirmPageP95Ms))}`,
          r.page.p99,
          r.json.p50,
          r.json.p95,
          r.page.runs,
        ]),
      });
    }
    const worst = t ? worstP95(t.rows.map((r) => ({ call: r.link, ...r.page }))) : null;
    targets.push(
      check(
        section,
        `${kindLabel(kind)} ${n(size)}: pagina, hoogste p95 (${worst?.call ?? 'niet gemeten'})`,
        worst?.p95 ?? null,
        '<=',
        TARGETS.confirmPageP95Ms,
        'ms',
      ),
    );
  }
  const bytes = result.bytes ?? [];
  if (bytes.length) {
    tables.push({
      title: 'Over de lijn (Accept-Encoding: gzip, deflate, br, zstd)',
      columns: [
        'link',
        'regels',
        'codering',
        'HTML KB',
        'waarvan CSS KB',
        'andere bestanden',
        'over de lijn KB',
      ],
      rows: bytes.map((b) => [
        b.link,
        b.lines,
        b.encoding,
        kb(b.htmlBytes),
        kb(b.inlineCssBytes),
        b.resources.length,
        `${formatCell(kb(b.wireBytes))} ${mark(meets(kb(b.wireBytes), '<=', TARGETS.confirmPageKb))}`,
      ]),
    });
  }
  let heaviest: (typeof bytes)[number] | undefined;
  for (const b of bytes) if (!heaviest || !(b.wireBytes <= heaviest.wireBytes)) heaviest = b;
  targets.push(
    check(
      section,
      `over de lijn met stylesheet (${heaviest?.link ?? 'niet gemeten'})`,
      heaviest ? kb(heaviest.wireBytes) : null,
      '<=',
      TARGETS.confirmPageKb,
      'KB',
    ),
  );
  const lh = result.lighthouse ?? [];
  if (lh.length) {
    tables.push({
      title: 'Lighthouse, mobiel',
      columns: ['link', 'regels', 'performance', 'accessibility', 'best practices', 'overgedragen KB'],
      rows: lh.map((r) => [
        r.link,
        r.lines,
        r.performance,
        r.accessibility,
        r.bestPractices,
        r.transferBytes === null ? null : kb(r.transferBytes),
      ]),
    });
  }
  for (const category of ['performance', 'accessibility'] as const) {
    // The lowest score over the pages; a page without a score is the lowest of all (and fails).
    const scored = lh.map((r) => ({ link: r.link, value: r[category] }));
    const lowest =
      scored.find((s) => s.value === null) ??
      scored.reduce<(typeof scored)[number] | undefined>(
        (low, s) => (!low || (s.value ?? 0) < (low.value ?? 0) ? s : low),
        undefined,
      );
    targets.push(
      check(
        section,
        `Lighthouse mobiel, ${category} (${lowest?.link ?? 'niet gemeten'})`,
        lowest?.value ?? null,
        '>=',
        TARGETS.confirmLighthouseMin,
        '',
      ),
    );
  }
  return {
    data: result,
    tables,
    targets,
    notes: [
      'Een server alleen voor dit deel, zoals in productie: NODE_ENV=production (React rendert met zijn productiebouw) en SMTP_URL naar een mailserver op loopback die bewaart wat hij krijgt. Echte links: een nieuwe order met 120 regels en orders uit de seed, verstuurd via POST /api/orders/{id}/send-email met de link; de link komt uit de ontvangen mail, zoals de klant hem leest. order_confirmations bevat alleen deze links, orders de hele seed.',
      'Tijden: per link 5 keer opwarmen, dan om de beurt pagina en JSON, alle links na elkaar op één keep-alive-verbinding, met de Accept-headers van Chromium; het doel geldt de hoogste p95 van de pagina over de links.',
      'Over de lijn: statusregel, headers en body zoals ze binnenkomen (niets onderweg uitgepakt), plus wat de pagina laadt (gekoppelde stylesheets, afbeeldingen; het favicon niet). De stylesheet staat in de pagina zelf (CSP-hash).',
      'Lighthouse 12.8.2 met zijn standaardconfiguratie (mobiel, gesimuleerde 4G en vertraagde CPU), Chromium --headless=new, zonder netwerk buiten de server.',
    ],
  };
}
