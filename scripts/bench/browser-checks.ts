/**
 * The two browser sections: first-load JS per route (Chromium via playwright-core: every JS response
 * until network idle, bodies gzip -9'd here, so the number does not depend on the server's own
 * compression) and Lighthouse (desktop preset) on /login and / (signed in through extraHeaders).
 */
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumArgs } from '../../src/server/services/pdf/printer-browser';
import type { Session } from './http-client';

export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export type FirstLoad = { route: string; signedIn: boolean; files: number; rawKb: number; gzipKb: number };

export async function measureFirstLoadJs(baseUrl: string, session: Session): Promise<FirstLoad[]> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: chromiumArgs,
  });
  try {
    const out: FirstLoad[] = [];
    for (const { route, signedIn } of [
      { route: '/login', signedIn: false },
      { route: '/', signedIn: true },
    ]) {
      const context = await browser.newContext();
      if (signedIn) await context.addCookies([{ name: 'session', value: session.token, url: baseUrl }]);
      const page = await context.newPage();
      const bodies: Promise<Buffer | null>[] = [];
      page.on('response', (res) => {
        const type = res.headers()['content-type'] ?? '';
        if (res.request().resourceType() === 'script' || /javascript/.test(type)) {
          bodies.push(res.body().catch(() => null));
        }
      });
      await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
      const files = (await Promise.all(bodies)).filter((b): b is Buffer => b !== null);
      const raw = files.reduce((n, b) => n + b.length, 0);
      const gzip = files.reduce((n, b) => n + zlib.gzipSync(b, { level: 9 }).length, 0);
      out.push({ route, signedIn, files: files.length, rawKb: raw / 1024, gzipKb: gzip / 1024 });
      await context.close();
    }
    return out;
  } finally {
    await browser.close();
  }
}

export type LighthouseScores = {
  route: string;
  signedIn: boolean;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
};

const score = (s: number | null | undefined) => (typeof s === 'number' ? Math.round(s * 100) : null);

export async function runLighthouse(baseUrl: string, session: Session): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const out: LighthouseScores[] = [];
    for (const { route, signedIn } of [
      { route: '/login', signedIn: false },
      { route: '/', signedIn: true },
    ]) {
      const result = await lighthouse(
        `${baseUrl}${route}`,
        {
          port: chrome.port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          ...(signedIn ? { extraHeaders: { Cookie: session.cookie } } : {}),
        },
        desktopConfig,
      );
      const categories = result?.lhr.categories;
      out.push({
        route,
        signedIn,
        performance: score(categories?.performance?.score),
        accessibility: score(categories?.accessibility?.score),
        bestPractices: score(categories?.['best-practices']?.score),
      });
    }
    return out;
  } finally {
    chrome.kill();
  }
}
