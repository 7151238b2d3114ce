/**
 * Starts the app the way an operator does — `node scripts/start.mjs`, which builds what is missing and
 * then runs the built server in its own process — and stops it again. Also finds the process that
 * actually serves (whose memory the stream section samples) and reads its RSS from /proc.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

export type ServerEnv = { databaseUrl?: string; dataDir?: string };

export type RunningServer = {
  url: string;
  port: number;
  process: ChildProcess;
  /** Milliseconds from spawn to the first 200 from /api/health. */
  readyMs: number;
  output: () => string;
  stop: () => Promise<void>;
};

/** The environment every bench server gets: quiet logs, sign-in limits out of the way. */
export function serverEnvironment(port: number, target: ServerEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    // The login flood and the many sign-ins of the bench must not hit the 429 of the per-IP limit.
    RATE_LIMIT_AUTH: '1000000',
  };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  if (target.dataDir) env.DATA_DIR = target.dataDir;
  return env;
}

/** One GET, resolving with the status code (0 when the connection failed). */
export function probeStatus(url: string, timeoutMs = 2000): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startServer(
  port: number,
  target: ServerEnv,
  opts: { timeoutMs?: number; pollMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<RunningServer> {
  const timeoutMs = opts.timeoutMs ?? 180_000;
  const pollMs = opts.pollMs ?? 10;
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...serverEnvironment(port, target), ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exitPromise = new Promise<void>((resolve) => {
    child.on('exit', () => {
      exited = true;
      resolve();
    });
  });

  const stop = async () => {
    if (exited) return;
    const inner = serverPid(child.pid!);
    child.kill('SIGTERM');
    const done = await Promise.race([exitPromise.then(() => true), sleep(15_000).then(() => false)]);
    if (!done) {
      child.kill('SIGKILL');
      if (inner !== child.pid) killQuietly(inner);
      await exitPromise;
    }
  };

  for (;;) {
    if (exited) throw new Error(`De server stopte voordat hij gezond was:\n${log.slice(-4000)}`);
    if ((await probeStatus(`${url}/api/health`, 1000)) === 200) break;
    if (performance.now() - t0 > timeoutMs) {
      await stop();
      throw new Error(`De server werd niet gezond binnen ${timeoutMs / 1000} s:\n${log.slice(-4000)}`);
    }
    await sleep(pollMs);
  }
  return { url, port, process: child, readyMs: performance.now() - t0, output: () => log, stop };
}

function killQuietly(pid: number) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** `/proc/<pid>/task/<pid>/children`: space-separated pids. */
export function parseChildren(text: string): number[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

function childrenOf(pid: number): number[] {
  try {
    return parseChildren(fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8'));
  } catch {
    return [];
  }
}

/** A node process other than the password-hashing child (which the server forks at the first sign-in). */
function isServerNode(pid: number): boolean {
  try {
    if (!/^node/.test(fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim())) return false;
    return !fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('password-child');
  } catch {
    return false;
  }
}

/**
 * The node process that serves: start.mjs itself, or a node child of it should the start script ever
 * run the server in one; Chromium children of the printer are not node and the password-hashing child
 * does not serve: both are skipped. Falls back to `pid`.
 */
export function serverPid(pid: number): number {
  let current = pid;
  for (let depth = 0; depth < 4; depth++) {
    const next = childrenOf(current).find(isServerNode);
    if (next === undefined) break;
    current = next;
  }
  return current;
}

/** Every process under `pid`, children first, then theirs. */
export function descendants(pid: number): number[] {
  const out: number[] = [];
  for (let i = 0, next = childrenOf(pid); next.length; i++) {
    out.push(...next);
    next = next.flatMap(childrenOf);
    if (i > 8) break;
  }
  return out;
}

/** The RSS of the Chromium processes under the server (the printer's browser and its renderers), added up. */
export function chromiumRssBytes(pid: number): number {
  let total = 0;
  for (const p of descendants(pid)) {
    try {
      if (/^node/.test(fs.readFileSync(`/proc/${p}/comm`, 'utf8').trim())) continue;
    } catch {
      continue;
    }
    const rss = rssBytes(p);
    if (Number.isFinite(rss)) total += rss;
  }
  return total;
}

/** VmRSS in bytes from `/proc/<pid>/status` text; NaN when absent. */
export function parseVmRss(status: string): number {
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return m ? Number(m[1]) * 1024 : Number.NaN;
}

export function rssBytes(pid: number): number {
  try {
    return parseVmRss(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return Number.NaN;
  }
}
