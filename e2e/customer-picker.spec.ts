import { expect, test } from '@playwright/test';
import { signUpAndLogin } from './support/auth';
import { createCustomer } from './support/orders';
import { devicePage, PHONE } from './support/screens';

const companies = [
  'Bakkerij Bakker',
  'Bouwbedrijf De Wit',
  'Café Centraal',
  'Dakdekkers Noord',
  'Electro Jansen',
  'Fietsenmaker Visser',
  'Glashandel Smit',
  'Hovenier Mulder',
  'Installatie Bos',
  'Juwelier De Boer',
  'Kapsalon Meijer',
  'Loodgieter De Graaf',
];

// The order form's customer picker (spec §2, §9): search on name, company and e-mail, a count line
// above 10 matches, at most 350 px high, upward when there is little room below, keyboard operable.
test('customer picker: search, count line, keyboard and placement', async ({ page }) => {
  await signUpAndLogin(page);
  for (const [i, company] of companies.entries()) {
    const res = await page.request.post('/api/customers', {
      data: { company, name: `Contact ${i + 1}`, email: `contact${i + 1}@klant${i + 1}.nl` },
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/nieuwe-order');
  const trigger = page.getByRole('combobox', { name: /Klant/ }).first();
  await trigger.click();
  const search = page.getByRole('combobox', { name: 'Zoek een klant' });
  const options = page.getByRole('listbox', { name: 'Klant' }).getByRole('option');
  await expect(search).toBeFocused();
  await expect(page.getByText('12 klanten gevonden')).toBeVisible();
  await expect(options).toHaveCount(12);
  const panel = page.locator('.customer-picker__panel');
  expect((await panel.boundingBox())!.height).toBeLessThanOrEqual(350);
  await page.screenshot({ path: 'e2e-artifacts/screenshots/customer-picker-open-desktop.png' });

  // Company, contact name and e-mail all match; 10 or fewer matches show no count line.
  await search.fill('bakker');
  await expect(options).toHaveCount(1);
  await expect(page.getByText(/klanten gevonden/)).toHaveCount(0);
  await search.fill('contact1');
  await expect(options).toHaveCount(4); // 1, 10, 11, 12
  await search.fill('klant7.nl');
  await expect(options).toHaveCount(1);
  await expect(options).toContainText('Glashandel Smit');

  // Keyboard: Enter chooses the active option, the trigger shows it, focus returns.
  await search.press('Enter');
  await expect(search).toBeHidden();
  await expect(trigger).toContainText('Glashandel Smit');
  await expect(trigger).toBeFocused();

  // Escape closes without changing the choice.
  await trigger.press('Enter');
  await page.getByRole('combobox', { name: 'Zoek een klant' }).press('ArrowDown');
  await page.getByRole('combobox', { name: 'Zoek een klant' }).press('Escape');
  await expect(trigger).toContainText('Glashandel Smit');

  // With little room below the trigger, the dropdown opens upward.
  await page.evaluate(() => window.scrollTo(0, 0));
  const top = (await trigger.boundingBox())!;
  await page.setViewportSize({ width: 1280, height: Math.round(top.y + top.height + 60) });
  await trigger.click();
  await expect(panel).toHaveClass(/customer-picker__panel--up/);
  const triggerBox = (await trigger.boundingBox())!;
  const panelBox = (await panel.boundingBox())!;
  expect(panelBox.y + panelBox.height).toBeLessThanOrEqual(triggerBox.y + 1);
  await page.screenshot({ path: 'e2e-artifacts/screenshots/customer-picker-upward.png' });
});

// A scroll while the dropdown is open (the user's, or a tap's scroll into view) carries it along with
// its field, on the side it opened to: what was under the finger stays there, so a tap that starts on
// 'Nieuwe klant' ends on it.
test('customer picker: a scroll while it is open moves the dropdown with its field, to the same side', async ({
  browser,
}) => {
  const page = await devicePage(browser, PHONE);
  await signUpAndLogin(page);
  for (const [i, company] of companies.slice(0, 3).entries()) {
    await createCustomer(page.request, { company, name: `Contact ${i + 1}`, email: `c${i + 1}@klant.nl` });
  }
  await page.goto('/nieuwe-order');
  const trigger = page.getByRole('combobox', { name: 'Klant', exact: true });
  await expect(trigger).toBeVisible();
  // The field low on the screen, just above the save bar: the dropdown opens upward.
  const saveBar = page.getByRole('region', { name: 'Totaal en opslaan' });
  const barTop = (await saveBar.boundingBox())!.y;
  await trigger.evaluate((el, bottom) => {
    window.scrollBy({ top: el.getBoundingClientRect().bottom - bottom + 40, behavior: 'instant' });
  }, barTop);
  await trigger.click();
  const panel = page.locator('.customer-picker__panel');
  await expect(panel).toHaveClass(/customer-picker__panel--up/);
  // Measured at rest, after the dropdown's opening animation.
  await panel.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  const create = panel.getByRole('button', { name: 'Nieuwe klant' });
  const offset = async () => (await create.boundingBox())!.y - (await trigger.boundingBox())!.y;
  const before = await offset();

  // The page scrolls the field up the screen, where below it there is room now; the page has drawn
  // twice after the scroll event, and the dropdown had its chance to move.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const settled = () =>
          setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
        window.addEventListener('scroll', settled, { once: true, capture: true });
        window.scrollBy({ top: 300, behavior: 'instant' });
      }),
  );
  await expect(panel).toHaveClass(/customer-picker__panel--up/);
  expect(await offset()).toBe(before);

  await create.click();
  await expect(page.getByRole('dialog', { name: 'Nieuwe klant' })).toBeVisible();
  await page.context().close();
});
