import { expect, type Locator, type Page, test } from '@playwright/test';
import { signUpAndLogin } from './support/auth';
import { ordersTable, rowOf, sendDialog } from './support/order-screens';
import { createCustomer, createOrder } from './support/orders';
import { mailsTo } from './support/outbox';
import { DESKTOP, devicePage, galleryViews, PHONE, shotsNamed, type Viewport } from './support/screens';

/**
 * Names get their room (the orders table at 1280 px, the customer cards), toasts cover no button of
 * an open dialog nor the phone's save bar, and the send dialog opens on the message as it reads, with
 * formatting buttons, its HTML as the advanced view.
 */

const shoot = shotsNamed('room');
const VIEWPORTS: [Viewport, string][] = [
  [DESKTOP, '1280'],
  [PHONE, '375'],
];

const CUSTOMERS = [
  { name: 'Pieter Bakker', company: 'Bakker Dakwerken B.V.', email: 'pieter@bakkerdakwerken.nl' },
  {
    name: 'Sanne Jansen',
    company: 'Jansen Installatietechniek',
    email: 'sanne@jansen-installatietechniek.nl',
  },
  { name: 'Kees de Vries', company: 'De Vries Bouw', email: 'kees@devriesbouw.nl' },
];

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether the text of an element is cut (an ellipsis on one line, or lines clamped away). */
const isCut = (locator: Locator) =>
  locator.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);

/** An account with three customers and an order for each (the long names of a real customer list). */
async function accountWithOrders(page: Page) {
  await signUpAndLogin(page);
  const orders = [];
  for (const [i, c] of CUSTOMERS.entries()) {
    const customer = await createCustomer(page.request, c);
    orders.push(
      await createOrder(page.request, {
        customer,
        date: new Date(),
        project: ['Renovatie pand Zwolle', 'Dakrenovatie', 'Nieuwbouw kantoor Amersfoort'][i]!,
        status: (['concept', 'sent', 'paid'] as const)[i]!,
        items: [{ description: 'Werk', quantity: 2, price: 1200, vat: 21 }],
      }),
    );
  }
  return orders;
}

test('the orders table and the customer cards show whole names at 1280 px', async ({ browser }) => {
  // Two screenshots per gallery view besides the checks.
  test.setTimeout(240_000);
  const page = await devicePage(browser, DESKTOP);
  await accountWithOrders(page);
  for (const path of ['/inkooporders', '/']) {
    await page.goto(path);
    for (const { company } of CUSTOMERS) {
      const name = page.locator('.order-table__primary').filter({ hasText: company }).first();
      await expect(name).toBeVisible();
      expect(await isCut(name), `${path}: '${company}' is shown whole`).toBe(false);
    }
  }
  await page.goto('/klanten');
  for (const { company, name, email } of CUSTOMERS) {
    const card = page.getByRole('article', { name: company });
    for (const text of [company, name, email]) {
      // The e-mail line reads 'E-mail: …' to a screen reader: not an exact match.
      const shown = card.getByText(text).first();
      await expect(shown).toBeVisible();
      const cut = await shown.evaluate((el) => {
        const box = el.closest('.customer-card__text, .customer-card__company, .customer-card__name') ?? el;
        return box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
      });
      expect(cut, `card of ${company}: '${text}' is shown whole`).toBe(false);
    }
  }
  const session = page.context();
  for (const { viewport, width, theme } of galleryViews()) {
    const other = await devicePage(browser, viewport, { from: session, theme });
    await other.goto('/inkooporders');
    await expect(other.getByText(CUSTOMERS[0]!.company).first()).toBeVisible();
    await shoot(other, `orders-${width}-${theme}`);
    await other.goto('/klanten');
    await expect(other.getByRole('article', { name: CUSTOMERS[0]!.company })).toBeVisible();
    await shoot(other, `customers-${width}-${theme}`, { fullPage: true });
    await other.context().close();
  }
  await page.context().close();
});

/** Every visible button of `dialog` that `toast` overlaps, by name. */
async function coveredButtons(dialog: Locator, toast: Locator): Promise<string[]> {
  // Measured at rest: on a phone the dialog slides up as a sheet and the toast fades in, and boxes
  // taken one after the other during that would overlap where nothing does.
  await dialog.evaluate((el) =>
    Promise.all(
      el
        .getAnimations({ subtree: true })
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished),
    ),
  );
  const toastBox = (await toast.boundingBox())!;
  const covered: string[] = [];
  for (const button of await dialog.getByRole('button').all()) {
    if (!(await button.isVisible())) continue;
    const box = await button.boundingBox();
    if (box && overlaps(box, toastBox))
      covered.push((await button.getAttribute('aria-label')) ?? (await button.innerText()));
  }
  return covered;
}

