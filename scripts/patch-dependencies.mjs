// Fixes in installed packages that their authors have not released yet. `npm ci` and `npm install`
// run this (package.json "postinstall"); running it again changes nothing.
//
//   node scripts/patch-dependencies.mjs
//
// Each patch names the exact version it was written for, and the exact text it replaces: another
// version, or text that is not there, stops the install with a message, so an upgrade is a moment
// to check whether the fix has landed upstream (then delete the patch) or to write it anew.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

/** Marks patched text, so a second run knows. */
export const MARK = 'inkooporders patch';

/**
 * postgres.js 3.4.9 crashes the process when PostgreSQL goes away, or keeps a connection that can
 * never connect again (upstream porsager/postgres#1066, #1154, #1208, unreleased pull
 * requests #1168, #1176, #1209):
 * - a statement sent on a connection whose socket has closed — the ROLLBACK postgres.js itself
 *   sends when a transaction failed because its connection died, a reserved connection used after
 *   its close — was buffered for a setImmediate that then wrote to a socket that is null: a
 *   TypeError thrown from a timer, which no caller can catch, and the server exited;
 * - closing a connection cancelled its pending write without forgetting it, so the connection's
 *   next start-up message was buffered behind the stale bytes and never sent: the connection hung
 *   until its connect timeout, and again at every later attempt;
 * - closing kept the statements under way (after a socket error, those sent since) and the
 *   server's error for them (57P01 "terminating connection"): the reconnected connection waited
 *   for their answers forever, or failed its first statement with that error;
 * - releasing a reservation whose connection had closed filed that connection as open: the pool
 *   then sent statement after statement to a connection without a socket;
 * - a connection that died under its first statement, postgres.js's own query for the array types,
 *   rejected that query's promise with no one to handle it: an unhandled rejection, and node exited.
 * The fix: a statement on a connection without a socket fails at once with CONNECTION_CLOSED;
 * closing fails and forgets everything under way, the pending write and the server's error; a
 * write that still finds no socket is dropped instead of thrown; a released reservation hands
 * back only a connection that is still its own; the array types' failure is handled (the statement
 * waiting for the connection fails through the connection's error path).
 */
const postgresConnection = [
  {
    before: `    if (terminated)
      return queryError(q, Errors.connection('CONNECTION_DESTROYED', options))
`,
    after: `    if (terminated)
      return queryError(q, Errors.connection('CONNECTION_DESTROYED', options))

    // ${MARK} (scripts/patch-dependencies.mjs): a transaction or a reservation still holding a
    // connection that closed. Fails at once; true, so the caller does not file it as full.
    if (!socket)
      return (queryError(q, Errors.connection('CONNECTION_CLOSED', options)), true)
`,
  },
  {
    before: `  function nextWrite(fn) {
    const x = socket.write(chunk, fn)`,
    after: `  function nextWrite(fn) {
    if (!socket) // ${MARK}: never throw from a timer
      return (chunk = nextWriteTimer = null, false)
    const x = socket.write(chunk, fn)`,
  },
  {
    // What was still under way when the connection closed fails — also after a socket error, which
    // failed what was sent until then, but not what was sent after it (the ROLLBACK of a transaction
    // that just failed) — and is forgotten, with the server's error for it. Kept, the reconnected
    // connection waited for its answer forever, or failed its first statement with that error.
    before: `    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))
`,
    after: `    ;(query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket)) // ${MARK}
    query = errorResponse = null // ${MARK}
`,
  },
  {
    // Twice: in terminate() and in closed().
    before: `    clearImmediate(nextWriteTimer)
    `,
    after: `    clearImmediate(nextWriteTimer)
    chunk = nextWriteTimer = null // ${MARK}
    `,
    count: 2,
  },
  {
    // A new connection's first statement is postgres.js's own query for the array types, whose promise
    // it drops (upstream porsager/postgres#1192, #1205, #1223). A connection that dies under that
    // query (the database stopping just as the pool connects) rejected it unhandled, and node ended the
    // process. Handled here: the statement that asked for the connection fails through the
    // connection's own error path as any other, and the next connection fetches the types again.
    before: `        return fetchArrayTypes()
`,
    after: `        return fetchArrayTypes().catch(() => {}) // ${MARK}
`,
  },
];

