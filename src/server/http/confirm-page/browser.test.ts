import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationMessages } from '../../../shared/order-confirmation-states';
import {
  type FakeConfirmPort,
  fakeConfirmPort,
  sampleConfirmation,
} from '../../../test/confirm-page-fixtures';
import { testConfig } from '../../../test/context';
import type { AppDeps } from '../../deps';
import { findChromium } from '../../services/pdf/printer-executable';
import { registerConfirmPage } from './routes';

/**
 * The page in a real browser, as a customer meets it: JavaScript off, a phone's width. The browser
 * sends what it sends on the page's own post (under no-referrer: `Origin: null`, `Sec-Fetch-Site:
 * same-origin`), applies the CSP to the stylesheet, and follows the redirect; a unit test only
 * imitates those.
 */
describe('the order page in Chromium, JavaScript off', () => {
  let app: FastifyInstance;
  let browser: Browser;
  let base: string;
  let port: FakeConfirmPort;

  beforeAll(async () => {
    port = fakeConfirmPort({ waiting: sampleConfirmation() });
    // APP_URL must be known before the routes are: a free port is found first.
    const probe = Fastify({ logger: false });
    await probe.listen({ port: 0, host: '127.0.0.1' });
    const address = probe.server.address();
    await probe.close();
    const free = typeof address === 'object' && address ? address.port : 0;
    base = `http://127.0.0.1:${free}`;
    const deps = { config: testConfig({ appUrl: base }), log: pino({ level: 'silent' }) } as AppDeps;
    app = Fastify({ logger: false });
    await registerConfirmPage(app, { deps, port });
    await app.listen({ port: free, host: '127.0.0.1' });
    const executablePath = findChromium(process.env.CHROMIUM_PATH).path ?? undefined;
    browser = await chromium.launch({ executablePath });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('asks for changes on two lines: a mistake comes back with its message, then the answer is recorded once', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 375, height: 800 },
    });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (message) => refused.push(message.text()));
    await page.goto(`${base}/confirm/waiting`);

    await page.getByLabel('Wijziging aanvragen').check();
    await page.locator('#lines-0-status-changed').check();
    await page.locator('#lines-0-quantity').fill('veel');
    await page.locator('#lines-2-status-rejected').check();
    await page.getByLabel('Uw naam').fill('Sanne Jansen');
    await page.getByRole('button', { name: 'Antwoord versturen' }).click();

    // Refused by the service: the page again, with the message beside the quantity and what was typed.
    await expect.poll(() => page.locator('#lines-0-quantity-error').count()).toBe(1);
    expect(page.url()).toBe(`${base}/confirm/waiting#answer`);
    expect(await page.locator('#lines-0-quantity').inputValue()).toBe('veel');
    expect(await page.locator('#lines-2-status-rejected').isChecked()).toBe(true);
    expect(await page.getByLabel('Uw naam').inputValue()).toBe('Sanne Jansen');

    await page.locator('#lines-0-quantity').fill('45');
    await page.getByRole('button', { name: 'Antwoord versturen' }).click();
    await expect.poll(() => page.getByText(confirmationMessages.recorded).count()).toBe(1);
    expect(await page.locator('form').count()).toBe(0);
    expect(port.calls.answer.at(-1)?.input).toEqual({
      decision: 'change',
      name: 'Sanne Jansen',
      lines: [
        { lineIndex: 0, status: 'changed', quantity: '45' },
        { lineIndex: 1, status: 'accepted' },
        { lineIndex: 2, status: 'rejected' },
        { lineIndex: 3, status: 'accepted' },
      ],
    });

    // Post/Redirect/Get: reloading shows the answer and posts nothing again.
    const answers = port.calls.answer.length;
    await page.reload();
    expect(port.calls.answer).toHaveLength(answers);
    // The stylesheet applied under the CSP: no refusal in the console.
    expect(refused.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    await context.close();
  });

  it('styles the page with its own stylesheet, allowed by the CSP’s hash', async () => {
    // Script on here, only to read the computed style.
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`${base}/confirm/waiting`);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(11, 13, 18)');
    await context.close();
  });
});
