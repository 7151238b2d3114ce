// Cold start to healthy: spawns the built server, polls /api/health every 10 ms and reports the
// median of several starts. Used to measure the start-up target (≤ 1 s with the client built).
//
//   node scripts/build/startup-time.mjs [runs] [entry…]   entries: built main.js files, or `tsx` for
//   src/server/main.ts through tsx (the old way); they run interleaved so load on the machine hits
//   all alike. env: DATABASE_URL (else PGlite), STARTUP_DATA_DIR=fresh|existing (PGlite), PORT.
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
export async function timeToHealthy({ entry, env, port, timeoutMs = 30_000 }) {
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const runs = Number(process.argv[2] ?? 5);
  const port = Number(process.env.PORT ?? 4310);
  const entries = process.argv.slice(3).map((e) => (e === 'tsx' ? e : path.resolve(e)));
  if (entries.length === 0)
    entries.push(path.resolve(root, process.env.SERVER_DIST_DIR ?? 'dist/server', 'main.js'));
  const existing = process.env.STARTUP_DATA_DIR === 'existing';
  const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'startup-'));
  const sharedDir = dataDir();
  const env = () => (process.env.DATABASE_URL ? {} : { DATA_DIR: existing ? sharedDir : dataDir() });
  // An existing data folder is made (and migrated) once before the timed runs.
  if (existing && !process.env.DATABASE_URL) await timeToHealthy({ entry: entries[0], env: env(), port });
  const times = new Map(entries.map((e) => [e, []]));
  for (let i = 0; i < runs; i++)
    for (const entry of entries) times.get(entry).push(await timeToHealthy({ entry, env: env(), port }));
  for (const [entry, ts] of times) {
    const wall = ts.map((t) => Math.round(t.wall));
    const cpu = ts.map((t) => Math.round(t.cpu));
    const name = entry === 'tsx' ? 'tsx src/server/main.ts' : path.relative(root, entry);
    console.log(JSON.stringify({ entry: name, wall, wallMedian: median(wall), cpu, cpuMedian: median(cpu) }));
  }
}
