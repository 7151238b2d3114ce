/**
 * Quick behaviour checks of the kit and the shell in a real browser (guards, focus, keyboard,
 * hide-on-scroll, toasts, theme, error fallback, logout). Prints PASS/FAIL per check.
 *   node --import tsx e2e/screens/behaviour.ts
 * Env: BASE_URL (default http://localhost:3456), SHOTS_EMAIL / SHOTS_PASSWORD (a verified account).
 */
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { DESKTOP, deviceOptions, PHONE } from '../support/screens';

const BASE = process.env.BASE_URL ?? 'http://localhost:3456';
const EMAIL = process.env.SHOTS_EMAIL ?? '';
const PASSWORD = process.env.SHOTS_PASSWORD ?? '';
let failures = 0;

function check(name: string, ok: boolean, detail = '') {
  if (!ok) failures++;
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
}

async function login(context: BrowserContext) {
  const res = await context.request.post(`${BASE}/api/auth/login`, {
    data: { email: EMAIL, password: PASSWORD, rememberMe: true },
  });
  if (!res.ok()) throw new Error(`login failed: ${res.status()}`);
}

const path = (page: Page) => new URL(page.url()).pathname;
const activeInside = (page: Page, selector: string) =>
  page.evaluate((sel) => Boolean(document.querySelector(sel)?.contains(document.activeElement)), selector);
const activeName = (page: Page) =>
  page.evaluate(
    () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '',
  );

async function tabStaysInside(page: Page, selector: string, presses = 25) {
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    if (!(await activeInside(page, selector))) return false;
  }
  return true;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});

