import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One clock: every time the server reasons about (order numbers and dates, expiries of sessions,
 * mail links, API keys and PDF links, rate-limit windows, webhook timestamps, the idempotency
 * window) comes from AppDeps.now, handed down by the router or the deps. A service that reads the
 * wall clock itself decides differently from the rest as soon as the app's clock is not the
 * process's (a test moves it; a replica may one day be told the time), so any such read in the
 * server's code fails here unless it is listed below with its reason.
 *
 * performance.now() is not looked for: it has no time of day, it only measures how long something
 * took.
 */

const SERVER = join(__dirname);

type Read = 'new Date()' | 'Date.now()' | 'Date()' | 'SQL now()';

const READS: [Read, RegExp][] = [
  ['new Date()', /\bnew\s+Date\s*\(\s*\)/g],
  ['Date.now()', /\bDate\s*\.\s*now\s*\(\s*\)/g],
  // Date called without `new` answers the current time as text.
  ['Date()', /(?<!\bnew\s+)(?<![\w.$])Date\s*\(\s*\)/g],
  // The database's clock, in SQL written by hand.
  [
    'SQL now()',
    /(?<![\w.$])now\s*\(\s*\)|\b(current_timestamp|current_date|current_time|localtimestamp|localtime|clock_timestamp|statement_timestamp|transaction_timestamp)\b/gi,
  ],
];

/** Each allowed read: where, which, how many times, and why it is not the business's time. */
const ALLOWED: { file: string; read: Read; count: number; why: string }[] = [
  {
    file: 'deps.ts',
    read: 'new Date()',
    count: 1,
    why: 'systemClock: the one clock itself, which server.ts hands to AppDeps.now',
  },
  {
    file: 'services/idempotency/idempotency.ts',
    read: 'Date.now()',
    count: 5,
    why: 'how long a repeat may wait for the first request (its deadline and lock_timeout): elapsed time in this process, not a time of day',
  },
  {
    file: 'services/idempotency/idempotency.ts',
    read: 'SQL now()',
    count: 3,
    why: "a claim's heartbeat and its staleness: liveness between server processes, written and judged on the database clock they share",
  },
];

function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(path);
    const isSource = /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name);
    return isSource ? [path] : [];
  });
}

/** The code without its comments (a comment may well mention `new Date()`). */
function codeOf(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((line) => !line.trim().startsWith('//'))
    .join('\n');
}

/** Every wall-clock read in the given code, counted per kind. */
function clockReads(text: string): Map<Read, number> {
  const code = codeOf(text);
  const found = new Map<Read, number>();
  for (const [read, pattern] of READS) {
    const n = code.match(pattern)?.length ?? 0;
    if (n > 0) found.set(read, n);
  }
  return found;
}

describe('one clock in the server', () => {
  it('finds each kind of wall-clock read, and none in a comment or through the deps', () => {
    expect(clockReads('const t = new Date();')).toEqual(new Map([['new Date()', 1]]));
    expect(clockReads('f(now = new Date ( ))')).toEqual(new Map([['new Date()', 1]]));
    expect(clockReads('if (Date.now() > x) {}')).toEqual(new Map([['Date.now()', 1]]));
    expect(clockReads('const s = Date();')).toEqual(new Map([['Date()', 1]]));
    expect(clockReads('sql`where created_at < now() - interval`')).toEqual(new Map([['SQL now()', 1]]));
    expect(clockReads('sql`select current_timestamp`')).toEqual(new Map([['SQL now()', 1]]));
    expect(
      clockReads('deps.now(); ctx.now(); opts.now(); new Date(value); new Date(now.getTime() + 1)'),
    ).toEqual(new Map());
    expect(clockReads('// uses new Date() here\n/* Date.now() */ const a = 1;')).toEqual(new Map());
  });

  it('reads the wall clock nowhere outside the allow-list', () => {
    const unexpected: string[] = [];
    for (const path of serverSources(SERVER)) {
      const file = relative(SERVER, path).split('\\').join('/');
      for (const [read, count] of clockReads(readFileSync(path, 'utf8'))) {
        const allowed = ALLOWED.find((a) => a.file === file && a.read === read);
        if (!allowed || count > allowed.count)
          unexpected.push(`${file}: ${count} × ${read} (take the time from AppDeps.now / the caller's now)`);
      }
    }
    expect(unexpected).toEqual([]);
  });

  it('keeps the allow-list short and true: every entry still matches what the file does', () => {
    for (const { file, read, count } of ALLOWED) {
      const found = clockReads(readFileSync(join(SERVER, file), 'utf8')).get(read) ?? 0;
      expect(found, `${file} ${read}`).toBe(count);
    }
  });
});
