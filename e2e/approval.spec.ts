import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import {
  APPROVAL_FILTER_LABEL,
  APPROVAL_REQUIRED_CODE,
  approvalMessages,
  approvalsWaitingText,
} from '../src/shared/approval-states';
import { loginOverHttp, newTestUser, registerVerifiedUser, type TestUser } from './support/auth';
import { chooseCustomer, fillLine, inLine, orderLine } from './support/order-form';
import { ordersTable, rowOf, sendDialog, sendNowDialog } from './support/order-screens';
import { createCustomer } from './support/orders';
import { linkFromOutbox, mailsTo } from './support/outbox';
import { DESKTOP, devicePage, galleryViews, shotsNamed } from './support/screens';
import { openScreen } from './support/shell';

/**
 * Four eyes on a large order, as the two people do it in their own browsers: the organisation asks
 * approval from € 1.000 excl. VAT; a member writes an order above it, which cannot be sent; she asks
 * approval, the owner rejects it with a reason, she changes the order and asks again, the owner
 * approves it, and she sends it. Screenshots of the approval panel, the reject dialog, the list's
 * filter and the dashboard's notice at 1280 and 375 px, light and dark.
 */

const shoot = shotsNamed('approval');
const OWNER_COMPANY = 'Van Dijk Installatietechniek B.V.';
const REASON = 'Te duur voor deze klant: vraag eerst een tweede offerte aan.';
const NOTE = 'Spoed: de klant wil deze week beginnen.';

/** `person` joins the owner's organisation as a member: invited over the API, registered from the link. */
async function joinAsMember(request: APIRequestContext, owner: Page, person: TestUser) {
  const invite = await owner.request.post('/api/organization/invitations', {
    data: { email: person.email, role: 'member' },
  });
  expect(invite.status(), await invite.text()).toBe(200);
  const path = await linkFromOutbox(request, person.email, '/invite/');
  const invitationToken = decodeURIComponent(path.split('/invite/')[1] ?? '');
  const register = await request.post('/api/auth/register', {
    data: { name: person.name, email: person.email, password: person.password, invitationToken },
  });
  expect(register.status(), await register.text()).toBeLessThan(300);
}

const panel = (page: Page) => page.locator('.approval-panel');
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

/** The order's form, with its approval panel in `state` (the label the panel's heading carries). */
async function openOrder(page: Page, orderId: string, heading: string) {
  await page.goto(`/inkooporders/${orderId}/edit`);
  await expect(panel(page).getByRole('heading', { name: heading, exact: true })).toBeVisible();
}

/**
 * A screen in the gallery's sizes and themes, each in a context of its own with the session of
 * `from`; `show` opens it there.
 */
async function gallery(
  browser: Browser,
  from: Page,
  name: string,
  show: (page: Page) => Promise<void>,
  { fullPhone = false } = {},
) {
  await test.step(`${name} at 1280 and 375 px, light and dark`, async () => {
    for (const view of galleryViews()) {
      const page = await devicePage(browser, view.viewport, { from: from.context(), theme: view.theme });
      await show(page);
      await shoot(page, `${name}-${view.name}`, { fullPage: fullPhone && view.size === 'phone' });
      await page.context().close();
    }
  });
}

