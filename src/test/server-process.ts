import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { buildInputsFile } from '../../scripts/build/staleness.mjs';
import { buildServer, root, serverEntry } from '../../scripts/build-server.mjs';

/**
 * The server as `npm start` runs it, as a process of its own, for tests at process level (the built
 * bundle, signals, crashes, a database or mail server that goes away).
 */

/** A loopback port free right now (taken, then let go). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

export type ServerBuild = { dir: string; entry: string; remove: () => void };

/**
 * Bundles the server as scripts/build-server.mjs does for `npm start`, into a folder of its own under
 * dist/test-builds (inside the project: the bundle finds its packages in node_modules from there).
 */
export async function buildServerForTest(name: string): Promise<ServerBuild> {
  const dir = path.join(root, 'dist', 'test-builds', `${name}-${process.pid}-${Date.now()}`);
  await buildServer(dir);
  return {
    dir,
    entry: serverEntry(dir),
    remove: () => {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(buildInputsFile(dir), { force: true });
      try {
        fs.rmdirSync(path.dirname(dir)); // once empty; another run may still be using it
      } catch {}
    },
  };
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  child: ChildProcess;
  pid: number;
  port: number;
  url: string;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  /** Resolves once the output contains `wanted` (or satisfies it); fails when the process ends first or after `ms`. */
  waitForOutput: (wanted: string | RegExp | ((output: string) => boolean), ms?: number) => Promise<void>;
  /** Resolves once GET /api/health answers 200; fails when the process ends first or after `ms`. */
  healthy: (ms?: number) => Promise<void>;
  exited: Promise<Exit>;
  /** Sends `signal` (SIGTERM unless told) and waits for the exit. */
  stop: (signal?: NodeJS.Signals) => Promise<Exit>;
};

/** The environment without the variables a test decides itself (no leftovers from the shell). */
function cleanEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'SMTP_URL', 'PORT', 'HOST', 'APP_URL', 'NODE_ENV'])
    delete base[name];
  return { ...base, ...env };
}

/**
 * Starts `command` (by default the built server: `node <entry>`) on a free port with `env` (on top of
 * this process's environment, without its DATABASE_URL, DATA_DIR or SMTP_URL: without them the server
 * uses PGlite in DATA_DIR and the outbox).
 */
export async function startServerProcess(opts: {
  entry?: string;
  command?: { file: string; args: string[] };
  env?: NodeJS.ProcessEnv;
  port?: number;
  /** The working directory; the project by default (`npm start` needs it). */
  cwd?: string;
}): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const command = opts.command ?? { file: process.execPath, args: [opts.entry ?? ''] };
  const child = spawn(command.file, command.args, {
    cwd: opts.cwd ?? root,
    env: cleanEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      LOG_LEVEL: 'info',
      ...opts.env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (d) => {
    text += d;
  });
  child.stderr?.on('data', (d) => {
    text += d;
  });
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal: signal as NodeJS.Signals | null })),
  );
  const running = () => child.exitCode === null && child.signalCode === null;

  const waitUntil = async (what: string, check: () => boolean | Promise<boolean>, ms: number) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (!running()) throw new Error(`the server stopped before ${what}:\n${text.slice(-4000)}`);
      if (Date.now() > deadline) throw new Error(`no ${what} within ${ms} ms:\n${text.slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const server: ServerProcess = {
    child,
    pid: child.pid ?? 0,
    port,
    url,
    output: () => text,
    waitForOutput: (wanted, ms = 30_000) =>
      waitUntil(
        `output ${wanted}`,
        () =>
          typeof wanted === 'string'
            ? text.includes(wanted)
            : typeof wanted === 'function'
              ? wanted(text)
              : wanted.test(text),
        ms,
      ),
    healthy: (ms = 120_000) =>
      waitUntil(
        'health',
        async () => {
          try {
            return (await fetch(`${url}/api/health`)).ok;
          } catch {
            return false;
          }
        },
        ms,
      ),
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (running()) child.kill(signal);
      return exited;
    },
  };
  return server;
}