try {
  // ---- Guards, anonymous ----
  {
    const context = await browser.newContext(deviceOptions(DESKTOP));
    const page = await context.newPage();
    await page.goto(`${BASE}/klanten`);
    await page.waitForURL('**/login');
    check('anonymous /klanten → /login', path(page) === '/login');
    await page.goto(`${BASE}/bestaat-niet`);
    await page.waitForURL('**/login');
    check('anonymous unknown path → /login', path(page) === '/login');
    await page.goto(`${BASE}/ui-components`);
    await page.getByRole('heading', { name: 'UI-componenten' }).waitFor();
    check('anonymous /ui-components stays open', path(page) === '/ui-components');

    // Modal focus trap, Escape, focus return
    const opener = page.getByRole('button', { name: 'Nieuwe klant' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Nieuwe klant' });
    await dialog.waitFor();
    check(
      'modal: initial focus on data-autofocus field',
      (await activeName(page)) === '' && (await activeInside(page, '[role="dialog"]')),
    );
    check('modal: Tab stays inside', await tabStaysInside(page, '[role="dialog"]'));
    check(
      'modal: page behind is inert',
      await page.evaluate(() => document.getElementById('root')?.hasAttribute('inert') ?? false),
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    check('modal: Escape closes, focus returns', (await activeName(page)).includes('Nieuwe klant'));
    check(
      'modal: inert removed',
      !(await page.evaluate(() => document.getElementById('root')?.hasAttribute('inert'))),
    );

    // Confirm: focus on the safe choice
    await page.getByRole('button', { name: 'Klant verwijderen' }).click();
    await page.getByRole('alertdialog').waitFor();
    check('confirm: focus on Annuleren', (await activeName(page)).trim() === 'Annuleren');
    const confirmButton = page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Verwijderen', exact: true });
    await confirmButton.click();
    check('confirm: busy while running', (await confirmButton.getAttribute('aria-busy')) === 'true');
    await page.keyboard.press('Escape');
    check('confirm: Escape ignored while busy', await page.getByRole('alertdialog').isVisible());
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await page.getByText('Klant is verwijderd').waitFor();
    check('toast shown after confirm', true);
    const t0 = Date.now();
    await page.getByText('Klant is verwijderd').waitFor({ state: 'detached', timeout: 8000 });
    const closedAfter = Date.now() - t0;
    check('toast auto-closes after ~5 s', closedAfter > 3500 && closedAfter < 6500, `${closedAfter} ms`);

    // Tabs: arrow keys
    await page.getByRole('tab', { name: 'Bedrijfsprofiel' }).focus();
    await page.keyboard.press('ArrowRight');
    check(
      'tabs: ArrowRight selects next',
      (await page.getByRole('tab', { name: 'Financiële gegevens' }).getAttribute('aria-selected')) === 'true',
    );
    check(
      'tabs: panel follows',
      await page.getByRole('tabpanel').first().getByText('KVK, BTW-nummer').isVisible(),
    );
    await page.keyboard.press('End');
    check(
      'tabs: End selects last',
      (await page.getByRole('tab', { name: 'Beveiliging' }).getAttribute('aria-selected')) === 'true',
    );

    // Password toggle and field wiring
    const pw = page.getByLabel('Wachtwoord', { exact: true });
    check('password: type password', (await pw.getAttribute('type')) === 'password');
    await page.getByRole('button', { name: 'Wachtwoord tonen' }).first().click();
    check('password: shown as text', (await pw.getAttribute('type')) === 'text');
    check(
      'password: label flips',
      await page.getByRole('button', { name: 'Wachtwoord verbergen' }).first().isVisible(),
    );
    const email = page.getByLabel('E-mailadres');
    const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
    const describedText = await page.evaluate(
      (ids) =>
        ids
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      describedBy,
    );
    check(
      'field: aria-invalid + describedby error',
      (await email.getAttribute('aria-invalid')) === 'true' &&
        describedText.includes('Voer een geldig e-mailadres in'),
    );

    // Toggle via keyboard
    const sw = page.getByRole('switch', { name: 'PDF meesturen' });
    await sw.focus();
    await page.keyboard.press('Space');
    check('toggle: Space switches', (await sw.getAttribute('aria-checked')) === 'true');

    // Error fallback demo
    await page.getByRole('button', { name: 'Fout simuleren' }).click();
    check('fallback: Something went wrong', await page.getByText('Something went wrong').isVisible());
    check('fallback: shows message', await page.getByText('Kan ordergegevens niet laden.').isVisible());
    await page.getByRole('button', { name: 'Try again' }).click();
    check(
      'fallback: Try again resets',
      await page.getByRole('button', { name: 'Fout simuleren' }).isVisible(),
    );
    await context.close();
  }

  // ---- Logged in, desktop ----
  {
    const context = await browser.newContext({
      ...deviceOptions(DESKTOP),
      colorScheme: 'light',
    });
    await login(context);
    const page = await context.newPage();
    // A deep link in a fresh tab (session cookie, nothing in localStorage) must not bounce via /login.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => visited.push(new URL(frame.url()).pathname));
    await page.goto(`${BASE}/email-templates`);
    await page.getByRole('heading', { name: 'Email Templates' }).waitFor();
    check('deep link with session stays put', !visited.includes('/login'), visited.join(' → '));
    await page.goto(`${BASE}/login`);
    await page.waitForURL(`${BASE}/`);
    check('logged in /login → /', path(page) === '/');
    await page.goto(`${BASE}/nergens`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    check('logged in unknown → /', path(page) === '/');
    await page.goto(`${BASE}/inkooporders/42/edit`);
    await page.getByRole('heading', { name: 'Inkooporder bewerken' }).waitFor();
    check(
      'edit route marks Inkooporders current',
      (await page.getByRole('link', { name: 'Inkooporders' }).getAttribute('aria-current')) === 'page',
    );
    check(
      'document title',
      (await page.title()) === 'Inkooporder bewerken · Inkooporders',
      await page.title(),
    );
    await page.getByRole('link', { name: 'Klanten' }).click();
    await page.getByRole('heading', { name: 'Klanten' }).waitFor();
    check('sidebar link navigates', path(page) === '/klanten');
    check('sidebar: Ingelogd als', await page.getByText('Ingelogd als').isVisible());

    // User menu keyboard + theme
    const menuButton = page.getByRole('button', { name: /Sanne/ });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    check('user menu: first item focused', (await activeName(page)).includes('Bedrijfsinstellingen'));
    await page.keyboard.press('ArrowDown');
    check('user menu: ArrowDown moves', (await activeName(page)).includes('Licht'));
    await page.keyboard.press('Escape');
    check(
      'user menu: Escape closes, focus back',
      (await page.getByRole('menu').count()) === 0 && (await activeName(page)).includes('Sanne'),
    );
    await menuButton.click();
    await page.getByRole('menuitemradio', { name: 'Donker' }).click();
    check(
      'theme: Donker applies',
      (await page.evaluate(() => document.documentElement.dataset.theme)) === 'dark',
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Klanten' }).waitFor();
    check(
      'theme: kept after reload',
      (await page.evaluate(() => document.documentElement.dataset.theme)) === 'dark',
    );
    await page.evaluate(() => localStorage.setItem('theme', 'system'));
    await context.close();
  }

  // ---- Logged in, mobile ----
  {
    const context = await browser.newContext(deviceOptions(PHONE));
    await login(context);
    const page = await context.newPage();
    await page.goto(`${BASE}/`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    check('mobile: bottom bar', await page.getByRole('navigation', { name: 'Snelmenu' }).isVisible());
    check('mobile: no sidebar', (await page.locator('.shell-sidebar').count()) === 0);
    // Make the page tall enough to scroll.
    await page.evaluate(() => {
      const filler = document.createElement('div');
      filler.style.height = '3000px';
      document.getElementById('main')?.appendChild(filler);
    });
    const bar = page.locator('.shell-topbar-mobile');
    await page.evaluate(() => window.scrollTo(0, 40));
    await page.waitForTimeout(150);
    check('top bar stays within 50 px', !(await bar.getAttribute('class'))?.includes('is-hidden'));
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.waitForTimeout(150);
    check('top bar hides scrolling down', (await bar.getAttribute('class'))?.includes('is-hidden') ?? false);
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForTimeout(150);
    check('top bar shows scrolling up', !(await bar.getAttribute('class'))?.includes('is-hidden'));

    const burger = page.getByRole('button', { name: 'Menu openen' });
    await burger.focus();
    await page.keyboard.press('Enter');
    await page.waitForTimeout(350);
    check('drawer: open, focus inside', await activeInside(page, '.shell-drawer__panel'));
    check('drawer: Tab stays inside', await tabStaysInside(page, '.shell-drawer__panel'));
    await page.keyboard.press('Escape');
    await page.waitForTimeout(350);
    check('drawer: Escape closes, focus back', (await activeName(page)) === 'Menu openen');
    await burger.click();
    await page.locator('.shell-drawer').getByRole('link', { name: 'Email Templates' }).click();
    await page.getByRole('heading', { name: 'Email Templates' }).waitFor();
    await page.waitForTimeout(350);
    check(
      'drawer: link navigates and closes',
      !(await page.locator('.shell-drawer').getAttribute('class'))?.includes('is-open'),
    );
    await page
      .getByRole('navigation', { name: 'Snelmenu' })
      .getByRole('link', { name: 'Instellingen' })
      .click();
    await page.getByRole('heading', { name: 'Bedrijfsinstellingen' }).waitFor();
    check('bottom bar navigates', path(page) === '/bedrijfsinstellingen');

    // Logout
    await burger.click();
    await page.locator('.shell-drawer').getByRole('button', { name: 'Uitloggen' }).click();
    await page.waitForURL('**/login');
    check('logout → /login', path(page) === '/login');
    await page.goto(`${BASE}/`);
    await page.waitForURL('**/login');
    check('after logout, / → /login', path(page) === '/login');
    await context.close();
  }

  // ---- Logout that fails on the server ----
  {
    const context = await browser.newContext(deviceOptions(DESKTOP));
    await login(context);
    const page = await context.newPage();
    await page.goto(`${BASE}/`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.route('**/trpc/auth.logout**', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.locator('.shell-sidebar').getByRole('button', { name: 'Uitloggen' }).click();
    await page.waitForURL('**/login');
    check(
      'logout failure: message shown',
      await page.getByText('Er is een fout opgetreden bij het uitloggen.').isVisible(),
    );
    await context.close();
  }
} finally {
  await browser.close();
}
console.log(failures ? `\n${failures} check(s) failed` : '\nall checks passed');
process.exit(failures ? 1 : 0);
