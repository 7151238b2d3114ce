import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isStale, needsBuild, newestMtime } from './staleness.mjs';

describe('isStale', () => {
  it('builds what was never built', () => {
    expect(isStale({ builtAt: undefined, sourcesAt: 0 })).toBe(true);
  });

  it('builds again when a source is newer than the build, not otherwise', () => {
    expect(isStale({ builtAt: 1000, sourcesAt: 1001 })).toBe(true);
    expect(isStale({ builtAt: 1000, sourcesAt: 1000 })).toBe(false);
    expect(isStale({ builtAt: 1000, sourcesAt: 999 })).toBe(false);
  });
});

describe('needsBuild', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staleness-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const touch = (file: string, seconds: number) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (!fs.existsSync(file)) fs.writeFileSync(file, '');
    fs.utimesSync(file, seconds, seconds);
  };

  it('compares the built file with the newest file anywhere under the source folders', () => {
    const built = path.join(dir, 'dist/main.js');
    const deep = path.join(dir, 'src/server/services/deep.ts');
    const other = path.join(dir, 'src/shared/a.ts');
    touch(deep, 1_000);
    touch(other, 1_000);
    const sources = [path.join(dir, 'src/server'), path.join(dir, 'src/shared'), path.join(dir, 'missing')];

    expect(needsBuild(built, sources)).toBe(true); // not built yet
    touch(built, 2_000);
    expect(needsBuild(built, sources)).toBe(false);
    expect(newestMtime(sources)).toBe(1_000_000);

    touch(deep, 3_000); // an edit deep inside a source folder
    expect(needsBuild(built, sources)).toBe(true);
    touch(built, 4_000); // built again
    expect(needsBuild(built, sources)).toBe(false);
  });
});
