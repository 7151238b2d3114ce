import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { LOGO_MAX_BYTES, logoMessages } from '../src/shared/logo';
import { signUpAndLogin } from './support/auth';
import { DESKTOP, galleryViews, shotsNamed, themedPage } from './support/screens';

/**
 * Bedrijfsinstellingen › Document instellingen › Logo: a wrong file is refused in Dutch, an upload
 * shows its progress and lands in the card, the live PDF preview and the menu; after a reload it is
 * still there; 'Logo verwijderen' takes it away everywhere. Screenshots at 1280 and 375 px, light and dark.
 */

const shoot = shotsNamed('company-logo');

/** A wordmark as a company would have it made: a mark and the name, wider than tall. */
const WORDMARK = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300" viewBox="0 0 1200 300">
<rect x="20" y="40" width="220" height="220" rx="40" fill="#0F766E"/><path d="M70 200 L130 90 L190 200 Z" fill="#fff"/>
<text x="280" y="175" font-family="DejaVu Sans" font-weight="bold" font-size="110" fill="#134E4A">Drukwerk</text>
<text x="285" y="245" font-family="DejaVu Sans" font-size="48" fill="#0F766E">noord</text></svg>`;

const card = (page: Page) => page.locator('section.logo-card');
const fileInput = (page: Page) => page.getByLabel('Logobestand kiezen');
const previewLogo = (page: Page) => page.getByTestId('pdf-preview-sheet').locator('.od-logo img');
const sidebarLogo = (page: Page) => page.locator('.shell-sidebar').getByTestId('company-logo');

async function openLogoCard(page: Page) {
  await page.goto('/bedrijfsinstellingen#documenten');
  await expect(card(page)).toBeVisible();
}

test('a logo is uploaded with feedback, shows in the card, the preview and the menu, and can be removed', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await signUpAndLogin(page, request, { company: 'Drukwerk Noord BV' });
  await openLogoCard(page);
  await expect(card(page).getByText('Nog geen logo')).toBeVisible();

  await test.step('SVG and a file over 1 MB are refused in Dutch, before anything is sent', async () => {
    await fileInput(page).setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await expect(card(page).getByRole('alert')).toHaveText(logoMessages.wrongType);
    await fileInput(page).setInputFiles({
      name: 'groot.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(LOGO_MAX_BYTES + 1),
    });
    await expect(card(page).getByRole('alert')).toHaveText(logoMessages.tooLarge);
  });

  await test.step('a PNG that is no image is refused by the server, its Dutch message shown', async () => {
    await fileInput(page).setInputFiles({
      name: 'kapot.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await expect(card(page).getByRole('alert')).toHaveText(logoMessages.wrongType);
  });

  await test.step('upload: saved, in the card, the live preview and the sidebar', async () => {
    const png = await sharp(Buffer.from(WORDMARK)).png().toBuffer();
    await fileInput(page).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expect(card(page).getByRole('status')).toHaveText(logoMessages.saved);
    await expect(card(page).getByText('Opgeslagen als PNG, 800 × 200 pixels')).toBeVisible();
    await expect(card(page).getByRole('img', { name: 'Logo Drukwerk Noord BV' })).toBeVisible();
    await expect(previewLogo(page)).toBeVisible();
    await expect(sidebarLogo(page)).toBeVisible();
    // The images have loaded (a broken image has no natural width).
    expect(await previewLogo(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
  });

  await test.step('after a reload the logo is still there', async () => {
    await page.reload();
    await expect(card(page).getByRole('img', { name: 'Logo Drukwerk Noord BV' })).toBeVisible();
    await expect(sidebarLogo(page)).toBeVisible();
  });

  await test.step('screens: the card with the preview, and the menu, at 1280 and 375 px, light and dark', async () => {
    for (const view of galleryViews()) {
      const { viewport, theme } = view;
      // The shots' names say 'mobile' for the phone.
      const size = view.size === 'phone' ? 'mobile' : 'desktop';
      const shotPage = await themedPage(browser, page.context(), viewport, theme);
      await openLogoCard(shotPage);
      await expect(card(shotPage).getByRole('img')).toBeVisible();
      await card(shotPage).scrollIntoViewIfNeeded();
      await shoot(shotPage, `settings-${size}-${theme}`);
      if (size === 'mobile') {
        // The top bar slides away while scrolling down: a fresh page has it in view.
        await shotPage.goto('/bedrijfsinstellingen');
        await expect(shotPage.locator('.shell-topbar-mobile').getByTestId('company-logo')).toBeVisible();
        await shoot(shotPage, `topbar-${size}-${theme}`);
        await shotPage.getByRole('button', { name: 'Menu openen' }).click();
        await expect(
          shotPage.getByRole('dialog', { name: 'Menu' }).getByTestId('company-logo'),
        ).toBeVisible();
        await shoot(shotPage, `menu-${size}-${theme}`);
      } else {
        await shotPage.evaluate(() => window.scrollTo(0, 0));
        await shoot(shotPage, `sidebar-${size}-${theme}`);
      }
      await shotPage.context().close();
    }
  });

  await test.step("'Logo verwijderen' takes it away everywhere", async () => {
    await card(page).getByRole('button', { name: 'Logo verwijderen' }).click();
    await expect(card(page).getByRole('status')).toHaveText(logoMessages.removed);
    await expect(card(page).getByText('Nog geen logo')).toBeVisible();
    await expect(previewLogo(page)).toHaveCount(0);
    await expect(sidebarLogo(page)).toHaveCount(0);
  });
});
