import { type Download, expect, type Locator, type Page, type Request, test } from '@playwright/test';
import { loginOverHttp, signUpAndLogin, type TestUser } from './support/auth';
import { clearOfMidnight } from './support/clock-guard';
import { amsterdamYear } from './support/dates';
import { readOrderPdf } from './support/downloads';
import {
  formPdfButton,
  ordersTable,
  pdfButton,
  recentTable,
  rowOf,
  sendNowDialog,
} from './support/order-screens';
import { type CreatedOrder, createCustomer, createOrder } from './support/orders';
import { DESKTOP, devicePage, galleryViews, shotsNamed, themedPage } from './support/screens';
import { failProcedure } from './support/trpc-faults';

/**
 * The PDF action in the UI (spec §2 and §8): a row of the orders list, a row of the
 * dashboard's Recente Orders and 'PDF downloaden' on the edit form make the order's PDF, show progress
 * on that one button meanwhile, and hand the browser a file named after the order; a failure shows
 * the spec's text. Screenshots of the progress and error states at 1280 and 375 px, light and dark.
 */

/** Spec §8, written out here rather than imported: the test checks the app's wording, not its constant. */
const PDF_ERROR = 'Er is een fout opgetreden bij het genereren van de PDF.';
const UNAVAILABLE =
  'Er is een fout opgetreden bij het genereren van de PDF: PDF-bestanden kunnen op deze server niet worden gemaakt. Neem contact op met de beheerder.';

const shoot = shotsNamed('pdf-download');

/**
 * Holds this order's `pdf.orderLink` requests (the batched GET carries the id in its input) until
 * `release()`: the progress state stays on screen for as long as the test looks at it.
 */
