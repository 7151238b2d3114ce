// When `npm start` must build again: a build is stale when it is missing or any of its sources is
// newer than it. Shared by start.mjs (client and server) and the tests.
import fs from 'node:fs';
import path from 'node:path';

/**
 * The decision itself, pure: `builtAt` is the build's mtime (undefined: not built), `sourcesAt` the
 * newest mtime among its sources.
 * @param {{ builtAt: number | undefined, sourcesAt: number }} times
 */
export function isStale({ builtAt, sourcesAt }) {
  return builtAt === undefined || sourcesAt > builtAt;
}

/** The newest mtime of the files and folder trees given (missing ones count as 0). */
export function newestMtime(paths) {
  let newest = 0;
  for (const p of paths) {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      continue;
    }
    if (!stat.isDirectory()) {
      newest = Math.max(newest, stat.mtimeMs);
      continue;
    }
    const children = fs.readdirSync(p).map((name) => path.join(p, name));
    newest = Math.max(newest, newestMtime(children));
  }
  return newest;
}

/** The mtime of a built file, undefined when it is not there. */
export function builtMtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Whether `builtFile` is missing or older than any of `sources` (files or folders). */
export function needsBuild(builtFile, sources) {
  return isStale({ builtAt: builtMtime(builtFile), sourcesAt: newestMtime(sources) });
}
