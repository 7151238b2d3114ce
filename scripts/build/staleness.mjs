// When `npm start` must build again: a build is stale when it is missing, when any of its sources is
// newer than it, or when it was made from other packages than the ones installed now (the bundles
// carry drizzle, zod, tRPC, React… inside them). Shared by start.mjs (client and server) and the tests.
import { createHash } from 'node:crypto';
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

/**
 * What a build takes from the installed packages: the lockfile, and what npm actually installed
 * (node_modules/.package-lock.json, which npm rewrites on every install) — a build made before an
 * `npm ci` brought new versions has the old ones inside it. The packages only a build needs (dev
 * dependencies: Vite, its plugins) count while they are installed: `npm prune --omit=dev` after
 * building, as the Dockerfile does, removes them and leaves the builds as current as they were.
 * @param {string} root the project folder
 */
export function dependencyInputs(root) {
  const sha = (data) => createHash('sha256').update(data).digest('hex');
  const read = (file) => {
    try {
      return fs.readFileSync(path.join(root, file));
    } catch {
      return null;
    }
  };
  const lockfile = read('package-lock.json');
  let installed = {};
  try {
    installed = JSON.parse(String(read('node_modules/.package-lock.json'))).packages ?? {};
  } catch {}
  const entries = (dev) =>
    Object.entries(installed)
      .filter(([, pkg]) => Boolean(pkg.dev) === dev)
      .map(([where, pkg]) => `${where}@${pkg.version ?? ''}#${pkg.integrity ?? pkg.resolved ?? ''}`)
      .sort()
      .join('\n');
  const tools = entries(true);
  return {
    lockfile: lockfile ? sha(lockfile) : null,
    packages: sha(entries(false)),
    tools: tools ? sha(tools) : null,
  };
}

/**
 * Whether packages as they are now (`now`) differ from those a build was made from (`built`;
 * undefined: not known, as for a build made before this was recorded).
 */
export function dependenciesChanged(built, now) {
  if (!built) return true;
  return (
    built.lockfile !== now.lockfile ||
    built.packages !== now.packages ||
    (now.tools !== null && built.tools !== now.tools)
  );
}

/**
 * Where a build's dependency inputs are kept: beside its folder, not in it (the client's folder is
 * served as it is). Written after the build is in place, so a build never claims newer inputs than
 * it was made from.
 */
export const buildInputsFile = (outDir) => `${outDir}.inputs.json`;

export function writeBuildInputs(outDir, inputs) {
  const file = buildInputsFile(outDir);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(inputs)}\n`);
  fs.renameSync(tmp, file);
}

export function readBuildInputs(outDir) {
  try {
    return JSON.parse(fs.readFileSync(buildInputsFile(outDir), 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Whether the build in `outDir` (its mtime that of `builtFile`) must be made again: missing, older
 * than a source, or made from other packages than `inputs` (dependencyInputs of the project).
 */
export function buildIsStale({ builtFile, sources, outDir, inputs }) {
  return needsBuild(builtFile, sources) || dependenciesChanged(readBuildInputs(outDir), inputs);
}
