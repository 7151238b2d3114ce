import { expect, type Page, test } from '@playwright/test';
import { signUpAndLogin } from './support/auth';
import { DESKTOP, galleryViews, horizontalOverflow, SHOTS, shotsNamed, themedPage } from './support/screens';
import { PDF_SETTINGS_SAVED, pdfPanel } from './support/settings';
import { failProcedure } from './support/trpc-faults';

/**
 * Bedrijfsinstellingen › Document instellingen › PDF document: template, colours and font
 * change the live preview at once; save, reload, the values stay; a wrong colour code is refused with
 * the schema's text; screenshots at 1280 px and 375 px in light and dark.
 */

const shoot = shotsNamed('pdf-settings');
const BAD_PRIMARY = 'Primaire kleur moet een kleurcode zijn zoals #1E40AF';

/** The document in the live preview (not the ones in the template cards). */
const previewDocument = (page: Page) => page.getByTestId('pdf-preview-sheet').locator('article.od');
const hex = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const saveButton = (page: Page) => pdfPanel(page).getByRole('button', { name: 'Opslaan' });

/** The app's fixed bars would land across a shot of one element taller than the screen. */
const SHELL_CHROME_HIDDEN =
  '.shell-skip, .shell-header, .shell-topbar-mobile, .shell-bottombar, .settings-top { visibility: hidden !important; }';

async function openPanel(page: Page) {
  await page.goto('/bedrijfsinstellingen#documenten');
  await expect(previewDocument(page)).toBeVisible();
}

