import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signUpAndLogin } from './support/auth';
import { createCustomer, createOrder } from './support/orders';
import { DESKTOP, devicePage, PHONE, type Theme, type Viewport } from './support/screens';

/**
 * axe-core on every screen, in both themes, on a desktop and a phone: no serious or
 * critical violation of WCAG 2.1 A/AA or axe's best practices. Screens with data in them (a customer,
 * an order), since an empty table hides most of what can go wrong.
 *
 * A theme only changes colours (the same markup under another `data-theme`), so each screen is checked
 * with every rule in the light theme and then, switched to dark in place the way the app follows a
 * choice made in another tab, with the rules that look at colour; the phone has markup of its own (the
 * bottom bar, the menu), so both sizes run in both themes.
 */

const PUBLIC_SCREENS = ['/login', '/register', '/forgot-password'];
const SIGNED_IN_SCREENS = [
  '/',
  '/inkooporders',
  '/nieuwe-order',
  '/klanten',
  '/bedrijfsinstellingen#profiel',
  '/bedrijfsinstellingen#financieel',
  '/bedrijfsinstellingen#documenten',
  '/bedrijfsinstellingen#beveiliging',
  '/bedrijfsinstellingen#team',
  '/email-templates',
];

/** The axe rules whose outcome depends on colours: all the dark theme can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function seriousViolations(page: Page, theme: Theme): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  const { violations } = await (theme === 'dark'
    ? axe.withRules(COLOUR_RULES)
    : axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
  ).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The theme as the app takes a choice made in another tab (its `storage` listener); resolved once the
 * page shows it with its colours settled.
 */
async function switchTheme(page: Page, theme: Theme) {
  await page.evaluate((value) => {
    localStorage.setItem('theme', value);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: value }));
  }, theme);
  await expect(page.locator(`html[data-theme="${theme}"]:not(.theme-switching)`)).toHaveCount(1);
}

async function check(page: Page, path: string, found: string[]) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main, form').first()).toBeVisible();
  // Each screen opens light (devicePage stores the theme before every navigation), then turns dark.
  for (const theme of themes) {
    await switchTheme(page, theme);
    for (const v of await seriousViolations(page, theme)) found.push(`${path} (${theme}): ${v}`);
  }
}

const sizes: [string, Viewport][] = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
];
const themes: Theme[] = ['light', 'dark'];

// The two sizes are tests of their own, so that the workers share them out.
test.describe.configure({ mode: 'parallel' });

for (const [size, viewport] of sizes) {
  test(`no serious or critical axe violation on any screen, light and dark: ${size}`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    await signUpAndLogin(page, page.request, { company: 'Toegankelijk BV' });
    const customer = await createCustomer(page.request, {
      name: 'Petra Jansen',
      company: 'Jansen Bouw B.V.',
      email: 'petra@jansenbouw.nl',
    });
    await createOrder(page.request, {
      customer,
      date: new Date(),
      project: 'Verbouwing kantoor',
      status: 'sent',
      items: [{ description: 'Bureaustoel', quantity: 2, price: 100, vat: 21 }],
    });

    const found: string[] = [];
    const signedIn = await devicePage(browser, viewport, { from: page.context(), theme: 'light' });
    const signedOut = await devicePage(browser, viewport, { theme: 'light' });
    for (const path of PUBLIC_SCREENS) await check(signedOut, path, found);
    for (const path of SIGNED_IN_SCREENS) await check(signedIn, path, found);
    await signedIn.context().close();
    await signedOut.context().close();
    expect(found).toEqual([]);
  });
}
