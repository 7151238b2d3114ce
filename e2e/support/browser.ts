import fs from 'node:fs';

/**
 * The browser the tests and the screenshot script drive: CHROMIUM_PATH when set, else Debian's
 * headless shell (package chromium-headless-shell, what Playwright itself runs headless) when
 * installed, else Chromium. The shell draws the same pages with much less CPU than the full browser
 * in headless mode, and on two cores the end-to-end tests wait mostly on the browser's CPU
 * (docs/decisions/test-suite.md). The flags keep Chromium off the network it cannot reach here.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const testBrowserPath =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export const chromiumLaunchOptions = {
  executablePath: testBrowserPath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
