import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/support/browser';

/**
 * End-to-end tests drive the built app in Debian's Chromium (Playwright cannot download browsers
 * here). The web server runs on the embedded database in a fresh folder per run.
 */
const port = Number(process.env.E2E_PORT ?? 3999);
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'inkooporders-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'e2e-artifacts/results',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'e2e-artifacts/report.json' }]],
  use: {
    // A click or fill that cannot happen fails within this, rather than waiting out the test's own
    // (longer) timeout with a worker standing idle.
    actionTimeout: 30_000,
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunchOptions,
    // The app's reduced-motion styles (every animation and transition ends at once): nothing the
    // tests assert is in an animation, and the browser draws no frames of one, which on two cores
    // is CPU the rest of the suite waits for (docs/decisions/test-suite.md).
    reducedMotion: 'reduce',
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: process.env.E2E_DATA_DIR,
      // The journeys register several users from one address; the limit itself is tested in integration.
      RATE_LIMIT_AUTH: '1000',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The webhook journey delivers to a receiver on loopback.
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // Its own build, so parallel runs and manual builds never swap assets under a running server.
      CLIENT_DIST_DIR: `dist/e2e-${port}`,
      SERVER_DIST_DIR: `dist/e2e-server-${port}`,
    },
  },
});
