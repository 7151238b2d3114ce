import { expect, type Locator, type Page, test } from '@playwright/test';
import { signUpAndLogin } from './support/auth';
import { amsterdamToday } from './support/dates';
import { chooseCustomer, fillLine } from './support/order-form';
import { createCustomer } from './support/orders';
import { DESKTOP, galleryViews, shotsNamed, themedPage } from './support/screens';

/**
 * The date fields (the order's Datum, an API key's Verloopdatum) take a day the way a Dutch user
 * writes it, typed key by key into the real field: with dashes, without a leading zero, with slashes,
 * with a month name, or pasted as 2026-10-05. The mask never doubles a dash, and a day that cannot
 * exist says so at the field. Screenshots of the message at 1280 and 375 px, light and dark.
 */

const shoot = shotsNamed('date-field');

/** What each way of writing shows while typed (never a doubled separator), all 5 October 2026. */
const TYPED: [string, string][] = [
  ['05-10-2026', '05-10-2026'],
  ['5-10-2026', '5-10-2026'],
  ['05/10/2026', '05-10-2026'],
  ['5 okt 2026', '5 okt 2026'],
  ['5 oktober 2026', '5 oktober 2026'],
];

const IMPOSSIBLE = '31-02-2026 bestaat niet: februari 2026 heeft 28 dagen. Kies een dag van 1 tot en met 28.';

/** Clears the field and types `text` one key at a time, as a person does. */
async function typeDate(field: Locator, text: string) {
  await field.fill('');
  await field.pressSequentially(text);
}

/** Pastes `text` into the empty field through the clipboard (Ctrl+V), as a person pastes. */
async function pasteDate(page: Page, field: Locator, text: string) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await field.fill('');
  await field.focus();
  await page.keyboard.press('ControlOrMeta+V');
}

test('the order date takes 5 October 2026 however it is written, and refuses 31 February', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await signUpAndLogin(page, request);
  await createCustomer(page.request, { name: 'Jan de Wit', company: 'De Wit', email: 'jan@dewit.nl' });
  await page.goto('/nieuwe-order');
  const date = page.getByRole('textbox', { name: 'Datum' });
  const field = date.locator('xpath=ancestor::*[contains(@class, "ui-field")][1]');

  for (const [typed, shown] of TYPED) {
    await test.step(`typed: ${typed}`, async () => {
      await typeDate(date, typed);
      await expect(date).toHaveValue(shown);
      await date.blur();
      await expect(date).toHaveValue('05-10-2026');
      await expect(field).toContainText('maandag 5 oktober 2026');
      await expect(date).not.toHaveAttribute('aria-invalid', 'true');
    });
  }

  await test.step('pasted: 2026-10-05', async () => {
    await pasteDate(page, date, '2026-10-05');
    await expect(date).toHaveValue('2026-10-05');
    await date.blur();
    await expect(date).toHaveValue('05-10-2026');
    await expect(field).toContainText('maandag 5 oktober 2026');
  });

  await test.step('a day that does not exist says so at the field, in Dutch', async () => {
    await typeDate(date, '31-02-2026');
    await date.blur();
    await expect(field.getByText(IMPOSSIBLE, { exact: true })).toBeVisible();
    await expect(date).toHaveAttribute('aria-invalid', 'true');
    // Saving keeps the field's own reason, not a general one.
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(field.getByText(IMPOSSIBLE, { exact: true })).toBeVisible();
  });

  for (const { viewport, size: device, theme } of galleryViews()) {
    const shotPage = await themedPage(browser, page.context(), viewport, theme);
    try {
      await shotPage.goto('/nieuwe-order');
      const shotDate = shotPage.getByRole('textbox', { name: 'Datum' });
      await typeDate(shotDate, '31-02-2026');
      await shotDate.blur();
      await expect(shotPage.getByText(IMPOSSIBLE, { exact: true })).toBeVisible();
      await shotDate.scrollIntoViewIfNeeded();
      await shoot(shotPage, `impossible-${device}-${theme}`);
    } finally {
      await shotPage.context().close();
    }
  }

  await test.step('5 okt 2026 is saved as that day', async () => {
    await typeDate(date, '5 okt 2026');
    await date.blur();
    await chooseCustomer(page, 'Wit', 'De Wit');
    await fillLine(page, 1, { description: 'Dakgoot', price: '45,50' });
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Nee, later' }).click();
    await expect(page).toHaveURL(/\/inkooporders$/);
    const orders = (await (await page.request.get('/api/orders')).json()) as { date: string }[];
    expect(orders).toHaveLength(1);
    // The day chosen is kept as that day in the Netherlands.
    expect(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date(orders[0]!.date)),
    ).toBe('2026-10-05');
  });
});

test('the API key expiry takes a day written with a month name, and refuses one that does not exist', async ({
  page,
  request,
}) => {
  await page.setViewportSize(DESKTOP);
  await signUpAndLogin(page, request);
  await page.goto('/bedrijfsinstellingen#beveiliging');
  const card = page.locator('section.ui-card', { has: page.getByText('API-sleutels', { exact: true }) });
  const expiry = card.getByRole('textbox', { name: 'Verloopdatum (optioneel)' });
  const year = amsterdamToday().year + 1;

  await typeDate(expiry, `05-10-${year}`);
  await expect(expiry).toHaveValue(`05-10-${year}`);
  await typeDate(expiry, `5/10/${year}`);
  await expiry.blur();
  await expect(expiry).toHaveValue(`05-10-${year}`);

  await typeDate(expiry, `31-04-${year}`);
  await expiry.blur();
  await expect(
    card.getByText(
      `31-04-${year} bestaat niet: april ${year} heeft 30 dagen. Kies een dag van 1 tot en met 30.`,
      {
        exact: true,
      },
    ),
  ).toBeVisible();

  await card.getByRole('textbox', { name: 'Naam' }).fill('Boekhouding');
  await typeDate(expiry, `5 oktober ${year}`);
  await expiry.blur();
  await expect(expiry).toHaveValue(`05-10-${year}`);
  await card.getByRole('button', { name: 'Sleutel aanmaken' }).click();
  await expect(card.getByTestId('api-key-row')).toContainText(`05-10-${year}`);
});