async function holdPdf(page: Page, orderId: string) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const matcher = (url: URL) =>
    url.pathname.startsWith('/trpc/') &&
    decodeURIComponent(url.pathname).includes('pdf.orderLink') &&
    decodeURIComponent(url.search).includes(orderId);
  await page.route(matcher, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** A busy PDF button: spinner in place of the icon, disabled, aria-busy. */
async function expectBusy(button: Locator) {
  await expect(button).toHaveAttribute('aria-busy', 'true');
  await expect(button).toBeDisabled();
  await expect(button.locator('.ui-spinner')).toBeVisible();
}

async function expectIdle(button: Locator) {
  await expect(button).toBeEnabled();
  await expect(button).not.toHaveAttribute('aria-busy', /.*/);
}

test.describe('PDF download from the list, the dashboard and the order form', () => {
  test.describe.configure({ mode: 'serial' });

  let user: TestUser;
  let year: number;
  let kozijnen: CreatedOrder;
  let dak: CreatedOrder;

  /**
   * The file the browser got: named after the order, a PDF, and its text (for what it shows). Its
   * address carries a short-lived link token for that one file, never the session's token.
   */
  async function expectPdfOf(download: Download, order: CreatedOrder): Promise<string> {
    expect(download.suggestedFilename()).toMatch(new RegExp(`^INK-${year}-\\d+\\.pdf$`));
    expect(new URL(download.url()).search).toMatch(/^\?token=dl_[a-z2-7]{32}$/);
    return readOrderPdf(download, order.orderNumber);
  }

  test.beforeAll(async ({ browser }) => {
    // Order numbers carry the Dutch year and Recente Orders shows this month: no turn during the run.
    await clearOfMidnight('month', 10 * 60_000);
    const page = await devicePage(browser, DESKTOP);
    user = await signUpAndLogin(page);
    year = amsterdamYear();
    const customer = await createCustomer(page.request, {
      name: 'Sanne Visser',
      company: 'Bouwbedrijf Visser BV',
      email: 'sanne@visser-bouw.nl',
    });
    const line = { description: 'Houten kozijn met HR++ glas', quantity: 4, price: 250, vat: 21 as const };
    kozijnen = await createOrder(page.request, {
      customer,
      date: new Date(),
      project: 'Kozijnen Zuidzijde',
      status: 'concept',
      items: [line],
    });
    dak = await createOrder(page.request, {
      customer,
      date: new Date(),
      project: 'Dakrenovatie Noord',
      status: 'sent',
      items: [{ ...line, description: 'Dakpannen vervangen', quantity: 10, price: 45 }],
    });
    for (const order of [kozijnen, dak]) expect(order.orderNumber).toMatch(new RegExp(`^INK-${year}-\\d+$`));
    await page.context().close();
  });

  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await loginOverHttp(page, user);
  });

  test('a row of the orders list: progress on that row only, then the file', async ({ page }) => {
    await page.goto('/inkooporders');
    const table = ordersTable(page);
    const first = pdfButton(rowOf(table, kozijnen.orderNumber), kozijnen.orderNumber);
    const second = pdfButton(rowOf(table, dak.orderNumber), dak.orderNumber);
    await expect(first).toHaveAccessibleName(`PDF van order ${kozijnen.orderNumber} downloaden`);

    const release = await holdPdf(page, kozijnen._id);
    await first.click();
    await expectBusy(first);
    await expect(first).toHaveAccessibleName(`PDF van order ${kozijnen.orderNumber} wordt gemaakt...`);
    await expect(table).not.toHaveAttribute('aria-busy', /.*/);

    // The other row stays usable while the first document is still being made.
    await expectIdle(second);
    const [secondFile] = await Promise.all([page.waitForEvent('download'), second.click()]);
    const dakText = await expectPdfOf(secondFile, dak);
    expect(dakText).toContain('Dakrenovatie Noord');
    await expectBusy(first);

    // Held until now, so the next download is the first row's.
    const firstDownload = page.waitForEvent('download', { timeout: 30_000 });
    release();
    const kozijnenText = await expectPdfOf(await firstDownload, kozijnen);
    expect(kozijnenText).toContain('Bouwbedrijf Visser BV');
    expect(kozijnenText).toContain('Houten kozijn met HR++ glas');
    await expectIdle(first);
    await expect(page.getByText(PDF_ERROR)).toHaveCount(0);
  });

  test('a row of the dashboard’s Recente Orders', async ({ page }) => {
    await page.goto('/');
    const row = rowOf(recentTable(page), dak.orderNumber);
    const button = pdfButton(row, dak.orderNumber);
    const release = await holdPdf(page, dak._id);
    const download = page.waitForEvent('download', { timeout: 30_000 });
    // From the keyboard: the disabled button loses the focus meanwhile and gets it back afterwards.
    await button.focus();
    await page.keyboard.press('Enter');
    await expectBusy(button);
    release();
    await expectPdfOf(await download, dak);
    await expectIdle(button);
    await expect(button).toBeFocused();
  });

  test('‘PDF downloaden’ on the edit form; with unsaved changes it asks, saved or saved first', async ({
    page,
  }) => {
    await page.goto('/nieuwe-order');
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe Inkooporder' })).toBeVisible();
    // Only a saved order has a PDF.
    await expect(formPdfButton(page)).toHaveCount(0);

    // The page's clock runs as usual, but can be moved on: past the send question's moment below.
    await page.clock.install();
    await page.goto(`/inkooporders/${kozijnen._id}/edit`);
    const button = formPdfButton(page);
    await expect(button).toHaveText('PDF downloaden');

    await test.step('unchanged: straight to the file, with progress', async () => {
      const release = await holdPdf(page, kozijnen._id);
      const download = page.waitForEvent('download', { timeout: 30_000 });
      await button.click();
      await expectBusy(button);
      await expect(button).toHaveText('PDF wordt gemaakt...');
      release();
      await expectPdfOf(await download, kozijnen);
      await expectIdle(button);
      await expect(button).toHaveText('PDF downloaden');
      await expect(button).toBeFocused();
    });

    const project = page.getByRole('textbox', { name: 'Project' });
    await project.fill('Kozijnen Zuidzijde en achtergevel');
    const dialog = page.getByRole('dialog', { name: 'Wijzigingen nog niet opgeslagen' });

    await test.step('unsaved changes: closing the question does nothing', async () => {
      await button.click();
      await expect(dialog).toContainText('De PDF wordt gemaakt van de opgeslagen order');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(project).toHaveValue('Kozijnen Zuidzijde en achtergevel');
    });

    await test.step('unsaved changes: the saved version, the form keeps the changes', async () => {
      await button.click();
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        dialog.getByRole('button', { name: 'Opgeslagen versie downloaden' }).click(),
      ]);
      const text = await expectPdfOf(download, kozijnen);
      expect(text).toContain('Kozijnen Zuidzijde');
      expect(text).not.toContain('achtergevel');
      await expect(project).toHaveValue('Kozijnen Zuidzijde en achtergevel');
      await expect(page.getByText(`Order ${kozijnen.orderNumber} is succesvol bijgewerkt!`)).toHaveCount(0);
    });

    await test.step('unsaved changes that cannot be saved: the errors, no save, no file', async () => {
      const description = page
        .getByRole('listitem', { name: 'Regel 1', exact: true })
        .getByRole('textbox', { name: 'Omschrijving', exact: true });
      await description.fill('');
      // What would come before a file: the save, the print call, the download itself.
      const calls: string[] = [];
      const call = (request: Request) => {
        const url = decodeURIComponent(request.url());
        if (/orders\.update|pdf\.order|\/api\/pdf\//.test(url)) calls.push(url);
      };
      let downloads = 0;
      const count = () => downloads++;
      page.on('request', call);
      page.on('download', count);
      await button.click();
      await dialog.getByRole('button', { name: 'Opslaan en downloaden' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Omschrijving is verplicht').first()).toBeVisible();
      await expect(description).toBeFocused();
      // The form refused before saving: the button is usable again and nothing was asked of the server.
      await expectIdle(button);
      expect(calls).toEqual([]);
      expect(downloads).toBe(0);
      page.off('request', call);
      page.off('download', count);
      const stored = await page.request.get(`/api/orders/${kozijnen._id}`);
      expect(((await stored.json()) as { project: string }).project).toBe('Kozijnen Zuidzijde');
      await description.fill('Houten kozijn met HR++ glas');
    });

    await test.step('unsaved changes: save, then the PDF of what was saved', async () => {
      await button.click();
      const release = await holdPdf(page, kozijnen._id);
      const download = page.waitForEvent('download', { timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Opslaan en downloaden' }).click();
      await expect(page.getByText(`Order ${kozijnen.orderNumber} is succesvol bijgewerkt!`)).toBeVisible();
      await expectBusy(button);
      // The send question (800 ms after a save) waits until the PDF is there: the page's clock moved
      // well past that moment, still no question.
      await page.clock.fastForward(2_000);
      // A frame later anything the moment set off is on screen.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
      await expect(sendNowDialog(page)).toHaveCount(0);
      release();
      const text = await expectPdfOf(await download, kozijnen);
      expect(text).toContain('Kozijnen Zuidzijde en achtergevel');
      await expect(sendNowDialog(page)).toBeVisible();
      const stored = await page.request.get(`/api/orders/${kozijnen._id}`);
      expect(((await stored.json()) as { project: string }).project).toBe(
        'Kozijnen Zuidzijde en achtergevel',
      );
    });
  });

  test('a refused or failed PDF shows the spec’s text, and the button is usable again', async ({ page }) => {
    await test.step('orders list: a 503 with the spec text alone', async () => {
      await page.goto('/inkooporders');
      const button = pdfButton(rowOf(ordersTable(page), dak.orderNumber), dak.orderNumber);
      const restore = await failProcedure(page, 'pdf.orderLink', { httpStatus: 503, message: PDF_ERROR });
      let downloads = 0;
      page.on('download', () => downloads++);
      await button.click();
      const toast = page.getByRole('alert').filter({ hasText: PDF_ERROR });
      await expect(toast).toBeVisible();
      await expect(toast).toHaveText(PDF_ERROR);
      await expectIdle(button);
      expect(downloads).toBe(0);
      await restore();
    });

    await test.step('dashboard: no answer at all', async () => {
      await page.goto('/');
      const button = pdfButton(rowOf(recentTable(page), dak.orderNumber), dak.orderNumber);
      const restore = await failProcedure(page, 'pdf.orderLink', 'network');
      await button.click();
      const toast = page.getByRole('alert').filter({ hasText: PDF_ERROR });
      await expect(toast).toBeVisible();
      await expect(toast).toContainText('Kan de server niet bereiken.');
      await expectIdle(button);
      await restore();
    });

    await test.step('edit form: the printer’s reason under the spec text; then it works again', async () => {
      await page.goto(`/inkooporders/${dak._id}/edit`);
      const button = formPdfButton(page);
      const restore = await failProcedure(page, 'pdf.orderLink', { httpStatus: 503, message: UNAVAILABLE });
      await button.click();
      const toast = page.getByRole('alert').filter({ hasText: PDF_ERROR });
      await expect(toast).toBeVisible();
      await expect(toast.locator('.ui-notice__title')).toHaveText(PDF_ERROR);
      await expect(toast.locator('.ui-notice__text')).toHaveText(
        'PDF-bestanden kunnen op deze server niet worden gemaakt. Neem contact op met de beheerder.',
      );
      await expectIdle(button);
      await restore();
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        button.click(),
      ]);
      await expectPdfOf(download, dak);
    });
  });

  test('screenshots: progress and error at 1280 and 375 px, light and dark', async ({ page }) => {
    test.setTimeout(180_000);
    for (const { viewport, size: device, theme } of galleryViews()) {
      const shotPage = await themedPage(page.context().browser()!, page.context(), viewport, theme);
      const name = `${theme}-${device}`;

      await shotPage.goto('/inkooporders');
      const row = rowOf(ordersTable(shotPage), kozijnen.orderNumber);
      const button = pdfButton(row, kozijnen.orderNumber);
      let release = await holdPdf(shotPage, kozijnen._id);
      let download = shotPage.waitForEvent('download', { timeout: 30_000 });
      await button.click();
      await expectBusy(button);
      await shoot(shotPage, `list-progress-${name}`);
      release();
      await download;

      const restore = await failProcedure(shotPage, 'pdf.orderLink', {
        httpStatus: 503,
        message: UNAVAILABLE,
      });
      await button.click();
      await expect(shotPage.getByRole('alert').filter({ hasText: PDF_ERROR })).toBeVisible();
      await shoot(shotPage, `list-error-${name}`);
      await restore();

      await shotPage.goto(`/inkooporders/${kozijnen._id}/edit`);
      const formButton = formPdfButton(shotPage);
      await formButton.scrollIntoViewIfNeeded();
      release = await holdPdf(shotPage, kozijnen._id);
      download = shotPage.waitForEvent('download', { timeout: 30_000 });
      await formButton.click();
      await expectBusy(formButton);
      await shoot(shotPage, `form-progress-${name}`);
      release();
      await download;

      await shotPage.getByRole('textbox', { name: 'Project' }).fill('Kozijnen Zuidzijde, gewijzigd');
      await formButton.click();
      await expect(shotPage.getByRole('dialog', { name: 'Wijzigingen nog niet opgeslagen' })).toBeVisible();
      await shoot(shotPage, `form-unsaved-${name}`);
      await shotPage.context().close();
    }
  });
});
