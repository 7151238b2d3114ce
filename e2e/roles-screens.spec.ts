import { expect, type Page, test } from '@playwright/test';
import { signUpAndLogin } from './support/auth';
import { readOrderPdf } from './support/downloads';
import { inLine, orderLine, orderTotal } from './support/order-form';
import { createCustomer, createOrder } from './support/orders';
import { seeAs } from './support/roles';
import { DESKTOP, devicePage, galleryViews, shotsNamed } from './support/screens';

/**
 * The screens show only what the role may do: a viewer (the bookkeeper) reads orders and customers,
 * downloads PDFs and exports, and changes nothing; a member does the daily work but only reads the
 * settings, API keys, webhooks and templates. A link to a form the role may not use says which role
 * it takes; an order itself a viewer opens to read, with its PDF. Screenshots of the orders list, the
 * read-only order and the settings as a viewer at 1280 and 375 px.
 */

const shoot = shotsNamed('roles');
const WORK_ROLES = 'Hiervoor is de rol Eigenaar, Beheerder of Medewerker nodig.';
const MANAGE_NOTE = 'Alleen de rol Eigenaar of Beheerder kan dit wijzigen.';
const WORK_NOTE = 'Alleen de rol Eigenaar, Beheerder of Medewerker kan dit wijzigen.';

/** The tRPC and REST calls that change something (every one is a POST, PUT, PATCH or DELETE). */
function writesOf(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() !== 'GET' && (path.startsWith('/trpc/') || path.startsWith('/api/'))) {
      writes.push(`${request.method()} ${path}`);
    }
  });
  return writes;
}

/** The order as a viewer opens it: every field shown, none editable, its lines and totals, no save. */
async function expectReadOnlyOrder(page: Page, order: { orderNumber: string }) {
  await expect(page.getByRole('heading', { name: 'Inkooporder bekijken' })).toBeVisible();
  await expect(page.getByText(WORK_NOTE)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Ordernummer' })).toHaveValue(order.orderNumber);
  await expect(page.getByRole('combobox', { name: 'Klant', exact: true })).toContainText('Jansen Bouw B.V.');
  await expect(page.getByRole('combobox', { name: 'Klant', exact: true })).toBeDisabled();
  const line = orderLine(page, 1);
  await expect(inLine(line, 'Omschrijving')).toHaveValue('Dakkapel plaatsen');
  await expect(inLine(line, 'Omschrijving')).toBeDisabled();
  await expect(inLine(line, 'Prijs')).toHaveValue('2.450,00');
  await expect(inLine(line, 'Prijs')).toBeDisabled();
  await expect(orderTotal(page, 'subtotal')).toHaveText('€ 2.450,00');
  await expect(orderTotal(page, 'vat-21')).toHaveText('€ 514,50');
  await expect(orderTotal(page, 'total')).toHaveText('€ 2.964,50');
  await expect(page.getByRole('textbox', { name: 'Opmerkingen' })).toBeDisabled();
  for (const name of ['Opslaan', 'Dupliceren', 'Regel toevoegen', 'Regel 1 verwijderen', 'Annuleren']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: 'PDF downloaden' })).toBeEnabled();
}

async function withOrder(page: Page) {
  const customer = await createCustomer(page.request, {
    name: 'Petra Jansen',
    company: 'Jansen Bouw B.V.',
    email: 'petra@jansenbouw.nl',
  });
  return createOrder(page.request, {
    customer,
    date: new Date(),
    project: 'Dakkapel',
    status: 'sent',
    items: [{ description: 'Dakkapel plaatsen', quantity: 1, price: 2450, vat: 21 }],
  });
}