test('a toast shown while a dialog is open covers none of its buttons; on a phone not the save bar', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const first = await devicePage(browser, DESKTOP);
  const orders = await accountWithOrders(first);
  const session = first.context();
  for (const [viewport, width] of VIEWPORTS) {
    const page = await devicePage(browser, viewport, { from: session });
    await page.goto('/inkooporders');
    const table = ordersTable(page);
    // A toast (a deleted order), then at once the send dialog of another order.
    const gone = orders.pop()!;
    await rowOf(table, gone.orderNumber)
      .getByRole('button', { name: `Order ${gone.orderNumber} verwijderen` })
      .click();
    await page
      .getByRole('alertdialog', { name: 'Order verwijderen' })
      .getByRole('button', { name: 'Verwijderen' })
      .click();
    const toast = page
      .getByRole('region', { name: 'Meldingen' })
      .getByText(`Order ${gone.orderNumber} is verwijderd.`);
    await expect(toast).toBeVisible();
    const target = orders[0]!;
    await rowOf(table, target.orderNumber)
      .getByRole('button', { name: `Order ${target.orderNumber} per e-mail versturen` })
      .click();
    const dialog = sendDialog(page);
    await expect(dialog.getByRole('button', { name: 'Versturen' })).toBeVisible();
    await expect(toast).toBeVisible();
    // In the dialog, where the dialog's content gives it room and a screen reader reads it.
    await expect(dialog.getByRole('region', { name: 'Meldingen' })).toContainText('is verwijderd');
    expect(await coveredButtons(dialog, toast), `${width} px: buttons under the toast`).toEqual([]);
    await shoot(page, `toast-in-dialog-${width}`);
    await page.context().close();
  }

  // On a phone without a dialog: at the top, clear of the order form's save bar and the bottom bar.
  const phone = await devicePage(browser, PHONE, { from: session });
  await phone.goto('/nieuwe-order');
  await phone.getByRole('combobox', { name: 'Klant', exact: true }).click();
  await phone.locator('.customer-picker__panel').getByRole('button', { name: 'Nieuwe klant' }).click();
  const modal = phone.getByRole('dialog', { name: 'Nieuwe klant' });
  await modal.getByRole('textbox', { name: 'Naam', exact: true }).fill('Anna van den Berg');
  await modal.getByRole('textbox', { name: 'Bedrijfsnaam', exact: true }).fill('Van den Berg Schilderwerken');
  await modal.getByRole('textbox', { name: 'E-mail', exact: true }).fill('anna@vandenberg.nl');
  await modal.getByRole('button', { name: 'Klant toevoegen' }).click();
  const added = phone
    .getByRole('region', { name: 'Meldingen' })
    .getByText('Van den Berg Schilderwerken is toegevoegd.');
  await expect(added).toBeVisible();
  const saveBar = phone.getByRole('region', { name: 'Totaal en opslaan' });
  await expect(saveBar).toBeVisible();
  const toastBox = (await added.boundingBox())!;
  for (const bar of [saveBar, phone.getByRole('navigation', { name: 'Snelmenu' })]) {
    expect(overlaps(toastBox, (await bar.boundingBox())!), 'the toast is clear of the bars').toBe(false);
  }
  await shoot(phone, 'toast-phone-order-form');
  await phone.context().close();
  await first.context().close();
});

