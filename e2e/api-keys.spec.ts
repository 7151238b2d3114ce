import { expect, type Page, test } from '@playwright/test';
import { signUpAndLogin } from './support/auth';
import { amsterdamToday, dutchDate } from './support/dates';
import { DESKTOP, devicePage, galleryViews, PHONE, shotsNamed } from './support/screens';

/**
 * API keys as a user and an integrator meet them: create a key in Bedrijfsinstellingen ›
 * Beveiliging, copy its secret (shown once), call the REST API with it as curl would, revoke it and
 * see the next call refused. Screenshots at 1280 and 375 px, light and dark.
 */

const shoot = shotsNamed('api-keys');
const card = (page: Page) =>
  page.locator('section.ui-card', { has: page.getByText('API-sleutels', { exact: true }) });

/** A call as an integrator makes it: plain fetch with the key, no cookies. */
const callWithKey = (baseURL: string, secret: string, path: string, init: RequestInit = {}) =>
  fetch(`${baseURL}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', ...init.headers },
  });

async function openSecurityTab(page: Page) {
  await page.goto('/bedrijfsinstellingen#beveiliging');
  await expect(page.getByRole('tab', { name: 'Beveiliging' })).toHaveAttribute('aria-selected', 'true');
  await card(page).scrollIntoViewIfNeeded();
}

test('API keys: create in the settings, call the API with it, revoke it, 401 afterwards', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await signUpAndLogin(page, request, { company: 'Sleutel BV' });
  await openSecurityTab(page);
  const keys = card(page);
  await expect(keys.getByText('Nog geen API-sleutels.')).toBeVisible();

  await test.step('the form checks its fields in Dutch', async () => {
    await keys.getByRole('button', { name: 'Sleutel aanmaken' }).click();
    await expect(keys.getByText('Naam is verplicht')).toBeVisible();
    await keys.getByRole('textbox', { name: 'Naam' }).fill('Oud');
    await keys.getByRole('textbox', { name: 'Verloopdatum (optioneel)' }).fill('01-01-2020');
    await keys.getByRole('button', { name: 'Sleutel aanmaken' }).click();
    await expect(keys.getByText('De verloopdatum moet in de toekomst liggen')).toBeVisible();
  });

  const today = amsterdamToday();
  const expiry = { year: today.year + 1, month: today.month, day: 1 };
  let secret = '';
  await test.step('create a key: the secret is shown once, with a copy button and a warning', async () => {
    await keys.getByRole('textbox', { name: 'Naam' }).fill('Boekhouding');
    await keys.getByRole('radio', { name: 'Lezen en schrijven' }).click();
    await keys.getByRole('textbox', { name: 'Verloopdatum (optioneel)' }).fill(dutchDate(expiry));
    await keys.getByRole('button', { name: 'Sleutel aanmaken' }).click();
    const shown = keys.getByTestId('api-key-secret');
    await expect(shown).toHaveText(/^ik_[0-9A-Za-z]{32}$/);
    secret = (await shown.textContent()) ?? '';
    await expect(keys.getByText('hij wordt maar één keer getoond')).toBeVisible();
    await expect(keys.getByRole('button', { name: 'Kopiëren' })).toBeVisible();
    const row = keys.getByTestId('api-key-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Boekhouding');
    await expect(row).toContainText('Lezen en schrijven');
    await expect(row).toContainText(`${secret.slice(0, 8)}…`);
    await expect(row).toContainText(dutchDate(expiry));
    await expect(row).toContainText('Nog niet gebruikt');
    await shoot(page, 'created-light-desktop');
  });

  await test.step('the key works as a bearer token on the REST API, as curl would send it', async () => {
    const list = await callWithKey(baseURL!, secret, '/api/customers');
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([]);
    expect(list.headers.get('ratelimit-limit')).toBe('600');
    const created = await callWithKey(baseURL!, secret, '/api/customers', {
      method: 'POST',
      body: JSON.stringify({ name: 'Sara Bakker', company: 'Bakker Advies', email: 'sara@bakker.nl' }),
    });
    expect(created.status).toBe(200);
    // A key cannot make more keys.
    const mint = await callWithKey(baseURL!, secret, '/api/api-keys', {
      method: 'POST',
      body: JSON.stringify({ name: 'Nog een', access: 'write' }),
    });
    expect(mint.status).toBe(403);
  });

  await test.step('after a reload the secret is gone for good; the list says when it was used', async () => {
    await page.reload();
    await card(page).scrollIntoViewIfNeeded();
    await expect(keys.getByTestId('api-key-secret')).toHaveCount(0);
    await expect(page.getByText(secret)).toHaveCount(0);
    await expect(keys.getByTestId('api-key-row')).not.toContainText('Nog niet gebruikt');
  });

  await test.step('screenshots at 1280 and 375 px, light and dark', async () => {
    for (const { viewport, size: device, theme } of galleryViews()) {
      const other = await devicePage(browser, viewport, { from: page.context(), theme });
      await openSecurityTab(other);
      await expect(card(other).getByTestId('api-key-row')).toHaveCount(1);
      await shoot(other, `list-${theme}-${device}`);
      await other.context().close();
    }
  });

  await test.step('revoke behind a confirmation; the next call with the key is 401', async () => {
    await keys.getByRole('button', { name: 'Intrekken' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'API-sleutel intrekken?' });
    await expect(dialog).toContainText("'Boekhouding'");
    await expect(dialog).toContainText('Dit kan niet ongedaan worden gemaakt.');
    await shoot(page, 'revoke-dialog-light-desktop');
    await dialog.getByRole('button', { name: 'Intrekken' }).click();
    await expect(dialog).toBeHidden();
    await expect(keys.getByText('Nog geen API-sleutels.')).toBeVisible();
    await expect(keys.getByText('API-sleutel is ingetrokken.', { exact: false })).toBeVisible();
    const refused = await callWithKey(baseURL!, secret, '/api/customers');
    expect(refused.status).toBe(401);
    expect((await refused.json()).code).toBe('UNAUTHORIZED');
  });

  await test.step('a new secret on a phone, dark: the long key wraps inside its box', async () => {
    const phone = await devicePage(browser, PHONE, { from: page.context(), theme: 'dark' });
    await openSecurityTab(phone);
    const phoneKeys = card(phone);
    await phoneKeys.getByRole('textbox', { name: 'Naam' }).fill('Webshop');
    await phoneKeys.getByRole('button', { name: 'Sleutel aanmaken' }).click();
    const shown = phoneKeys.getByTestId('api-key-secret');
    await expect(shown).toHaveText(/^ik_/);
    // Centred: a phone's bottom bar covers the lowest part of the viewport.
    await shown.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shoot(phone, 'created-dark-phone');
    // 'Ik heb de sleutel bewaard' looks like the button it is (a filled, bordered control, not bare
    // text), and closes the secret.
    const saved = phoneKeys.getByRole('button', { name: 'Ik heb de sleutel bewaard' });
    const look = await saved.evaluate((el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, border: style.borderTopColor, width: style.borderTopWidth };
    });
    expect(look.background).not.toBe('rgba(0, 0, 0, 0)');
    expect(look.border).not.toBe('rgba(0, 0, 0, 0)');
    expect(look.width).not.toBe('0px');
    await saved.click();
    await expect(shown).toHaveCount(0);
    await phone.context().close();
  });
});
