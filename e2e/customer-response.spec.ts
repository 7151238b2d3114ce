import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  confirmationLabels,
  confirmationMessages,
  RESPONSE_LABELS,
  responseLabels,
} from '../src/shared/order-confirmation-states';
import { startWebhookReceiver, waitFor } from '../src/test/webhook-receiver';
import { signUpAndLogin, uniqueEmail } from './support/auth';
import { ordersTable, rowOf, sendDialog } from './support/order-screens';
import { createCustomer, createOrder } from './support/orders';
import { linkFromOutbox, mailsTo } from './support/outbox';
import { type Expected, guardPage, type PageGuard } from './support/page-guard';
import {
  DESKTOP,
  deviceOptions,
  galleryViews,
  PHONE,
  shotsNamed,
  type Theme,
  themedPage,
  type Viewport,
} from './support/screens';

/**
 * The loop with the customer: an order goes out from the send dialog with its personal link; the
 * customer opens the link on a phone with JavaScript off and asks for changes on two lines; the seller
 * sees the answer on the list, the dashboard and the order form, gets the e-mail and the webhook, takes
 * the changes over and sends again, after which the old link says it was replaced; a second order is
 * accepted on a desktop with JavaScript on. The customer's page is shot in both themes by switching the
 * colour scheme it follows (it has no theme of its own), the seller's screens desktop light and phone dark.
 */

const shoot = shotsNamed('customer-response');
const EVENTS = ['order.accepted', 'order.rejected', 'order.changes_requested'] as const;

type Delivery = { type: string };

/** The customer's own browser: no session, at a size, with or without JavaScript. */
async function customerPage(browser: Browser, viewport: Viewport, javaScriptEnabled: boolean) {
  const { baseURL, locale, timezoneId } = test.info().project.use;
  const context = await browser.newContext({
    ...deviceOptions(viewport),
    baseURL,
    locale,
    timezoneId,
    javaScriptEnabled,
  });
  return { page: await context.newPage(), guard: guardPage(context) };
}

/** The customer's page in both of its colour schemes (it follows the visitor's setting). */
async function shootBothSchemes(page: Page, name: string, first: Theme) {
  for (const scheme of first === 'dark' ? (['dark', 'light'] as const) : (['light', 'dark'] as const)) {
    await page.emulateMedia({ colorScheme: scheme });
    await shoot(page, `${name}-${scheme}`, { fullPage: true });
  }
}

/** Sends an order from the orders list's send dialog, with the link as it is by default. */
async function sendFromList(page: Page, orderNumber: string, recipient: string) {
  const dialog = sendDialog(page);
  await page.goto('/inkooporders');
  await page.getByRole('button', { name: `Order ${orderNumber} per e-mail versturen` }).click();
  await expect(dialog.getByRole('textbox', { name: 'E-mailadres ontvanger' })).toHaveValue(recipient);
  await expect(dialog.getByRole('checkbox', { name: confirmationLabels.includeLink })).toBeChecked();
  return dialog;
}

