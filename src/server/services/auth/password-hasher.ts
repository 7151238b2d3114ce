import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import argon2 from 'argon2';
import { ARGON2_OPTIONS } from './argon2-options';
import type { HashJob, HashReply, HashRequest } from './password-protocol';

/** The hashing child stopped twice while it had this request: the caller gets an error, not a hang. */
export class PasswordHashingError extends Error {
  override name = 'PasswordHashingError';
}

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  /** Throws argon2's own error for a hash it cannot read, and PasswordHashingError when the child failed. */
  verify(hash: string, password: string): Promise<boolean>;
  /** The child's process id while one runs (tests read its priority and kill it). */
  readonly pid: number | undefined;
  /** Stops the child once the requests it has are answered; a later request starts a new one. */
  close(): Promise<void>;
};

export type ChildEntry = { file: string; execArgv: string[] };

/**
 * Bundled (dist/server/server.js or one of its chunks), the child is dist/server/password-child.js beside
 * it (scripts/build-server.mjs builds it as an entry of its own); from source (tsx, Vitest) it is the .ts
 * file, run through tsx's loader.
 */
export function childEntry(moduleUrl = import.meta.url): ChildEntry {
  const fromSource = moduleUrl.endsWith('.ts');
  const file = fileURLToPath(new URL(`./password-child.${fromSource ? 'ts' : 'js'}`, moduleUrl));
  if (!fromSource) return { file, execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { file, execArgv: ['--import', tsx] };
}

type Pending = {
  job: HashJob;
  retried: boolean;
  resolve: (value: string | boolean) => void;
  reject: (err: Error) => void;
};

type Child = { proc: ChildProcess; pending: Map<number, Pending>; ready: boolean; closing: boolean };

const inProcess = (job: HashJob): Promise<string | boolean> =>
  job.op === 'hash' ? argon2.hash(job.password, ARGON2_OPTIONS) : argon2.verify(job.hash, job.password);

/**
 * Hashes in a child process at the lowest priority (password-child.ts), started with the first request
 * (nothing at start-up, so cold start does not pay for it) and again after it dies. A request the
 * child had when it died is sent once more; a second loss rejects it. The child keeps nothing alive:
 * it is unref'd while idle and exits when its parent goes. When no child can be started, hashing
 * falls back to this process, with one warning.
 */
export function createPasswordHasher(
  opts: { entry?: ChildEntry; warn?: (message: string) => void } = {},
): PasswordHasher {
  const entry = opts.entry ?? childEntry();
  const warn =
    opts.warn ?? ((message: string) => process.emitWarning(message, { code: 'INKOOPORDERS_HASHING' }));
  let current: Child | undefined;
  let fallback = false;
  let nextId = 1;

  const fallBack = (reason: string) => {
    if (fallback) return;
    fallback = true;
    warn(`Wachtwoorden worden in het serverproces gehasht: ${reason}`);
  };

  /** Keeps this process alive only while the child has work: a pending hash must not be cut off. */
  const refWhileBusy = (child: Child) => {
    const busy = child.pending.size > 0;
    if (busy) {
      child.proc.ref();
      child.proc.channel?.ref();
    } else {
      child.proc.unref();
      child.proc.channel?.unref();
    }
  };

  const lost = (child: Child, why: string) => {
    if (current === child) current = undefined;
    const had = [...child.pending.values()];
    child.pending.clear();
    if (!child.ready) fallBack(`het hashproces startte niet (${why})`);
    for (const p of had) {
      if (p.retried && child.ready) {
        p.reject(new PasswordHashingError(`Het hashproces stopte tijdens het hashen (${why}).`));
      } else {
        p.retried = true;
        dispatch(p);
      }
    }
  };

  const start = (): Child | undefined => {
    if (!fs.existsSync(entry.file)) {
      fallBack(`${entry.file} ontbreekt`);
      return undefined;
    }
    let proc: ChildProcess;
    try {
      proc = fork(entry.file, [], {
        execArgv: entry.execArgv,
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
    } catch (err) {
      fallBack(String(err));
      return undefined;
    }
    const child: Child = { proc, pending: new Map(), ready: false, closing: false };
    proc.on('message', (reply: HashReply) => {
      if (reply.type === 'ready') {
        child.ready = true;
        return;
      }
      const p = child.pending.get(reply.id);
      if (!p) return;
      child.pending.delete(reply.id);
      if (reply.type === 'done') p.resolve(reply.value);
      else p.reject(new Error(reply.message));
      refWhileBusy(child);
      if (child.closing && child.pending.size === 0) proc.kill();
    });
    let gone = false;
    const onGone = (why: string) => {
      if (gone) return;
      gone = true;
      lost(child, why);
    };
    proc.on('exit', (code, signal) => onGone(signal ?? `code ${code}`));
    // Spawning failed, or a message could not be sent: this child is of no more use.
    proc.on('error', (err) => {
      onGone(err.message);
      proc.kill();
    });
    return child;
  };

  function dispatch(p: Pending) {
    if (!fallback && !current) current = start();
    const child = current;
    if (fallback || !child) {
      inProcess(p.job).then(p.resolve, p.reject);
      return;
    }
    const id = nextId++;
    child.pending.set(id, p);
    refWhileBusy(child);
    child.proc.send({ ...p.job, id } satisfies HashRequest);
  }

  const run = (job: HashJob) =>
    new Promise<string | boolean>((resolve, reject) => dispatch({ job, retried: false, resolve, reject }));

  return {
    hash: async (password) => (await run({ op: 'hash', password })) as string,
    verify: async (hash, password) => (await run({ op: 'verify', hash, password })) as boolean,
    get pid() {
      return current?.proc.pid;
    },
    async close() {
      const child = current;
      if (!child) return;
      current = undefined;
      const { proc } = child;
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      child.closing = true;
      if (child.pending.size === 0) proc.kill();
      await exited;
    },
  };
}
