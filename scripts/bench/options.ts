/** `npm run bench [-- --quick]` and BENCH_PARTS → what to run. Pure, so it is unit-tested. */
import { organizationSizes } from './organization-sizes';

/** Every section, in the order they run and appear in the report. */
export const PARTS = [
  'seed',
  'startup',
  'screens',
  'concurrency',
  'overhead',
  'transport',
  'stream',
  'login',
  'firstload',
  'lighthouse',
  'pdf',
  'auth',
  'soak',
  'orgs',
  'ubl',
  'confirm',
] as const;
export type Part = (typeof PARTS)[number];

/**
 * The many-organisations run (its own Postgres database): BENCH_ORGS organisations sharing
 * BENCH_ORGS_ORDERS orders, the largest BENCH_ORGS_LARGEST of them (default a tenth).
 */
export const ORGS_DEFAULT = { count: 1000, orders: 1_000_000 };
export const ORGS_QUICK = { count: 100, orders: 100_000 };
export type OrgsOptions = { count: number; orders: number; largest: number };

/** Older names still accepted: `db` was the service-level list/search/stats timings, now `screens`. */
const ALIASES: Record<string, Part[]> = { db: ['screens'] };

/** Sections that need a seeded database and a running server; seeding comes with any of them. */
export const SERVER_PARTS: readonly Part[] = [
  'startup',
  'screens',
  'concurrency',
  'overhead',
  'transport',
  'stream',
  'login',
  'firstload',
  'lighthouse',
  'soak',
  'confirm',
];

/** Sections that run on PGlite too; without any of them the bench seeds Postgres only. */
export const PGLITE_PARTS: readonly Part[] = ['startup', 'screens', 'concurrency', 'confirm'];

/** The soak's length: BENCH_SOAK_MINUTES, else 15 (--quick: 4); the first two minutes are its warm-up. */
export const SOAK_MINUTES = 15;
export const SOAK_MINUTES_QUICK = 4;
const SOAK_MINUTES_MIN = 4;

export type BenchOptions = {
  quick: boolean;
  sizes: number[];
  parts: Part[];
  soakMinutes: number;
  orgs: OrgsOptions;
};

export class OptionsError extends Error {}

export function parseOptions(argv: readonly string[], env: Record<string, string | undefined>): BenchOptions {
  const unknownFlags = argv.filter((a) => a.startsWith('-') && a !== '--quick');
  if (unknownFlags.length)
    throw new OptionsError(`Onbekende optie ${unknownFlags.join(', ')}; alleen --quick.`);
  const quick = argv.includes('--quick') || env.BENCH_QUICK === '1';
  const words = (env.BENCH_PARTS ?? '').split(/[,|\s]+/).filter(Boolean);
  const unknown = words.filter((w) => !(PARTS as readonly string[]).includes(w) && !(w in ALIASES));
  if (unknown.length) {
    throw new OptionsError(`BENCH_PARTS: onbekend deel ${unknown.join(', ')}; kies uit ${PARTS.join(', ')}.`);
  }
  const chosen = new Set<Part>(words.flatMap((w) => ALIASES[w] ?? [w as Part]));
  if (chosen.size > 0 && SERVER_PARTS.some((p) => chosen.has(p))) chosen.add('seed');
  const parts = chosen.size === 0 ? [...PARTS] : PARTS.filter((p) => chosen.has(p));
  const soakMinutes = Number(env.BENCH_SOAK_MINUTES ?? (quick ? SOAK_MINUTES_QUICK : SOAK_MINUTES));
  if (!Number.isInteger(soakMinutes) || soakMinutes < SOAK_MINUTES_MIN) {
    throw new OptionsError(
      `BENCH_SOAK_MINUTES: een heel aantal minuten van minstens ${SOAK_MINUTES_MIN} (twee om op te warmen, dan de meting).`,
    );
  }
  return {
    quick,
    sizes: quick ? [10_000] : [10_000, 100_000],
    parts,
    soakMinutes,
    orgs: orgsOptions(env, quick),
  };
}

function orgsOptions(env: Record<string, string | undefined>, quick: boolean): OrgsOptions {
  const defaults = quick ? ORGS_QUICK : ORGS_DEFAULT;
  const count = Number(env.BENCH_ORGS ?? defaults.count);
  const orders = Number(env.BENCH_ORGS_ORDERS ?? defaults.orders);
  const largest = Number(env.BENCH_ORGS_LARGEST ?? Math.round(orders / 10));
  try {
    organizationSizes(count, orders, largest);
  } catch (err) {
    throw new OptionsError(
      `BENCH_ORGS=${count}, BENCH_ORGS_ORDERS=${orders}, BENCH_ORGS_LARGEST=${largest}: ${(err as Error).message}.`,
    );
  }
  return { count, orders, largest };
}
