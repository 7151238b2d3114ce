import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// e2e/support holds plain helpers too (dates); the Playwright specs themselves are *.spec.ts.
// scripts/: the build steps npm start runs and the bench's pure parts.
const roots = ['src', 'e2e/support', 'scripts'];
const include = ['src/**/*.test.{ts,tsx}', 'e2e/support/**/*.test.ts', 'scripts/**/*.test.ts'];

/**
 * Test files that replace modules, globals, the environment or the clock of their process. They run
 * each in a process of its own; every other file shares its worker's loaded modules with the files
 * before it (the app, drizzle, PGlite, Chromium's printer are loaded once per worker, not once per
 * file). A file found here needs no list to keep: the scan finds it.
 */
const REPLACES_ITS_PROCESS =
  /\bvi\.(mock|doMock|resetModules|stubGlobal|stubEnv|useFakeTimers|setSystemTime|spyOn)\(/;

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    if (!entry.isFile() || !/\.test\.tsx?$/.test(entry.name)) return [];
    const file = path.join(entry.parentPath, entry.name);
    return file.includes('node_modules') ? [] : [file];
  });
}

export const ownProcessFiles = roots
  .flatMap(testFiles)
  .filter((file) => REPLACES_ITS_PROCESS.test(fs.readFileSync(file, 'utf8')))
  .map((file) => file.split(path.sep).join('/'));

/**
 * Globs a run leaves out, comma-separated in TEST_EXCLUDE (scripts/test.mjs: the PGlite pass leaves
 * out the tests that need a real PostgreSQL). Vitest's own `--exclude` does not reach projects that
 * set their own `exclude`, as both of these do.
 */
const excludedByRun = (process.env.TEST_EXCLUDE ?? '').split(',').filter(Boolean);

export default defineConfig({
  test: {
    environment: 'node',
    // A folder shared by the run's test processes, where the template databases are made once.
    globalSetup: ['src/test/vitest-global-setup.ts'],
    testTimeout: 30_000,
    // The first test file of a run that opens a database makes the run's template in its beforeAll
    // (src/test/template-databases.ts): twice the work of any other beforeAll.
    hookTimeout: 120_000,
    // PGlite instances and argon2 are memory- and CPU-heavy: two workers on this 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'shared', include, exclude: [...ownProcessFiles, ...excludedByRun], isolate: false },
      },
      {
        extends: true,
        test: { name: 'own-process', include: ownProcessFiles, exclude: excludedByRun, isolate: true },
      },
    ],
  },
});