/** A connection no longer reserved (closed, or reconnecting for someone else) is not the reservation's to hand back. */
const postgresIndex = [
  {
    before: `    sql.release = () => {
      c.reserved = null
      onopen(c)
    }`,
    after: `    sql.release = () => {
      if (c.queue !== reserved && c.queue !== full) return // ${MARK} (scripts/patch-dependencies.mjs)
      c.reserved = null
      onopen(c)
    }`,
  },
];

/**
 * pg-boss 10.4.2 crashes the process when PostgreSQL goes away while a worker's batch ends: it
 * completes (or fails) the batch's jobs without awaiting or catching that statement, so its
 * rejection (ECONNREFUSED, CONNECTION_CLOSED) is unhandled and node exits. The fix: the rejection
 * goes to the worker's error event, as pg-boss reports its other failures; the jobs stay active and
 * pg-boss's expiry retries them once the database is back.
 */
const pgBossManager = [
  {
    before: `      try {
        const result = await resolveWithinSeconds(callback(jobs), maxExpiration)
        this.complete(name, jobIds, jobIds.length === 1 ? result : undefined)
      } catch (err) {
        this.fail(name, jobIds, err)
      }`,
    after: `      // ${MARK} (scripts/patch-dependencies.mjs): the statement's failure reported, never unhandled.
      try {
        const result = await resolveWithinSeconds(callback(jobs), maxExpiration)
        await this.complete(name, jobIds, jobIds.length === 1 ? result : undefined).catch(onError)
      } catch (err) {
        await this.fail(name, jobIds, err).catch(onError)
      }`,
  },
];

export const patches = [
  {
    name: 'postgres',
    version: '3.4.9',
    files: ['src/connection.js', 'cjs/src/connection.js', 'cf/src/connection.js'],
    replacements: postgresConnection,
  },
  {
    name: 'postgres',
    version: '3.4.9',
    files: ['src/index.js', 'cjs/src/index.js', 'cf/src/index.js'],
    replacements: postgresIndex,
  },
  { name: 'pg-boss', version: '10.4.2', files: ['src/manager.js'], replacements: pgBossManager },
];

/** The file's text with the replacements made; the same text when they already were. */
export function patchText(text, replacements, where = 'file') {
  if (text.includes(MARK)) return text;
  let out = text;
  for (const { before, after, count = 1 } of replacements) {
    const found = out.split(before).length - 1;
    if (found !== count)
      throw new Error(`${where}: expected ${count}× the text to patch, found ${found}×:\n${before}`);
    out = out.split(before).join(after);
  }
  return out;
}

export function applyPatches(nodeModules = path.join(root, 'node_modules')) {
  const applied = [];
  for (const patch of patches) {
    const dir = path.join(nodeModules, patch.name);
    if (!fs.existsSync(dir)) continue; // not installed (e.g. pruned): nothing to fix
    const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    if (version !== patch.version)
      throw new Error(
        `${patch.name} ${version} is installed; scripts/patch-dependencies.mjs has a fix for ${patch.version}. ` +
          'Check whether the new version has it, then remove or rewrite the patch.',
      );
    for (const file of patch.files) {
      const full = path.join(dir, file);
      const text = fs.readFileSync(full, 'utf8');
      const patched = patchText(text, patch.replacements, `${patch.name}/${file}`);
      if (patched !== text) {
        // A new file renamed over the old one, never written in place: node_modules may share its
        // files with other checkouts through hard links (npm's cache, worktrees), which must stay as they are.
        const tmp = `${full}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, patched);
        fs.renameSync(tmp, full);
        applied.push(`${patch.name}/${file}`);
      }
    }
  }
  return applied;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const applied = applyPatches();
  if (applied.length) console.log(`Patched: ${applied.join(', ')} (see scripts/patch-dependencies.mjs).`);
}
