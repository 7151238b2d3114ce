/**
 * 20 sign-ins at once (POST /api/auth/login, real argon2 passwords), in rounds, while an authenticated
 * call (the orders page, cookie) and /api/health are probed, idle and during the flood, each in a
 * worker thread (probe-worker.mjs); their p99 idle beside during.
 */
import { login, type Session, sleep } from './http-client';
import { probeFor, startProbeInWorker } from './probe';
import { ORDERS_PAGE_PATH } from './screens';
import { type Summary, summarize } from './stats';

export type FloodResult = {
  concurrent: number;
  rounds: number;
  loginMs: Summary;
  probes: { name: string; idle: Summary; during: Summary; ratioP99: number }[];
};

export async function benchLoginFlood(
  baseUrl: string,
  session: Session,
  accounts: { emails: string[]; password: string },
  opts: { concurrent: number; seconds: number },
): Promise<FloodResult> {
  const probeDefs: { name: string; path: string; headers: Record<string, string> }[] = [
    { name: 'orders: pagina 1 (ingelogd)', path: ORDERS_PAGE_PATH, headers: { cookie: session.cookie } },
    { name: '/api/health', path: '/api/health', headers: {} },
  ];
  // Warmed up first, as the server is in use: the first calls after a start are no idle state.
  await Promise.all(
    probeDefs.map((p) =>
      probeFor(baseUrl, p.path, 1000, { pauseMs: 10, headers: p.headers, inWorker: true }),
    ),
  );
  const idle = await Promise.all(
    probeDefs.map((p) =>
      probeFor(baseUrl, p.path, opts.seconds * 1000, { pauseMs: 10, headers: p.headers, inWorker: true }),
    ),
  );
  await sleep(200);
  // Each probe in a thread of its own: the logins' answers arrive in this thread's event loop.
  const probes = probeDefs.map((p) =>
    startProbeInWorker(baseUrl, p.path, { pauseMs: 10, headers: p.headers }),
  );
  const loginTimes: number[] = [];
  const t0 = performance.now();
  let rounds = 0;
  let during: number[][] = [];
  try {
    while (rounds < 2 || performance.now() - t0 < opts.seconds * 1000) {
      await Promise.all(
        Array.from({ length: opts.concurrent }, async (_, i) => {
          const email = accounts.emails[i % accounts.emails.length]!;
          const start = performance.now();
          await login(baseUrl, email, accounts.password);
          loginTimes.push(performance.now() - start);
        }),
      );
      rounds++;
    }
  } finally {
    during = await Promise.all(probes.map((p) => p.stop()));
  }
  return {
    concurrent: opts.concurrent,
    rounds,
    loginMs: summarize(loginTimes),
    probes: probeDefs.map((p, i) => {
      const idleSummary = summarize(idle[i]!);
      const duringSummary = summarize(during[i]!);
      return {
        name: p.name,
        idle: idleSummary,
        during: duringSummary,
        ratioP99: duringSummary.p99 / idleSummary.p99,
      };
    }),
  };
}
