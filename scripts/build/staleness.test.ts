import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildInputsFile,
  buildIsStale,
  dependencyInputs,
  isStale,
  needsBuild,
  newestMtime,
  writeBuildInputs,
} from './staleness.mjs';

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

describe('the installed packages as an input of both builds', () => {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), 'staleness-deps-'));
  afterAll(() => fs.rmSync(project, { recursive: true, force: true }));
  const at = (file: string) => path.join(project, file);
  const write = (file: string, text: string, seconds = 1_000) => {
    fs.mkdirSync(path.dirname(at(file)), { recursive: true });
    fs.writeFileSync(at(file), text);
    fs.utimesSync(at(file), seconds, seconds);
  };
  /** package-lock.json and npm's record of what it installed, with these versions. */
  const install = (versions: { zod: string; vite?: string }, lockSeconds = 1_000) => {
    const packages: Record<string, object> = {
      'node_modules/zod': { version: versions.zod, integrity: `sha512-zod-${versions.zod}` },
    };
    if (versions.vite)
      packages['node_modules/vite'] = {
        version: versions.vite,
        integrity: `sha512-vite-${versions.vite}`,
        dev: true,
      };
    write(
      'package-lock.json',
      JSON.stringify({ lockfileVersion: 3, packages: { '': {}, ...packages } }),
      lockSeconds,
    );
    write('node_modules/.package-lock.json', JSON.stringify({ lockfileVersion: 3, packages }), lockSeconds);
  };
  const outDir = at('dist/server');
  const build = { builtFile: path.join(outDir, 'main.js'), sources: [at('src')], outDir };
  const stale = () => buildIsStale({ ...build, inputs: dependencyInputs(project) });
  /** A build made now from what is installed now (as start.mjs does it), newer than every source. */
  const buildNow = () => {
    write('dist/server/main.js', '// built', 5_000);
    writeBuildInputs(outDir, dependencyInputs(project));
  };

  it('an npm ci with new versions makes a build from before it stale, though no file of the build is older', () => {
    write('src/main.ts', 'export {};');
    install({ zod: '4.6.7', vite: '8.3.8' });
    buildNow();
    expect(stale()).toBe(false);

    // A pull brings the new lockfile; npm ci installs it. Both are older than the build by their mtimes.
    install({ zod: '4.7.0', vite: '8.3.8' }, 2_000);
    expect(needsBuild(build.builtFile, build.sources)).toBe(false);
    expect(stale()).toBe(true);
    buildNow();
    expect(stale()).toBe(false);
  });

  it('built between a pull and the npm ci: the lockfile was new, the packages still old', () => {
    install({ zod: '4.6.7', vite: '8.3.8' });
    write('package-lock.json', fs.readFileSync(at('package-lock.json'), 'utf8').replaceAll('4.6.7', '4.7.0'));
    buildNow();
    expect(stale()).toBe(false);
    install({ zod: '4.7.0', vite: '8.3.8' }); // the npm ci
    expect(stale()).toBe(true);
  });

  it('a build tool upgraded counts; the build tools pruned away (npm prune --omit=dev) do not', () => {
    install({ zod: '4.7.0', vite: '8.3.8' });
    buildNow();
    install({ zod: '4.7.0', vite: '8.4.0' });
    expect(stale()).toBe(true);
    buildNow();
    // What the Dockerfile does after building: the dev packages leave node_modules, not the lockfile.
    const lock = fs.readFileSync(at('package-lock.json'), 'utf8');
    install({ zod: '4.7.0' });
    write('package-lock.json', lock);
    expect(stale()).toBe(false);
  });

  it('a build without recorded inputs (made before they were kept) is made again', () => {
    install({ zod: '4.7.0', vite: '8.4.0' });
    buildNow();
    fs.rmSync(buildInputsFile(outDir));
    expect(stale()).toBe(true);
  });
});