test('the PDF settings follow in the preview, save and stay after a reload', async ({ page, request }) => {
  test.setTimeout(150_000);
  await page.setViewportSize(DESKTOP);
  await signUpAndLogin(page, request, { company: 'Drukwerk Noord BV' });
  await openPanel(page);

  await test.step('defaults: Klassiek, blue, the standard font, the own company on the preview', async () => {
    await expect(page.getByRole('radio', { name: /Klassiek/ })).toBeChecked();
    await expect(hex(page, 'Primaire kleur')).toHaveValue('#1E40AF');
    await expect(hex(page, 'Secundaire kleur')).toHaveValue('#F3F4F6');
    await expect(page.getByRole('combobox', { name: 'Lettertype' })).toHaveValue('default');
    await expect(page.getByRole('switch', { name: 'Bankrekening tonen' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(previewDocument(page)).toHaveAttribute('data-template', 'classic');
    await expect(previewDocument(page)).toContainText('Drukwerk Noord BV');
    await expect(previewDocument(page)).toContainText('INK-2023-001');
  });

  await test.step('template, colours and font: the preview follows every change', async () => {
    await page.getByRole('radio', { name: /Modern/ }).check();
    await expect(previewDocument(page)).toHaveAttribute('data-template', 'modern');
    await expect(previewDocument(page)).toHaveClass(/od--modern/);

    await hex(page, 'Primaire kleur').fill('#0f766e');
    await expect(previewDocument(page).locator('.od-band')).toHaveCSS(
      'background-color',
      'rgb(15, 118, 110)',
    );
    await expect(page.getByLabel('Primaire kleur kiezen')).toHaveValue('#0f766e');

    // The picker writes the text field.
    await page.getByLabel('Secundaire kleur kiezen').fill('#fde68a');
    await expect(hex(page, 'Secundaire kleur')).toHaveValue('#FDE68A');
    await expect(previewDocument(page)).toHaveCSS('--od-secondary', '#FDE68A');

    await page.getByRole('combobox', { name: 'Lettertype' }).selectOption('playfair');
    await expect(previewDocument(page)).toHaveCSS('font-family', /^"Playfair Display"/);
    await expect(page.getByRole('combobox', { name: 'Lettertype' })).toHaveCSS(
      'font-family',
      /^"Playfair Display"/,
    );

    await page.getByRole('switch', { name: 'Bankrekening tonen' }).click();
    await pdfPanel(page).getByRole('textbox', { name: 'Voettekst' }).fill('Levering op werkdagen.');
    await expect(pdfPanel(page).getByText('22 / 1000 tekens')).toBeVisible();
    await expect(previewDocument(page)).toContainText('Levering op werkdagen.');
  });

  await test.step('save: progress, the exact success text', async () => {
    await saveButton(page).click();
    await expect(pdfPanel(page).getByRole('status').or(pdfPanel(page).getByRole('alert'))).toHaveText(
      PDF_SETTINGS_SAVED,
    );
    await expect(pdfPanel(page).getByRole('button', { name: 'Opgeslagen!' })).toBeVisible();
  });

  await test.step('reload: the saved values come back, the preview shows them', async () => {
    await page.reload();
    await expect(previewDocument(page)).toBeVisible();
    await expect(page.getByRole('radio', { name: /Modern/ })).toBeChecked();
    await expect(hex(page, 'Primaire kleur')).toHaveValue('#0F766E');
    await expect(hex(page, 'Secundaire kleur')).toHaveValue('#FDE68A');
    await expect(page.getByRole('combobox', { name: 'Lettertype' })).toHaveValue('playfair');
    await expect(page.getByRole('switch', { name: 'Bankrekening tonen' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expect(pdfPanel(page).getByRole('textbox', { name: 'Voettekst' })).toHaveValue(
      'Levering op werkdagen.',
    );
    await expect(previewDocument(page)).toHaveAttribute('data-template', 'modern');
    await expect(previewDocument(page).locator('.od-band')).toHaveCSS(
      'background-color',
      'rgb(15, 118, 110)',
    );
  });

  await test.step('a wrong colour code: the Dutch message, save disabled, the preview keeps the last good colour', async () => {
    await hex(page, 'Primaire kleur').fill('#12345G');
    await hex(page, 'Primaire kleur').blur();
    await expect(pdfPanel(page).getByText(BAD_PRIMARY)).toBeVisible();
    await expect(hex(page, 'Primaire kleur')).toHaveAttribute('aria-invalid', 'true');
    await expect(saveButton(page)).toBeDisabled();
    await expect(previewDocument(page).locator('.od-band')).toHaveCSS(
      'background-color',
      'rgb(15, 118, 110)',
    );
    await hex(page, 'Primaire kleur').fill('#ZZZ');
    await hex(page, 'Primaire kleur').blur();
    await expect(pdfPanel(page).getByText(BAD_PRIMARY)).toBeVisible();
    // The server refuses it by the same shared rule, with the same message.
    const refused = await page.request.put('/api/auth/pdf-settings', { data: { primaryColor: '#ZZZ' } });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).details).toEqual({ primaryColor: BAD_PRIMARY });
    await hex(page, 'Primaire kleur').fill('#b91c1c');
    await expect(pdfPanel(page).getByText(BAD_PRIMARY)).toHaveCount(0);
    await expect(saveButton(page)).toBeEnabled();
  });

  await test.step('the template cards are one radio group for the keyboard', async () => {
    await page.getByRole('radio', { name: /Modern/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: /Minimaal/ })).toBeChecked();
    await expect(previewDocument(page)).toHaveAttribute('data-template', 'minimal');
  });

  for (const { viewport, size: device, theme } of galleryViews()) {
    await test.step(`screenshot ${device} ${theme}`, async () => {
      const shotPage = await themedPage(page.context().browser()!, page.context(), viewport, theme);
      await openPanel(shotPage);
      const sheet = shotPage.getByTestId('pdf-preview-sheet');
      // The sheet is scaled to the column: never wider than it, never nothing.
      const box = await sheet.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(150);
      expect(box?.width ?? 0).toBeLessThanOrEqual(viewport.width);
      await shoot(shotPage, `page-${theme}-${device}`, { fullPage: true });
      // The panel on its own, at the device's size, for a closer look.
      expect(await horizontalOverflow(shotPage)).toBeLessThanOrEqual(0);
      await pdfPanel(shotPage).screenshot({
        path: `${SHOTS}/pdf-settings-panel-${theme}-${device}.png`,
        style: SHELL_CHROME_HIDDEN,
      });
      await shotPage.context().close();
    });
  }
});

test('load and save errors: the spec texts, the API field errors under their fields', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  await signUpAndLogin(page, request);
  const restore = await failProcedure(page, 'pdfSettings.get', { httpStatus: 500, message: 'kapot' });
  await page.goto('/bedrijfsinstellingen#documenten');
  await expect(page.getByText('Er is een fout opgetreden bij het ophalen van de instellingen.')).toBeVisible({
    timeout: 20_000,
  });
  await restore();
  await page.getByRole('button', { name: 'Opnieuw proberen' }).last().click();
  await expect(previewDocument(page)).toBeVisible();

  await failProcedure(page, 'pdfSettings.update', {
    httpStatus: 400,
    message: 'Ongeldige invoer',
    details: { primaryColor: BAD_PRIMARY },
  });
  await saveButton(page).click();
  await expect(
    pdfPanel(page).getByText('Er is een fout opgetreden bij het opslaan van de instellingen.'),
  ).toBeVisible();
  await expect(pdfPanel(page).getByText(BAD_PRIMARY)).toBeVisible();
  await expect(saveButton(page)).toHaveText('Opslaan');
});
