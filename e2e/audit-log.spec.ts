import { expect, test } from '@playwright/test';
import { signUpAndLogin } from './support/auth';
import { readCsv } from './support/downloads';
import { DESKTOP, devicePage, galleryViews, shotsNamed } from './support/screens';

/**
 * The Logboek: an owner finds it in the menu, sees what was done (by whom, as which action, from
 * where), filters it and exports it as CSV. Screenshots at 1280 and 375 px, light and dark.
 */

const shoot = shotsNamed('audit-log');

test('Logboek: the owner sees each change, filters by action and exports the log', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const user = await signUpAndLogin(page, undefined, { company: 'Logboek BV' });
  const post = async (url: string, data: unknown) => {
    const res = await page.request.post(url, { data });
    expect(res.status(), await res.text()).toBe(200);
    return res.json();
  };
  const customer = await post('/api/customers', {
    name: 'Sara Bakker',
    company: 'Bakker Advies',
    email: 'sara@bakker.nl',
  });
  await post('/api/orders', {
    customer: customer._id,
    project: 'Verbouwing',
    items: [{ description: 'Montage', quantity: 2, unit: 'uur', price: '45,50', vat: 21 }],
  });
  await post('/api/api-keys', { name: 'Boekhouding', access: 'read' });

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Logboek' }).click();
  await expect(page.getByRole('heading', { name: 'Logboek' })).toBeVisible();
  const table = page.locator('.audit-log-table');
  await expect(table.getByRole('row')).toHaveCount(1 + 4); // the header, sign-in and three changes
  await expect(table).toContainText('Order aangemaakt');
  await expect(table).toContainText('Klant aangemaakt');
  await expect(table).toContainText('API-sleutel aangemaakt');
  await expect(table).toContainText('Ingelogd');
  await expect(table).toContainText(user.name);
  await shoot(page, 'desktop-light');

  await page.getByLabel('Actie').selectOption({ label: 'Klant aangemaakt' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(customer._id);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV exporteren' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^logboek-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = await readCsv(download);
  expect(lines[0]).toBe('Tijdstip;Wie;Soort;Actie;Actiecode;Object;Object-id;Velden;IP-adres');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2};/);
  expect(lines[1]).toContain('Klant aangemaakt;customer.created;Klant;');

  for (const view of galleryViews({ besides: 'desktop-light' })) {
    const other = await devicePage(browser, view.viewport, { from: page.context(), theme: view.theme });
    await other.goto('/logboek');
    await expect(
      other.locator('.audit-log-list').getByText('Order aangemaakt').filter({ visible: true }).first(),
    ).toBeVisible();
    await shoot(other, view.name, { fullPage: true });
    await other.context().close();
  }
});