test('the send dialog opens on the formatted message; bold, list and link without HTML; HTML as the advanced view', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await devicePage(browser, DESKTOP);
  const [order] = await accountWithOrders(page);
  const customerEmail = CUSTOMERS[0]!.email;
  await page.goto('/inkooporders');
  await page.getByRole('button', { name: `Order ${order!.orderNumber} per e-mail versturen` }).click();
  const dialog = sendDialog(page);
  const editor = dialog.getByRole('textbox', { name: 'Bericht' });
  await expect(editor).toBeVisible();

  // The message as it reads: no tags on screen, the bold order number bold.
  await expect(editor).toContainText('Beste {{customer.contactPerson}},');
  expect(await editor.innerText()).not.toMatch(/<\/?(p|strong|br)\b/);
  await expect(editor.locator('strong')).toHaveText('{{order.orderNumber}}');
  // Measured once the dialog has popped in: it grows from a slightly smaller scale.
  await dialog.evaluate((el) =>
    Promise.all(
      el
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished),
    ),
  );
  expect((await editor.boundingBox())!.height).toBeCloseTo(250, 0);

  // Writing it anew with the buttons.
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type('Beste Pieter, hierbij ');
  const toolbar = dialog.getByRole('toolbar', { name: 'Opmaak van bericht' });
  await toolbar.getByRole('button', { name: 'Vet' }).click();
  await expect(toolbar.getByRole('button', { name: 'Vet' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('de order');
  await toolbar.getByRole('button', { name: 'Vet' }).click();
  await page.keyboard.type('.');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Opsomming' }).click();
  await page.keyboard.type('Levering week 12');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Zie ');
  await toolbar.getByRole('button', { name: 'Link' }).click();
  const linkField = dialog.getByRole('textbox', { name: 'Linkadres' });
  await linkField.fill('javascript:alert(1)');
  await linkField.press('Enter');
  await expect(
    dialog.getByText('Vul een webadres (bijv. www.voorbeeld.nl) of een e-mailadres in.'),
  ).toBeVisible();
  await linkField.fill('www.bakkerdakwerken.nl');
  await dialog.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(linkField).toBeHidden();
  // Chromium's bold is <b>, the template's <strong>: both read as bold.
  await expect(editor.locator('b, strong')).toHaveText('de order');
  await expect(editor.locator('ul > li')).toHaveCount(2);
  await expect(editor.locator('a')).toHaveAttribute('href', 'https://www.bakkerdakwerken.nl');
  for (const { name, viewport, width, theme } of galleryViews()) {
    if (name === 'desktop-light') {
      await shoot(page, `send-editor-${width}-${theme}`);
      continue;
    }
    const other = await devicePage(browser, viewport, { from: page.context(), theme });
    await other.goto('/inkooporders');
    await other.getByRole('button', { name: `Order ${order!.orderNumber} per e-mail versturen` }).click();
    await expect(sendDialog(other).getByRole('textbox', { name: 'Bericht' })).toContainText('Beste');
    await shoot(other, `send-editor-${width}-${theme}`);
    await other.context().close();
  }

  // The HTML view shows what the buttons made; what is typed there is shown formatted, cleaned.
  const htmlSwitch = dialog.getByRole('switch', { name: 'HTML bewerken (geavanceerd)' });
  await htmlSwitch.click();
  const html = dialog.getByRole('textbox', { name: 'Bericht' });
  await expect(html).toHaveValue(/<b>de order<\/b>|<strong>de order<\/strong>/);
  await expect(html).toHaveValue(/<a href="https:\/\/www\.bakkerdakwerken\.nl">/);
  const typed = await html.inputValue();
  await html.fill(`${typed}<p>Tot <em>snel</em><img src="x" onerror="document.title='gehackt'"></p>`);
  await htmlSwitch.click();
  await expect(editor.locator('em')).toHaveText('snel');
  await expect(editor.locator('img')).toHaveCount(0);
  expect(await page.title()).not.toBe('gehackt');

  // Sent as formatted; the server cleans it as before.
  await dialog.getByRole('textbox', { name: 'E-mailadres ontvanger' }).fill(customerEmail);
  await dialog.getByRole('button', { name: 'Versturen' }).click();
  // The PDF is made for the attachment first: on a loaded machine that takes a while.
  await expect(dialog.getByText('E-mail verzonden')).toBeVisible({ timeout: 60_000 });
  const [mail] = await mailsTo(page.request, customerEmail);
  expect(mail!.html).toMatch(/<(b|strong)>de order<\/(b|strong)>/);
  expect(mail!.html).toContain('<li>Levering week 12</li>');
  expect(mail!.html).toContain('href="https://www.bakkerdakwerken.nl"');
  expect(mail!.html).toContain('<em>snel</em>');
  expect(mail!.html).not.toContain('onerror');
  await page.context().close();
});

test('signing out closes the toasts: the login screen shows nothing of the session before', async ({
  browser,
}) => {
  const page = await devicePage(browser, DESKTOP);
  await signUpAndLogin(page);
  await createCustomer(page.request, CUSTOMERS[0]!);
  await page.goto('/klanten');
  await page.getByRole('button', { name: 'Verwijderen' }).click();
  await page
    .getByRole('alertdialog', { name: 'Klant verwijderen' })
    .getByRole('button', { name: 'Verwijderen' })
    .click();
  const toasts = page.locator('.ui-toasts__item');
  await expect(toasts.filter({ hasText: `${CUSTOMERS[0]!.company} is verwijderd.` })).toBeVisible();

  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  // Counted once, not awaited: the toast would close by itself a few seconds later.
  expect(await toasts.count()).toBe(0);
  await page.context().close();
});
