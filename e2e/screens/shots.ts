/**
 * Screenshots of the UI kit and the app shell, for looking at by eye (not a test).
 *   node --import tsx e2e/screens/shots.ts
 * Env: BASE_URL (default http://localhost:3456), SHOTS_DIR (default /tmp/shots),
 *      SHOTS_EMAIL / SHOTS_PASSWORD: a verified account for the shell shots (skipped without).
 */
import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../support/browser';
import { DESKTOP, deviceOptions, horizontalOverflow, PHONE, type Theme } from '../support/screens';

const BASE = process.env.BASE_URL ?? 'http://localhost:3456';
const OUT = process.env.SHOTS_DIR ?? '/tmp/shots';
const EMAIL = process.env.SHOTS_EMAIL;
const PASSWORD = process.env.SHOTS_PASSWORD;
const ONLY = process.env.SHOTS_ONLY;

const VIEWPORTS = { desktop: DESKTOP, mobile: PHONE } as const;
type ViewportName = keyof typeof VIEWPORTS;

async function newContext(browser: Browser, viewport: ViewportName, theme: Theme): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...deviceOptions(VIEWPORTS[viewport]),
    colorScheme: theme,
    locale: 'nl-NL',
  });
  return context;
}

async function login(context: BrowserContext) {
  if (!EMAIL || !PASSWORD) return false;
  const res = await context.request.post(`${BASE}/api/auth/login`, {
    data: { email: EMAIL, password: PASSWORD, rememberMe: true },
  });
  return res.ok();
}

const overflows: string[] = [];

async function shot(page: Page, name: string, fullPage = false) {
  await page.waitForTimeout(350);
  const wide = await horizontalOverflow(page);
  if (wide > 0) overflows.push(`${name}: page is ${wide}px wider than the viewport`);
  await page.screenshot({ path: `${OUT}/${name}.png`, fullPage });
  console.log(`${OUT}/${name}.png`);
}

const want = (name: string) => !ONLY || name.includes(ONLY);

async function run() {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch(chromiumLaunchOptions);

  const errors: string[] = [];
  try {
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      for (const theme of ['light', 'dark'] as Theme[]) {
        const tag = `${viewport}-${theme}`;
        const context = await newContext(browser, viewport, theme);
        const page = await context.newPage();
        page.on('pageerror', (err) => errors.push(`${tag}: ${err.message}`));
        page.on('console', (msg) => {
          const text = msg.text();
          // The fallback demo throws on purpose (a logged-out load no longer logs a 401).
          if (text.includes('Kan ordergegevens niet laden')) return;
          if (msg.type() === 'error') errors.push(`${tag} console: ${text}`);
        });

        if (want('ui-components')) {
          await page.goto(`${BASE}/ui-components`);
          await page.getByRole('heading', { name: 'UI-componenten' }).waitFor();
          await shot(page, `ui-components-${tag}`, true);
          await page.getByRole('button', { name: 'Nieuwe klant' }).click();
          await shot(page, `ui-modal-${tag}`);
          await page.keyboard.press('Escape');
          await page.getByRole('button', { name: 'Klant verwijderen' }).click();
          await shot(page, `ui-confirm-${tag}`);
          await page.keyboard.press('Escape');
          await page.getByRole('button', { name: 'Toast: succes' }).click();
          await page.getByRole('button', { name: 'Toast: fout' }).click();
          await shot(page, `ui-toasts-${tag}`);
          await page.getByRole('button', { name: 'Fout simuleren' }).click();
          await page.getByText('Something went wrong').scrollIntoViewIfNeeded();
          await shot(page, `ui-fallback-${tag}`);
        }

        if (want('login')) {
          await page.goto(`${BASE}/login`);
          await page.getByRole('heading').first().waitFor();
          await shot(page, `login-${tag}`);
        }

        if (await login(context)) {
          if (want('dashboard')) {
            await page.goto(`${BASE}/`);
            await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
            await shot(page, `shell-dashboard-${tag}`);
          }
          if (viewport === 'desktop' && want('usermenu')) {
            await page
              .getByRole('button', { name: /Sanne|Gebruiker/ })
              .first()
              .click();
            await shot(page, `shell-usermenu-${tag}`);
            await page.keyboard.press('Escape');
          }
          if (viewport === 'mobile' && want('drawer')) {
            await page.getByRole('button', { name: 'Menu openen' }).click();
            await shot(page, `shell-drawer-${tag}`);
            await page.keyboard.press('Escape');
          }
          if (want('edit')) {
            await page.goto(`${BASE}/inkooporders/abc/edit`);
            await page.getByRole('heading', { name: 'Inkooporder bewerken' }).waitFor();
            await shot(page, `shell-edit-${tag}`);
          }
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  for (const o of overflows) console.log(`OVERFLOW ${o}`);
  if (errors.length) {
    console.log('\nErrors seen in the browser:');
    for (const e of errors) console.log(`  ${e}`);
  }
}

run().catch((err) => {
  console.error(err);
  process.exit(1);
});