test('a viewer reads, downloads and exports, and is shown nothing that changes', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await signUpAndLogin(page, request, { company: 'Boekhouding BV' });
  const order = await withOrder(page);
  await seeAs(page.context(), 'viewer');

  await test.step('orders: the PDF, no new, edit, send, duplicate or delete', async () => {
    await page.goto('/inkooporders');
    const row = page.getByRole('row', { name: new RegExp(order.orderNumber) });
    await expect(
      row.getByRole('button', { name: `PDF van order ${order.orderNumber} downloaden` }),
    ).toBeVisible();
    for (const action of ['bewerken', 'per e-mail versturen', 'dupliceren', 'verwijderen']) {
      await expect(page.getByRole('button', { name: `Order ${order.orderNumber} ${action}` })).toHaveCount(0);
      await expect(page.getByRole('link', { name: `Order ${order.orderNumber} ${action}` })).toHaveCount(0);
    }
    await expect(page.getByRole('link', { name: 'Nieuwe Order' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'E-mail templates beheren' })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'Mijn orders' })).toBeVisible();
  });

  await test.step('a link to a new order says which role it takes', async () => {
    await page.goto('/nieuwe-order');
    await expect(page.getByText(WORK_ROLES)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Opslaan' })).toHaveCount(0);
  });

  await test.step('an order opens to read, from the list and the dashboard, and changes nothing', async () => {
    const writes = writesOf(page);
    await page.goto('/');
    await page.getByRole('link', { name: `Order ${order.orderNumber} bekijken` }).click();
    await expect(page).toHaveURL(new RegExp(`/inkooporders/${order._id}/edit$`));
    await expectReadOnlyOrder(page, order);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'PDF downloaden' }).click(),
    ]);
    expect(await readOrderPdf(download, order.orderNumber)).toContain('Dakkapel plaatsen');
    // Leaving asks nothing: there is nothing unsaved to lose.
    await page.getByRole('link', { name: 'Terug naar Inkooporders' }).click();
    await expect(page).toHaveURL(/\/inkooporders$/);
    await page.getByRole('link', { name: `Order ${order.orderNumber} bekijken` }).click();
    await expect(page.getByRole('heading', { name: 'Inkooporder bekijken' })).toBeVisible();
    expect(writes).toEqual([]);
  });

  await test.step('customers: export, no new, edit or delete', async () => {
    await page.goto('/klanten');
    await expect(page.getByRole('heading', { name: 'Jansen Bouw B.V.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Exporteren' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nieuwe Klant' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Bewerken' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Verwijderen' })).toHaveCount(0);
  });

  await test.step('settings: the company data read-only, with who can change it', async () => {
    await page.goto('/bedrijfsinstellingen');
    await expect(page.getByRole('textbox', { name: 'Bedrijfsnaam' })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Naam', exact: true })).toBeEnabled();
    await expect(page.getByText(MANAGE_NOTE).filter({ visible: true })).toBeVisible();
  });

  for (const view of galleryViews()) {
    await test.step(`screenshots at ${view.width} px, ${view.theme}`, async () => {
      const shotPage = await devicePage(browser, view.viewport, { from: page.context(), theme: view.theme });
      await seeAs(shotPage.context(), 'viewer');
      await shotPage.goto('/inkooporders');
      await expect(
        shotPage.getByRole('button', { name: `PDF van order ${order.orderNumber} downloaden` }),
      ).toBeVisible();
      await expect(shotPage.getByRole('link', { name: 'Nieuwe Order' })).toHaveCount(0);
      await shoot(shotPage, `viewer-orders-${view.width}-${view.theme}`);
      await shotPage.getByRole('link', { name: `Order ${order.orderNumber} bekijken` }).click();
      await expectReadOnlyOrder(shotPage, order);
      await shoot(shotPage, `viewer-order-${view.width}-${view.theme}`, { fullPage: true });
      await shotPage.goto('/bedrijfsinstellingen#financieel');
      await expect(shotPage.getByRole('textbox', { name: 'IBAN' })).toBeDisabled();
      await expect(shotPage.getByText(MANAGE_NOTE).filter({ visible: true })).toBeVisible();
      await shoot(shotPage, `viewer-settings-${view.width}-${view.theme}`);
      await shotPage.context().close();
    });
  }
});

test('a member does the daily work and only reads settings, keys, webhooks and templates', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signUpAndLogin(page, request, { company: 'Medewerker BV' });
  const order = await withOrder(page);
  await seeAs(page.context(), 'member');

  await test.step('orders: everything of the daily work', async () => {
    await page.goto('/inkooporders');
    await expect(page.getByRole('link', { name: 'Nieuwe Order' })).toBeVisible();
    await expect(page.getByRole('link', { name: `Order ${order.orderNumber} bewerken` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Order ${order.orderNumber} dupliceren` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'E-mail templates beheren' })).toHaveCount(0);
    await page.getByRole('link', { name: `Order ${order.orderNumber} bewerken` }).click();
    await expect(page.getByText('Aangemaakt door Eva Tester', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Opslaan' }).first()).toBeVisible();
    await shoot(page, 'member-order-form-1280-light');
  });

  await test.step('settings: own name yes, company data, numbering and PDF layout no', async () => {
    await page.goto('/bedrijfsinstellingen');
    await expect(page.getByRole('textbox', { name: 'Bedrijfsnaam' })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Naam', exact: true })).toBeEnabled();
    await page.getByRole('tab', { name: 'Document instellingen' }).click();
    await expect(page.getByRole('textbox', { name: 'Voorvoegsel' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Logo uploaden' })).toHaveCount(0);
  });

  await test.step('security: no API key to create, no webhook to add', async () => {
    await page.goto('/bedrijfsinstellingen#beveiliging');
    await expect(page.getByText('Nog geen API-sleutels.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sleutel aanmaken' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Webhook toevoegen' })).toHaveCount(0);
  });

  await test.step('templates: none to write', async () => {
    await page.goto('/email-templates');
    await expect(page.getByText(MANAGE_NOTE)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nieuw template' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Standaard templates toevoegen' })).toHaveCount(0);
  });
});
