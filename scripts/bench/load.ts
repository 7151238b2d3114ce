/**
 * autocannon's programmatic API (it ships no types; required through createRequire with the few
 * fields the bench reads typed here, instead of an ambient module declaration other files might clash with).
 */
import { createRequire } from 'node:module';

type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
};
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export type LoadResult = {
  connections: number;
  seconds: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
};

export async function runLoad(opts: {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const r = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    ...(opts.headers ? { headers: opts.headers } : {}),
  });
  return {
    connections: opts.connections,
    seconds: opts.seconds,
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}
