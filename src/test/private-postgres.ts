import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process';

const run = promisify(execFile);

/**
 * A PostgreSQL server of a test's own (initdb + pg_ctl in a temporary folder, on a free port), for
 * faults that would disturb everyone else on the shared server: stopping it hard and starting it
 * again under load (faults/postgres-restart.test.ts).
 */
export type PrivatePostgres = {
  port: number;
  /** postgres://postgres@127.0.0.1:{port}/{database} (trust authentication, loopback only). */
  url: (database?: string) => string;
  /** `pg_ctl stop`; `immediate` is a crash as far as the clients see it (no goodbye, recovery on start). */
  stop: (mode?: 'fast' | 'immediate') => Promise<void>;
  /** Starts it again and waits until it takes connections. */
  start: () => Promise<void>;
  /** Stops it and removes its folder. */
  destroy: () => Promise<void>;
};

/** PostgreSQL's programs: PG_BINDIR, else the newest /usr/lib/postgresql/<version>/bin (Debian), else pg_config's. */
async function binDir(): Promise<string> {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const debian = '/usr/lib/postgresql';
  const versions = fs.existsSync(debian)
    ? fs
        .readdirSync(debian)
        .filter((v) => fs.existsSync(path.join(debian, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(debian, versions[0], 'bin');
  try {
    return (await run('pg_config', ['--bindir'])).stdout.trim();
  } catch {
    throw new Error(
      'initdb en pg_ctl niet gevonden: installeer PostgreSQL (Debian: apt-get install postgresql) of zet PG_BINDIR.',
    );
  }
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = await binDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'private-postgres-'));
  const data = path.join(dir, 'data');
  // initdb and postgres refuse to run as root: as root, they run as the postgres user, who owns the folder.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout);
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout);
    fs.chownSync(dir, uid, gid);
  }
  const pg = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args])
      : run(path.join(bin, program), args);

  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  let running = false;
  const start = async () => {
    // fsync off: a throwaway server, and an immediate stop is a crash of postgres, not of the machine.
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    await pg('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '120', 'start']);
    running = true;
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await pg('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '120', 'stop']);
    running = false;
  };
  await start();
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop,
    start,
    destroy: async () => {
      if (running) await stop('immediate').catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
