import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // e2e/support holds plain helpers too (dates); the Playwright specs themselves are *.spec.ts.
    // scripts/: the build steps npm start runs and the bench's pure parts.
    include: ['src/**/*.test.{ts,tsx}', 'e2e/support/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // A folder shared by the run's test processes, where the template databases are made once.
    globalSetup: ['src/test/vitest-global-setup.ts'],
    testTimeout: 30_000,
    // The first test file of a run that opens a database makes the run's template in its beforeAll
    // (src/test/template-databases.ts): twice the work of any other beforeAll.
    hookTimeout: 120_000,
    // PGlite instances and argon2 are memory- and CPU-heavy: two workers on this 2-core machine.
    maxWorkers: 2,
  },
});
