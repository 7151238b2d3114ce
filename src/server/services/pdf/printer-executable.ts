import fs from 'node:fs';
import { createRequire } from 'node:module';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export type ChromiumLookup =
  | { path: string; source: 'CHROMIUM_PATH' | 'playwright' | 'system'; problem?: undefined }
  | { path: null; problem: string };

const isExecutable = (file: string) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

const require = createRequire(import.meta.url);

/**
 * Where Playwright would keep its own download of Chromium; it throws when it has no entry for this OS.
 * playwright-core is loaded here, on demand, not at start-up: importing it is about a third of the
 * server's cold start (docs/decisions/start-up.md), and most starts print no PDF soon.
 */
export function playwrightChromium(): string | null {
  try {
    const { chromium } = require('playwright-core') as typeof import('playwright-core');
    return chromium.executablePath() || null;
  } catch {
    return null;
  }
}

const options = `set CHROMIUM_PATH to a Chromium executable, install Playwright's browser (npx playwright install chromium) or install ${SYSTEM_CHROMIUM} (apt-get install chromium)`;

/**
 * The run contract: CHROMIUM_PATH when set (and then only that: a wrong path is a mistake to report,
 * not a reason to print with another browser), else Playwright's own browser if installed, else the
 * system's. `problem` is the start-up log line when none is found.
 */
export function findChromium(
  configured: string | undefined,
  candidates: { playwright: string | null | (() => string | null); system: string } = {
    playwright: playwrightChromium,
    system: SYSTEM_CHROMIUM,
  },
): ChromiumLookup {
  if (configured) {
    if (isExecutable(configured)) return { path: configured, source: 'CHROMIUM_PATH' };
    return {
      path: null,
      problem: `PDFs are off: CHROMIUM_PATH=${configured} is not an executable file; ${options}. The app keeps running; PDF requests get 503.`,
    };
  }
  // Asked only now: with CHROMIUM_PATH set, Playwright is not even loaded.
  const playwright =
    typeof candidates.playwright === 'function' ? candidates.playwright() : candidates.playwright;
  if (playwright && isExecutable(playwright)) return { path: playwright, source: 'playwright' };
  if (isExecutable(candidates.system)) return { path: candidates.system, source: 'system' };
  return {
    path: null,
    problem: `PDFs are off: no Chromium found; ${options}. The app keeps running; PDF requests get 503.`,
  };
}
