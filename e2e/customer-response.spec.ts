import { expect, type Page, test } from '@playwright/test';
import { confirmationLabels, RESPONSE_LABELS, responseLabels } from '../src/shared/order-confirmation-states';
import { loginOverHttp, registerVerifiedUser } from './support/auth';
import { createCustomer, createOrder } from './support/orders';
import { linkFromOutbox } from './support/outbox';
import { DESKTOP, PHONE, shotsNamed, themedPage } from './support/screens';

/**
 * The seller's side of the customer's answer: an order goes out with its link (over the API, as the
 * send dialog posts it), the customer asks for changes on two lines through the public JSON call, and
 * the seller sees it on the list (badge, filter), the dashboard and the order form, then takes the
 * changes over. The customer's page itself has its own journey.
 */

const shoot = shotsNamed('customer-response');
const CUSTOMER_EMAIL = 'inkoop@klant-antwoord.nl';

const panel = (page: Page) => page.locator('.response-panel');

test('a change request: seen on the list, the dashboard and the order, then taken over', async ({
  page,
  request,
  browser,
}) => {
  const user = await registerVerifiedUser(request, { company: 'Antwoord Installatie B.V.' });
  await loginOverHttp(page, user);
  const customer = await createCustomer(page.request, {
    name: 'Petra Jansen',
    company: 'Jansen Bouw B.V.',
    email: CUSTOMER_EMAIL,
  });
  const order = await createOrder(page.request, {
    customer,
    date: new Date(),
    project: 'Kantoor',
    status: 'concept',
    items: [
      { description: 'Bureaustoel', quantity: 3, price: 200, vat: 21 },
      { description: 'Montage', quantity: 2, price: 45, vat: 21 },
      { description: 'Handboek', quantity: 1, price: 10, vat: 9 },
    ],
  });
  const sent = await page.request.post(`/api/orders/${order._id}/send-email`, {
    data: {
      recipient: CUSTOMER_EMAIL,
      subject: 'Order {{order.orderNumber}}',
      message: '<p>Hierbij onze order.</p>',
      includePdf: false,
      includeConfirmationLink: true,
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  // The customer answers from the link in the mail, over the public JSON call.
  const link = await linkFromOutbox(request, CUSTOMER_EMAIL, '/confirm/');
  const token = link.split('/confirm/')[1]!;
  const answer = await request.post(`/api/public/confirm/${token}`, {
    data: {
      decision: 'change',
      name: 'Petra Jansen',
      note: 'Montage doen we zelf.',
      lines: [
        { lineIndex: 0, status: 'changed', quantity: 2, deliveryDate: '2030-06-12' },
        { lineIndex: 1, status: 'rejected' },
      ],
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);

  // The list: the badge, and the filter in the address.
  await page.goto('/inkooporders?antwoord=wijziging');
  const row = page.getByRole('row').filter({ hasText: order.orderNumber });
  await expect(row.getByText(RESPONSE_LABELS.changes_requested)).toBeVisible();
  await expect(page.getByLabel(responseLabels.filter)).toHaveValue('changes_requested');
  await shoot(page, 'list');

  // The dashboard's number leads to the same list.
  await page.goto('/');
  const tile = page.getByTestId('responses-changes_requested');
  await expect(tile).toContainText('1');
  await shoot(page, 'dashboard');

  // The order form: the answer, the changes line by line, and taking them over.
  await page.goto(`/inkooporders/${order._id}/edit`);
  await expect(panel(page).getByRole('heading', { name: RESPONSE_LABELS.changes_requested })).toBeVisible();
  await expect(panel(page)).toContainText('Montage doen we zelf.');
  await expect(panel(page).getByRole('row').filter({ hasText: 'Montage' })).toContainText('Niet gewenst');
  await shoot(page, 'form-panel');
  for (const [viewport, theme] of [
    [PHONE, 'dark'],
    [DESKTOP, 'dark'],
    [PHONE, 'light'],
  ] as const) {
    const other = await themedPage(browser, page.context(), viewport, theme);
    await other.goto(`/inkooporders/${order._id}/edit`);
    await expect(panel(other)).toBeVisible();
    await shoot(other, `form-panel-${viewport.width}-${theme}`, { fullPage: true });
    await other.context().close();
  }

  await panel(page).getByRole('button', { name: confirmationLabels.takeOver }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('opnieuw');
  await dialog.getByRole('button', { name: confirmationLabels.takeOver }).click();
  await expect(panel(page)).toContainText(responseLabels.appliedAt);
  await expect(panel(page).getByRole('button', { name: confirmationLabels.takeOver })).toHaveCount(0);

  const after = await page.request.get(`/api/orders/${order._id}`);
  const body = (await after.json()) as {
    items: { description: string; quantity: number }[];
    deliveryDate: string;
  };
  expect(body.items.map((i) => [i.description, i.quantity])).toEqual([
    ['Bureaustoel', 2],
    ['Handboek', 1],
  ]);
  expect(body.deliveryDate).toBe('2030-06-12');
});