async function send(page: Page, orderNumber: string, recipient: string) {
  const dialog = await sendFromList(page, orderNumber, recipient);
  await dialog.getByRole('button', { name: 'Versturen' }).click();
  await expect(dialog.getByRole('heading', { name: 'E-mail verzonden' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Sluiten' }).last().click();
}

test('the customer answers from the link; the seller sees it, takes the changes over and sends again', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const receiver = await startWebhookReceiver();
  const guard = guardPage(page.context());
  const deliveries = () => receiver.at('/antwoord').map((r) => JSON.parse(r.body) as Delivery);
  try {
    await page.setViewportSize(DESKTOP);
    const user = await signUpAndLogin(page, request, { company: 'Antwoord Installatie B.V.' });
    // Signing in lands on the dashboard, whose queries are still on their way: leaving before they
    // answer aborts them, which the page guard rightly counts as failed requests.
    await page.waitForLoadState('networkidle');
    const jansen = uniqueEmail('jansen');
    const smit = uniqueEmail('smit');
    const hook = await page.request.post('/api/webhooks', {
      data: { url: receiver.url('/antwoord'), events: EVENTS },
    });
    expect(hook.status(), await hook.text()).toBe(200);
    const order = await createOrder(page.request, {
      customer: await createCustomer(page.request, {
        name: 'Petra Jansen',
        company: 'Jansen Bouw B.V.',
        email: jansen,
      }),
      date: new Date(),
      project: 'Kantoor',
      status: 'concept',
      items: [
        { description: 'Bureaustoel', quantity: 3, price: 200, vat: 21 },
        { description: 'Montage', quantity: 2, price: 45, vat: 21 },
        { description: 'Handboek', quantity: 1, price: 10, vat: 9 },
      ],
    });
    const second = await createOrder(page.request, {
      customer: await createCustomer(page.request, {
        name: 'Karel Smit',
        company: 'Smit Techniek',
        email: smit,
      }),
      date: new Date(),
      project: 'Werkplaats',
      status: 'concept',
      items: [{ description: 'Werkbank', quantity: 1, price: 400, vat: 21 }],
    });

    await guard.step('send the order from the dialog, with the link as it is by default', async () => {
      const dialog = await sendFromList(page, order.orderNumber, jansen);
      await dialog.getByRole('checkbox', { name: confirmationLabels.includeLink }).scrollIntoViewIfNeeded();
      await shoot(page, 'send-dialog-desktop-light');
      await dialog.getByRole('button', { name: 'Versturen' }).click();
      await expect(dialog.getByRole('heading', { name: 'E-mail verzonden' })).toBeVisible();
    });
    const link = await linkFromOutbox(page.request, jansen, '/confirm/');

    let customer: { page: Page; guard: PageGuard } | undefined;
    await test.step('the customer, on a phone without JavaScript, asks for changes on two lines', async () => {
      customer = await customerPage(browser, PHONE, false);
      const { page: phone, guard: phoneGuard } = customer;
      await phoneGuard.step('fill in the answer', async () => {
        await phone.goto(link);
        await expect(phone.getByRole('heading', { name: order.orderNumber, level: 1 })).toBeVisible();
        await phone.getByRole('radio', { name: new RegExp(`^${confirmationLabels.change}`) }).check();
        const chair = phone.getByRole('group', { name: /^Bureaustoel/ });
        await chair.getByRole('radio', { name: confirmationLabels.lineChanged }).check();
        await chair.getByRole('textbox', { name: /Gewenst aantal/ }).fill('2');
        await phone
          .getByRole('group', { name: /^Montage/ })
          .getByRole('radio', { name: confirmationLabels.lineRejected })
          .check();
        await phone
          .getByRole('textbox', { name: new RegExp(`^${confirmationLabels.note}`) })
          .fill('Montage doen we zelf.');
        await phone
          .getByRole('textbox', { name: new RegExp(`^${confirmationLabels.name}`) })
          .fill('Petra Jansen');
        await shootBothSchemes(phone, 'page-change-375', 'dark');
      });
      await phoneGuard.step('send it: the page shows what was recorded', async () => {
        await phone.getByRole('button', { name: 'Antwoord versturen' }).click();
        await expect(phone.getByRole('status')).toHaveText(confirmationMessages.recorded);
        const answer = phone.locator('#answer');
        await expect(answer).toContainText(RESPONSE_LABELS.changes_requested);
        await expect(answer).toContainText('Petra Jansen');
        await expect(answer).toContainText('Montage doen we zelf.');
        await expect(answer.getByRole('listitem').filter({ hasText: 'Bureaustoel' })).toContainText('2');
        await expect(answer.getByRole('listitem').filter({ hasText: 'Montage' })).toContainText(
          confirmationLabels.lineRejected,
        );
        await expect(answer.getByRole('button', { name: 'Antwoord versturen' })).toHaveCount(0);
        await shootBothSchemes(phone, 'page-recorded-375', 'dark');
      });
    });

    await guard.step('the seller: the badge and the filter on the list', async () => {
      await page.goto('/inkooporders');
      const table = ordersTable(page);
      await expect(
        rowOf(table, order.orderNumber).getByText(RESPONSE_LABELS.changes_requested),
      ).toBeVisible();
      await page.getByLabel(responseLabels.filter).selectOption('changes_requested');
      await expect(page).toHaveURL(/[?&]antwoord=wijziging/);
      await expect(rowOf(table, order.orderNumber)).toBeVisible();
      await expect(rowOf(table, second.orderNumber)).toHaveCount(0);
      await shoot(page, 'list-desktop-light');
    });

    await guard.step('the dashboard counts the change request', async () => {
      await page.goto('/');
      await expect(page.getByTestId('responses-changes_requested')).toContainText('1');
      await shoot(page, 'dashboard-desktop-light');
    });

    const panel = page.locator('.response-panel');
    await guard.step("the order form's panel: who, the note and the lines", async () => {
      await page.goto(`/inkooporders/${order._id}/edit`);
      await expect(panel.getByRole('heading', { name: RESPONSE_LABELS.changes_requested })).toBeVisible();
      await expect(panel).toContainText('Petra Jansen');
      await expect(panel).toContainText('Montage doen we zelf.');
      await expect(panel.getByRole('row').filter({ hasText: 'Montage' })).toContainText(
        confirmationLabels.lineRejected,
      );
      await panel.scrollIntoViewIfNeeded();
      await shoot(page, 'form-panel-desktop-light');
      for (const { viewport, theme, name } of galleryViews({ besides: 'desktop-light' })) {
        const other = await themedPage(browser, page.context(), viewport, theme);
        await other.goto(`/inkooporders/${order._id}/edit`);
        const otherPanel = other.locator('.response-panel');
        await expect(otherPanel.getByRole('row').filter({ hasText: 'Montage' })).toBeVisible();
        // A line's name stays whole beside the order's figures: a word breaks only when it cannot fit.
        const chair = otherPanel.getByRole('rowheader', { name: 'Bureaustoel' });
        expect(
          await chair.evaluate((cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            return range.getClientRects().length;
          }),
          `lines of "Bureaustoel" (${name})`,
        ).toBe(1);
        await otherPanel.scrollIntoViewIfNeeded();
        await shoot(other, `form-panel-${name}`);
        await other.context().close();
      }
    });

    await test.step("the writer's e-mail, answerable to the customer, and the webhook", async () => {
      const mails = await mailsTo(page.request, user.email, 2);
      const mail = mails.find((m) => m.replyTo?.includes(jansen));
      expect(mail, 'a mail to the writer with Reply-To the customer').toBeTruthy();
      expect(mail!.subject).toContain(order.orderNumber);
      expect(mail!.text).toContain('Montage doen we zelf.');
      await waitFor('the order.changes_requested delivery', () =>
        deliveries().some((d) => d.type === 'order.changes_requested'),
      );
      expect(deliveries().map((d) => d.type)).toEqual(['order.changes_requested']);
      expect(receiver.at('/antwoord')[0]!.body).toContain(order.orderNumber);
    });

    await guard.step("take the changes over ('Wijzigingen overnemen') and send again", async () => {
      await panel.getByRole('button', { name: confirmationLabels.takeOver }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toContainText(responseLabels.takeOverConfirm);
      await dialog.getByRole('button', { name: confirmationLabels.takeOver }).click();
      await expect(panel).toContainText(responseLabels.appliedAt);
      await expect(panel.getByRole('button', { name: confirmationLabels.takeOver })).toHaveCount(0);
      const after = (await (await page.request.get(`/api/orders/${order._id}`)).json()) as {
        items: { description: string; quantity: number }[];
      };
      expect(after.items.map((i) => [i.description, i.quantity])).toEqual([
        ['Bureaustoel', 2],
        ['Handboek', 1],
      ]);
      await send(page, order.orderNumber, jansen);
      // Sent again, the order waits for the customer's answer to its new version.
      await expect(
        rowOf(ordersTable(page), order.orderNumber).getByText(RESPONSE_LABELS.waiting),
      ).toBeVisible();
      await mailsTo(page.request, jansen, 2);
    });

    await customer!.guard.step(
      'the old link now says the order was changed and a new version was sent',
      async () => {
        const phone = customer!.page;
        await phone.emulateMedia({ colorScheme: 'dark' });
        const res = await phone.goto(link);
        expect(res?.status()).toBe(410);
        await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Deze order is gewijzigd');
        await expect(phone.getByText(confirmationMessages.replaced)).toBeVisible();
        await shootBothSchemes(phone, 'page-replaced-375', 'dark');
        await phone.context().close();
      },
      [
        { reason: 'a replaced link answers 410 Gone', response: { url: /\/confirm\//, status: 410 } },
      ] satisfies Expected[],
    );

    await test.step('a second order is accepted on a desktop with JavaScript on', async () => {
      // Sent over the API as the dialog posts it: the dialog itself was used for the first order.
      const sent = await page.request.post(`/api/orders/${second._id}/send-email`, {
        data: {
          recipient: smit,
          subject: 'Inkooporder {{order.orderNumber}}',
          message: '<p>Hierbij onze order.</p>',
          includePdf: false,
          includeConfirmationLink: true,
        },
      });
      expect(sent.status(), await sent.text()).toBe(200);
      const secondLink = await linkFromOutbox(page.request, smit, '/confirm/');
      const { page: desk, guard: deskGuard } = await customerPage(browser, DESKTOP, true);
      await deskGuard.step('accept it', async () => {
        await desk.goto(secondLink);
        await desk.getByRole('radio', { name: new RegExp(`^${confirmationLabels.accept}`) }).check();
        await desk
          .getByRole('textbox', { name: new RegExp(`^${confirmationLabels.name}`) })
          .fill('Karel Smit');
        await shootBothSchemes(desk, 'page-accept-1280', 'light');
        await desk.getByRole('button', { name: 'Antwoord versturen' }).click();
        await expect(desk.getByRole('status')).toHaveText(confirmationMessages.recorded);
        await expect(desk.locator('#answer')).toContainText(RESPONSE_LABELS.accepted);
        await shootBothSchemes(desk, 'page-accepted-1280', 'light');
      });
      await desk.context().close();
      await waitFor('the order.accepted delivery', () =>
        deliveries().some((d) => d.type === 'order.accepted'),
      );
      expect(deliveries().map((d) => d.type)).toEqual(['order.changes_requested', 'order.accepted']);
    });
  } finally {
    await receiver.close();
  }
});
