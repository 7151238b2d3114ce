import { defineConfig } from 'vitest/config';

/**
 * The fault tests: the built server as a process of its own, and what it does when
 * something around it fails — PostgreSQL restarted, Chromium killed, the mail server down or
 * stalling, the process killed or stopped. They take minutes, not seconds, so `npm test` runs them
 * as a step of their own (`npm run test:faults`, scripts/test.mjs), one file at a time: each starts
 * servers, databases and browsers, and this is a 2-core machine.
 */
export default defineConfig({
  test: {
    include: ['faults/**/*.test.ts'],
    // The server bundle and a DATA_DIR after its first start, made once for all the files.
    globalSetup: ['faults/support/global-setup.ts'],
    environment: 'node',
    testTimeout: 240_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    maxWorkers: 1,
  },
});
