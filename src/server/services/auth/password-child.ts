/**
 * The password-hashing child (forked by password-hasher.ts; built as dist/server/password-child.js).
 * It runs at the lowest priority so argon2 only gets the CPU the server and Postgres leave over: in
 * the server's own libuv pool it competed with them as an equal and raised every other call's p99
 * during many logins at once (docs/decisions/password-hashing.md).
 */
import fs from 'node:fs';
import os from 'node:os';
import argon2 from 'argon2';
import { ARGON2_OPTIONS } from './argon2-options';
import { HASHING_NICE, type HashReply, type HashRequest } from './password-protocol';

/**
 * On Linux a nice value belongs to a thread, not the process: setpriority(pid) lowers only the main
 * thread, and threads started before it (V8's helpers, libuv's pool if the loader already used it)
 * keep priority 0. Every thread is lowered here, before the first hash; threads started later
 * inherit the value from the thread that starts them.
 */
function lowerPriority() {
  os.setPriority(HASHING_NICE);
  let threads: string[] = [];
  try {
    threads = fs.readdirSync('/proc/self/task');
  } catch {
    return; // not Linux: setpriority applies to the whole process there
  }
  for (const tid of threads) {
    try {
      os.setPriority(Number(tid), HASHING_NICE);
    } catch {} // a thread that ended meanwhile
  }
}

function send(reply: HashReply) {
  process.send?.(reply);
}

async function answer(req: HashRequest) {
  try {
    const value =
      req.op === 'hash'
        ? await argon2.hash(req.password, ARGON2_OPTIONS)
        : await argon2.verify(req.hash, req.password);
    send({ type: 'done', id: req.id, value });
  } catch (err) {
    send({ type: 'failed', id: req.id, message: err instanceof Error ? err.message : String(err) });
  }
}

lowerPriority();
process.on('message', (req: HashRequest) => void answer(req));
// The server went away (closed, crashed or killed): nothing left to hash for.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
