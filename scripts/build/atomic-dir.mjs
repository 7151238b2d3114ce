// Builds land in a fresh folder beside the target and are then renamed into place, so a server
// starting (or a parallel test run checking staleness) never sees half a build.
import fs from 'node:fs';
import path from 'node:path';

/** A new empty folder next to `target`, on the same file system so rename() is atomic. */
export function tempDirBeside(target) {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const dir = fs.mkdtempSync(`${target}.tmp-`);
  // mkdtemp makes it private (0700); a build is as readable as any other.
  fs.chmodSync(dir, 0o755);
  return dir;
}

/**
 * Puts the finished build `built` at `target`. The old build is moved aside first (rename() cannot
 * replace a non-empty folder) and removed after. When another process placed its build at the same
 * moment, its build stays and ours is dropped: both come from the same sources.
 */
export function replaceDir(built, target) {
  const old = `${target}.old-${process.pid}-${Date.now()}`;
  let movedOld = false;
  try {
    fs.renameSync(target, old);
    movedOld = true;
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
  }
  try {
    fs.renameSync(built, target);
  } catch (err) {
    if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
    fs.rmSync(built, { recursive: true, force: true });
  }
  if (movedOld) fs.rmSync(old, { recursive: true, force: true });
}
