// Cold start to healthy: spawns the built server, polls /api/health every 10 ms and reports the
// median of several starts. Used to measure the start-up target (≤ 1 s with the client built).
//
//   node scripts/build/startup-time.mjs [runs] [entry…]   entries: built main.js files, or `tsx` for
//   src/server/main.ts through tsx (the old way); they run interleaved so load on the machine hits
//   all alike. env: PORT; STARTUP_DB=pglite-fresh|pglite-existing|pg-fresh|pg-migrated (default
//   pglite-fresh); the pg kinds create databases named h_build_startup_… on STARTUP_PG_URL (default the local
//   server) and drop them again.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../..');

/** CPU time (user + system, ms) a process has used so far: on a busy machine a steadier measure. */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100/s)
  } catch {
    return Number.NaN;
  }
}

/** Milliseconds from spawn until /api/health answers 200, and the CPU the server used until then. */
export async function timeToHealthy({ entry, env, port, timeoutMs = 120_000 }) {
  const started = performance.now();
  const args = entry === 'tsx' ? ['--import', 'tsx', path.join(root, 'src/server/main.ts')] : [entry];
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  try {
    while (performance.now() - started < timeoutMs) {
      if (exited) throw new Error('de server stopte voordat hij gezond was');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) return { wall: performance.now() - started, cpu: cpuMs(child.pid) };
      } catch {}
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('de server werd niet gezond');
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (exited ? r() : child.once('exit', r)));
  }
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Where each start gets its database: a fresh or a reused one, PGlite or Postgres. */
async function databases(kind) {
  const serverUrl = process.env.STARTUP_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const made = [];
  const tmpDirs = [];
  const { default: postgres } = kind.startsWith('pg') ? await import('postgres') : { default: null };
  const admin = postgres ? postgres(serverUrl, { max: 1, onnotice: () => {} }) : null;
  const newPg = async () => {
    const name = `h_build_startup_${process.pid}_${made.length}`;
    await admin.unsafe(`create database "${name}"`);
    made.push(name);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return { DATABASE_URL: url.toString() };
  };
  const newDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'startup-'));
    tmpDirs.push(dir);
    return { DATA_DIR: dir };
  };
  const shared = kind === 'pg-migrated' ? await newPg() : kind === 'pglite-existing' ? newDir() : null;
  return {
    /** Whether the shared database must be made (migrated) once before timing. */
    needsWarmup: shared !== null,
    next: async () => shared ?? (kind === 'pg-fresh' ? newPg() : newDir()),
    async dispose() {
      for (const name of made) await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin?.end({ timeout: 5 });
      for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const runs = Number(process.argv[2] ?? 5);
  const port = Number(process.env.PORT ?? 4310);
  const entries = process.argv.slice(3).map((e) => (e === 'tsx' ? e : path.resolve(e)));
  if (entries.length === 0)
    entries.push(path.resolve(root, process.env.SERVER_DIST_DIR ?? 'dist/server', 'main.js'));
  const kind = process.env.STARTUP_DB ?? 'pglite-fresh';
  const dbs = await databases(kind);
  try {
    if (dbs.needsWarmup) await timeToHealthy({ entry: entries[0], env: await dbs.next(), port });
    const times = new Map(entries.map((e) => [e, []]));
    for (let i = 0; i < runs; i++)
      for (const entry of entries)
        times.get(entry).push(await timeToHealthy({ entry, env: await dbs.next(), port }));
    for (const [entry, ts] of times) {
      const wall = ts.map((t) => Math.round(t.wall));
      const cpu = ts.map((t) => Math.round(t.cpu));
      const name = entry === 'tsx' ? 'tsx src/server/main.ts' : path.relative(root, entry);
      console.log(
        JSON.stringify({
          db: kind,
          entry: name,
          wall,
          wallMedian: median(wall),
          cpu,
          cpuMedian: median(cpu),
        }),
      );
    }
  } finally {
    await dbs.dispose();
  }
}
