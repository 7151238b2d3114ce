/**
 * The sign-in calls that must not tell a registered address from an unknown one: forgot-password and
 * the public resend, 20 calls of each kind, interleaved, through the whole HTTP app on an in-memory
 * PGlite with the outbox mailer. Prints the medians side by side; target: within 10 % of each other.
 * Each call's background work (lookup, mail) is let to finish before the next call, so only the
 * answer is timed — which is what a prober sees.
 *
 * Optional: BENCH_AUTH_RUNS (default 20).
 */
import pino from 'pino';
import { openDatabase } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { systemClock } from '../../src/server/deps';
import { settleBackground } from '../../src/server/services/background';
import { createMailer } from '../../src/server/services/mail/mailer';
import { createPrinter } from '../../src/server/services/pdf/printer';
import type { SectionBody } from './section';
import { median } from './stats';
import { check } from './targets';

const TARGET_RATIO = 1.1;

export async function benchAuthEvenness(): Promise<SectionBody> {
  const RUNS = Number(process.env.BENCH_AUTH_RUNS ?? 20);
  const database = await openDatabase({ dataDir: 'memory://' });
  const log = pino({ level: 'silent' });
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), rateLimitAuth: 100_000 };
  const deps = {
    db: database.db,
    dbPing: database.ping,
    config,
    mailer: createMailer({ config, db: database.db, log }),
    printer: createPrinter({ chromiumPath: '/nonexistent', log }),
    log,
    now: systemClock,
  };
  const app = await buildApp({ deps, serveClient: false });

  try {
    const registered = 'bench-bekend@voorbeeld.nl';
    const unverified = 'bench-onbevestigd@voorbeeld.nl';
    await database.db.insert(users).values([
      { email: registered, passwordHash: '-', name: 'Bekend', isEmailVerified: true },
      { email: unverified, passwordHash: '-', name: 'Onbevestigd' },
    ]);

    const cases = [
      { url: '/api/auth/forgot-password', mailed: registered },
      { url: '/api/auth/resend-verification-public', mailed: unverified },
    ];
    const rows: { url: string; known: number; unknown: number; ratio: number }[] = [];
    for (const { url, mailed } of cases) {
      const times = { known: [] as number[], unknown: [] as number[] };
      for (let i = 0; i < RUNS + 3; i++) {
        for (const kind of ['known', 'unknown'] as const) {
          const email = kind === 'known' ? mailed : `bench-onbekend-${i}@voorbeeld.nl`;
          const t0 = performance.now();
          const res = await app.inject({ method: 'POST', url, payload: { email } });
          const ms = performance.now() - t0;
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
          await settleBackground();
          if (i >= 3) times[kind].push(ms); // the first rounds warm up
        }
      }
      const known = median(times.known);
      const unknown = median(times.unknown);
      rows.push({ url, known, unknown, ratio: Math.max(known, unknown) / Math.min(known, unknown) });
    }
    return {
      data: { runs: RUNS, rows },
      tables: [
        {
          columns: ['call', 'bekend ms (mediaan)', 'onbekend ms', 'verhouding'],
          rows: rows.map((r) => [r.url, r.known, r.unknown, r.ratio]),
        },
      ],
      targets: rows.map((r) =>
        check('Aanmelden gelijkmatig', `${r.url} bekend/onbekend`, r.ratio, '<=', TARGET_RATIO, '×'),
      ),
      notes: [
        `Medianen van ${RUNS} aanroepen per soort, door de hele app (inject) op een PGlite in het geheugen.`,
      ],
    };
  } finally {
    await app.close();
    await database.close();
  }
}