test('four eyes: a large order is asked, rejected, changed, asked again, approved and sent', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const customerEmail = `inkoop-${Date.now().toString(36)}@jansenbouw.nl`;
  const owner = await registerVerifiedUser(request, { name: 'Olga van Dijk', company: OWNER_COMPANY });
  const mila = newTestUser({ name: 'Mila de Vries' });

  const ownerPage = await devicePage(browser, DESKTOP);
  await loginOverHttp(ownerPage, owner);
  await createCustomer(ownerPage.request, {
    name: 'Petra Jansen',
    company: 'Jansen Bouw B.V.',
    email: customerEmail,
  });
  const defaults = await ownerPage.request.post('/api/email-templates/create-defaults', { data: {} });
  expect(defaults.status(), await defaults.text()).toBe(200);
  // 'Goedkeuring vereist vanaf' € 1.000 excl. VAT, for the members' orders.
  const settings = await ownerPage.request.put('/api/organization/settings', {
    data: { approvalThreshold: 1000, approvalForAdmins: false },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  await joinAsMember(request, ownerPage, mila);

  const milaPage = await devicePage(browser, DESKTOP);
  await loginOverHttp(milaPage, mila);

  let orderId = '';
  let orderNumber = '';
  await test.step('the member writes an order above the amount: saved, but not offered for sending', async () => {
    await openScreen(milaPage, 'Inkooporders');
    await milaPage.getByRole('link', { name: 'Nieuwe Order' }).first().click();
    await chooseCustomer(milaPage, 'jansen', 'Jansen Bouw');
    await fillLine(milaPage, 1, { description: 'Cv-ketel vervangen', price: '1800' });
    const created = milaPage.waitForResponse((r) => r.url().includes('orders.create') && r.ok());
    await milaPage.getByRole('button', { name: 'Opslaan' }).click();
    const body = (await (await created).json()) as {
      result: { data: { _id: string; orderNumber: string } };
    }[];
    orderId = body[0]!.result.data._id;
    orderNumber = body[0]!.result.data.orderNumber;

    await expect(panel(milaPage).getByRole('heading', { name: 'Goedkeuring nodig' })).toBeVisible();
    await expect(panel(milaPage)).toContainText(approvalMessages.required);
    await expect(panel(milaPage).getByRole('button', { name: 'Goedkeuring aanvragen' })).toBeEnabled();
    // The question 'send it now?' that follows a save does not come for an order that may not go out:
    // once the saved order's approval is read, the panel takes the focus instead.
    await expect(panel(milaPage)).toBeFocused();
    await expect(sendNowDialog(milaPage)).toHaveCount(0);
  });

  await test.step('it cannot be sent: the list says why, and the server refuses with APPROVAL_REQUIRED', async () => {
    await openScreen(milaPage, 'Inkooporders');
    const row = rowOf(ordersTable(milaPage), orderNumber);
    await expect(row).toContainText('Goedkeuring nodig');
    await row
      .getByRole('button', { name: `Order ${orderNumber} kan nog niet worden verzonden: goedkeuring nodig` })
      .click();
    const dialog = sendDialog(milaPage);
    await expect(dialog).toContainText(approvalMessages.required);
    await expect(dialog.getByRole('button', { name: 'Versturen' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Sluiten' }).last().click();

    const send = await milaPage.request.post(`/api/orders/${orderId}/send-email`, {
      data: { recipient: customerEmail, subject: `Order ${orderNumber}`, message: '<p>Hierbij.</p>' },
    });
    expect(send.status()).toBe(409);
    expect(await send.json()).toMatchObject({
      code: APPROVAL_REQUIRED_CODE,
      message: approvalMessages.required,
    });
  });

  await test.step('the member asks for approval, with a note; the owner gets a mail with the link', async () => {
    await openOrder(milaPage, orderId, 'Goedkeuring nodig');
    await panel(milaPage).getByRole('button', { name: 'Goedkeuring aanvragen' }).click();
    const dialog = milaPage.getByRole('dialog', { name: `Goedkeuring aanvragen voor order ${orderNumber}` });
    await dialog.getByRole('textbox', { name: 'Toelichting' }).fill(NOTE);
    await dialog.getByRole('button', { name: 'Goedkeuring aanvragen' }).click();
    await expect(toast(milaPage, approvalMessages.requested)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(panel(milaPage).getByRole('heading', { name: 'Wacht op goedkeuring' })).toBeVisible();
    await expect(panel(milaPage)).toContainText(
      new RegExp(`Aangevraagd door ${mila.name} op \\d\\d-\\d\\d-\\d{4} om \\d\\d:\\d\\d`),
    );
    await expect(panel(milaPage)).toContainText(NOTE);
    // Only an owner or admin decides, never the author.
    await expect(panel(milaPage).getByRole('button', { name: 'Goedkeuren' })).toHaveCount(0);

    const link = await linkFromOutbox(request, owner.email, `/inkooporders/${orderId}`);
    expect(link).toBe(`/inkooporders/${orderId}/edit`);
  });

  await test.step('the owner’s dashboard says an order waits, and leads to the filtered list', async () => {
    await ownerPage.goto('/');
    const notice = ownerPage.locator('.dashboard-approvals');
    await expect(notice).toContainText(approvalsWaitingText(1));
    await notice.getByRole('link', { name: 'Bekijk de orders' }).click();
    await expect(ownerPage).toHaveURL(/\/inkooporders\?goedkeuring=aangevraagd$/);
    await expect(ownerPage.getByRole('checkbox', { name: APPROVAL_FILTER_LABEL })).toBeChecked();
    const rows = ordersTable(ownerPage).locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rowOf(ordersTable(ownerPage), orderNumber)).toContainText('Wacht op goedkeuring');
    // Off, the list shows every order again; on, from the checkbox, the address keeps it.
    await ownerPage.getByRole('checkbox', { name: APPROVAL_FILTER_LABEL }).uncheck();
    await expect(ownerPage).toHaveURL(/\/inkooporders$/);
    await ownerPage.getByRole('checkbox', { name: APPROVAL_FILTER_LABEL }).check();
    await expect(ownerPage).toHaveURL(/\/inkooporders\?goedkeuring=aangevraagd$/);
  });

  await gallery(browser, ownerPage, 'dashboard-notice', async (page) => {
    await page.goto('/');
    await expect(page.locator('.dashboard-approvals')).toContainText(approvalsWaitingText(1));
  });

  await gallery(browser, ownerPage, 'orders-filter', async (page) => {
    await page.goto('/inkooporders?goedkeuring=aangevraagd');
    await expect(rowOf(ordersTable(page), orderNumber)).toContainText('Wacht op goedkeuring');
  });

  await gallery(browser, ownerPage, 'panel-requested', async (page) => {
    await openOrder(page, orderId, 'Wacht op goedkeuring');
    await expect(panel(page).getByRole('button', { name: 'Goedkeuren' })).toBeVisible();
  });

  await gallery(browser, ownerPage, 'reject-dialog', async (page) => {
    await openOrder(page, orderId, 'Wacht op goedkeuring');
    await panel(page).getByRole('button', { name: 'Afwijzen' }).click();
    const dialog = page.getByRole('dialog', { name: `Order ${orderNumber} afwijzen` });
    await dialog.getByRole('button', { name: 'Afwijzen' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Reden' })).toBeFocused();
    await expect(dialog).toContainText(approvalMessages.reasonRequired);
  });

  await test.step('the owner rejects it: a reason is required, and the author reads it at the order', async () => {
    await openOrder(ownerPage, orderId, 'Wacht op goedkeuring');
    await expect(panel(ownerPage)).toContainText(NOTE);
    await panel(ownerPage).getByRole('button', { name: 'Afwijzen' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: `Order ${orderNumber} afwijzen` });
    const reason = dialog.getByRole('textbox', { name: 'Reden' });
    await dialog.getByRole('button', { name: 'Afwijzen' }).click();
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toContainText(approvalMessages.reasonRequired);
    await reason.fill(REASON);
    await expect(dialog).not.toContainText(approvalMessages.reasonRequired);
    await dialog.getByRole('button', { name: 'Afwijzen' }).click();
    await expect(toast(ownerPage, approvalMessages.rejected)).toBeVisible();
    await expect(panel(ownerPage).getByRole('heading', { name: 'Afgewezen' })).toBeVisible();
    await expect(panel(ownerPage)).toContainText(
      new RegExp(`Afgewezen door ${owner.name} op \\d\\d-\\d\\d-\\d{4}`),
    );
    await expect(panel(ownerPage)).toContainText(REASON);

    await openOrder(milaPage, orderId, 'Afgewezen');
    await expect(panel(milaPage)).toContainText(REASON);
    await expect(panel(milaPage).getByRole('button', { name: 'Goedkeuring aanvragen' })).toBeVisible();
  });

  await gallery(
    browser,
    milaPage,
    'panel-rejected',
    async (page) => {
      await openOrder(page, orderId, 'Afgewezen');
      await expect(panel(page)).toContainText(REASON);
    },
    { fullPhone: false },
  );

  await test.step('the member changes the order: the save announces new approval, and the panel shows it', async () => {
    const price = inLine(orderLine(milaPage, 1), 'Prijs');
    await price.fill('');
    await price.pressSequentially('1500');
    await price.blur();
    await expect(
      milaPage.getByText('Na opslaan kunt u opnieuw goedkeuring aanvragen.', { exact: false }),
    ).toBeVisible();
    // A request is about the saved order: with the change unsaved, it waits.
    await expect(panel(milaPage).getByRole('button', { name: 'Goedkeuring aanvragen' })).toBeDisabled();
    await milaPage.getByRole('button', { name: 'Opslaan' }).click();
    await expect(panel(milaPage).getByRole('heading', { name: 'Goedkeuring nodig' })).toBeVisible();
    await expect(panel(milaPage)).not.toContainText(REASON);
    await expect(panel(milaPage)).toBeFocused();
    await expect(sendNowDialog(milaPage)).toHaveCount(0);
  });

  await test.step('she asks again, without a note', async () => {
    await panel(milaPage).getByRole('button', { name: 'Goedkeuring aanvragen' }).click();
    const dialog = milaPage.getByRole('dialog', { name: `Goedkeuring aanvragen voor order ${orderNumber}` });
    await dialog.getByRole('button', { name: 'Goedkeuring aanvragen' }).click();
    await expect(toast(milaPage, approvalMessages.requested)).toBeVisible();
    await expect(panel(milaPage).getByRole('heading', { name: 'Wacht op goedkeuring' })).toBeVisible();
    await expect(panel(milaPage)).not.toContainText(NOTE);
  });

  await test.step('the owner approves it', async () => {
    await openOrder(ownerPage, orderId, 'Wacht op goedkeuring');
    await panel(ownerPage).getByRole('button', { name: 'Goedkeuren' }).click();
    await expect(toast(ownerPage, approvalMessages.approved)).toBeVisible();
    await expect(panel(ownerPage).getByRole('heading', { name: 'Goedgekeurd' })).toBeVisible();
    await expect(panel(ownerPage)).toContainText(
      new RegExp(`Goedgekeurd door ${owner.name} op \\d\\d-\\d\\d-\\d{4}`),
    );
    await expect(panel(ownerPage).getByRole('button')).toHaveCount(0);
    await ownerPage.goto('/');
    await expect(ownerPage.locator('.dashboard-approvals')).toHaveCount(0);
  });

  await gallery(browser, milaPage, 'panel-approved', async (page) => {
    await openOrder(page, orderId, 'Goedgekeurd');
  });

  await test.step('the member sends it from the list', async () => {
    await openScreen(milaPage, 'Inkooporders');
    const row = rowOf(ordersTable(milaPage), orderNumber);
    await expect(row).not.toContainText('Goedkeuring');
    await row.getByRole('button', { name: `Order ${orderNumber} per e-mail versturen` }).click();
    const dialog = sendDialog(milaPage);
    await expect(dialog.getByRole('textbox', { name: 'E-mailadres ontvanger' })).toHaveValue(customerEmail);
    await dialog.getByRole('button', { name: 'Versturen' }).click();
    await expect(dialog.getByRole('heading', { name: 'E-mail verzonden' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Sluiten' }).last().click();
    await expect(rowOf(ordersTable(milaPage), orderNumber)).toContainText('Verzonden');
    const [mail] = await mailsTo(request, customerEmail);
    expect(mail!.subject).toContain(orderNumber);
  });

  for (const page of [ownerPage, milaPage]) await page.context().close();
});
