import { expect, test } from '@playwright/test';
import { startWebhookReceiver } from '../src/test/webhook-receiver';
import { signUpAndLogin } from './support/auth';
import { DESKTOP, galleryViews, PHONE, shotsNamed, themedPage } from './support/screens';
import { verifyWebhook as verify } from './support/webhooks';

const shot = shotsNamed('webhooks');

test('add a webhook, see its secret once, send a test event and find it in the log', async ({
  page,
  browser,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    await page.setViewportSize(DESKTOP);
    await signUpAndLogin(page);
    await page.goto('/bedrijfsinstellingen#beveiliging');
    await page.getByRole('button', { name: 'Webhook toevoegen' }).click();
    const form = page.getByRole('form', { name: 'Webhook toevoegen' });

    await form.getByRole('button', { name: 'Opslaan' }).click();
    await expect(form.getByText('Kies minstens één gebeurtenis')).toBeVisible();
    await shot(page, 'form-1280-light');

    await form.getByLabel('URL').fill(receiver.url('/e2e'));
    await form.getByLabel('Order aangemaakt').check();
    await form.getByLabel('Order verzonden').check();
    await form.getByRole('button', { name: 'Opslaan' }).click();

    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    const item = page.getByTestId('webhook-item');
    await expect(item).toContainText(receiver.url('/e2e'));
    await expect(item).toContainText('Order aangemaakt · Order verzonden');
    await shot(page, 'added-1280-light');

    await item.getByRole('button', { name: 'Test versturen' }).click();
    await expect(item.getByTestId('webhook-delivery').first()).toContainText('200', { timeout: 20_000 });
    await expect(item.getByTestId('webhook-delivery').first()).toContainText('Testbericht');
    const [received] = receiver.at('/e2e');
    expect(JSON.parse(received!.body)).toMatchObject({ type: 'webhook.test' });
    expect(verify(secret, received!.headers, received!.body)).toBe(true);

    // The secret is not shown again once the page is reopened.
    await page.reload();
    await expect(page.getByTestId('webhook-item')).toBeVisible();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

    await page.getByRole('button', { name: 'Pauzeren' }).click();
    await expect(page.getByTestId('webhook-item')).toContainText('Gepauzeerd');
    await page.getByRole('button', { name: 'Aflevering-log' }).click();
    await expect(page.getByTestId('webhook-delivery').first()).toBeVisible();
    await shot(page, 'log-1280-light');

    for (const { viewport, theme, width } of galleryViews({ besides: 'desktop-light' })) {
      const name = `${width}-${theme}`;
      const other = await themedPage(browser, page.context(), viewport, theme);
      await other.goto('/bedrijfsinstellingen#beveiliging');
      await other.getByRole('button', { name: 'Aflevering-log' }).click();
      await expect(other.getByTestId('webhook-delivery').first()).toBeVisible();
      await other.getByTestId('webhook-item').scrollIntoViewIfNeeded();
      await shot(other, `log-${name}`);
      await other.context().close();
    }

    // A webhook whose deliveries failed until the last retry, a day later (webhooks.int.test.ts; here
    // the list's answer says so): marked in the list with the moment, in both themes and on a phone.
    for (const { viewport, theme, width } of galleryViews()) {
      const name = `${width}-${theme}`;
      const other = await themedPage(browser, page.context(), viewport, theme);
      // Batched with the other calls of the screen, as the client sends it.
      await other.route('**/trpc/**', async (route) => {
        if (!route.request().url().includes('webhooks.list')) return route.continue();
        const response = await route.fetch();
        const body = (await response.text())
          .replace('"failing":false', '"failing":true')
          .replace('"failingSince":null', '"failingSince":"2026-11-20T10:15:00.000Z"');
        await route.fulfill({ response, body });
      });
      await other.goto('/bedrijfsinstellingen#beveiliging');
      const failing = other.getByTestId('webhook-item');
      await expect(failing).toContainText('Aflevering mislukt sinds 20-11-2026 11:15');
      await failing.scrollIntoViewIfNeeded();
      await shot(other, `failing-${name}`);
      await other.context().close();
    }

    await page.getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Verwijderen' }).click();
    await expect(page.getByTestId('webhook-item')).toHaveCount(0);
    await expect(page.getByText('Nog geen webhooks.')).toBeVisible();
  } finally {
    await receiver.close();
  }
});

test('says at the URL that the webhook exists already, and when test events or webhooks run out', async ({
  page,
  browser,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    await page.setViewportSize(DESKTOP);
    await signUpAndLogin(page);
    await page.goto('/bedrijfsinstellingen#beveiliging');
    const form = page.getByRole('form', { name: 'Webhook toevoegen' });
    const add = async (url: string) => {
      await page.getByRole('button', { name: 'Webhook toevoegen' }).click();
      await form.getByLabel('URL').fill(url);
      await form.getByLabel('Order aangemaakt').check();
      await form.getByRole('button', { name: 'Opslaan' }).click();
    };
    await add(receiver.url('/dubbel'));
    await expect(page.getByTestId('webhook-secret')).toBeVisible();

    // The same address with the same events again: said at the URL, and the form stays open.
    await add(receiver.url('/dubbel'));
    await expect(
      form.getByText('Er is al een webhook voor dit adres met dezelfde gebeurtenissen.'),
    ).toBeVisible();
    await shot(page, 'duplicate-1280-light');
    await form.getByRole('button', { name: 'Annuleren' }).click();
    await expect(page.getByTestId('webhook-item')).toHaveCount(1);

    // Ten test events an account may send in ten minutes; 'Test versturen' then says to wait.
    const [hook] = (await (await page.request.get('/api/webhooks')).json()) as { _id: string }[];
    for (let i = 0; i < 10; i++) {
      const sent = await page.request.post(`/api/webhooks/${hook!._id}/test`, { data: {} });
      expect(sent.status(), await sent.text()).toBe(200);
    }
    const item = page.getByTestId('webhook-item');
    await item.getByRole('button', { name: 'Test versturen' }).click();
    await expect(item.getByText('U heeft te veel testberichten verstuurd.')).toBeVisible();
    await shot(page, 'test-limit-1280-light');

    // Twenty webhooks are the most: no button to add one, and the reason in its place.
    for (let i = 1; i < 20; i++) {
      const made = await page.request.post('/api/webhooks', {
        data: { url: receiver.url(`/vol/${i}`), events: ['order.created'] },
      });
      expect(made.status(), await made.text()).toBe(200);
    }
    await page.reload();
    await expect(page.getByTestId('webhook-item')).toHaveCount(20);
    const full = page.getByText('U heeft het maximum van 20 webhooks bereikt.');
    await expect(full).toBeVisible();
    await expect(page.getByRole('button', { name: 'Webhook toevoegen' })).toHaveCount(0);
    await full.scrollIntoViewIfNeeded();
    await shot(page, 'limit-1280-light');
    // The same on a phone in the dark theme: the reason wraps, nothing runs off the screen.
    const phone = await themedPage(browser, page.context(), PHONE, 'dark');
    await phone.goto('/bedrijfsinstellingen#beveiliging');
    const phoneFull = phone.getByText('U heeft het maximum van 20 webhooks bereikt.');
    await expect(phoneFull).toBeVisible();
    await phoneFull.scrollIntoViewIfNeeded();
    await shot(phone, 'limit-375-dark');
    await phone.context().close();
  } finally {
    await receiver.close();
  }
});
