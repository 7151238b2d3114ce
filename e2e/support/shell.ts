import { expect, type Page } from '@playwright/test';

/**
 * The app shell as a user moves through it: the sidebar on a desktop; on a phone (below 768 px) the
 * bottom bar for its four destinations and the hamburger menu for the rest and for Uitloggen.
 */

export type Screen = 'Dashboard' | 'Inkooporders' | 'Klanten' | 'Bedrijfsinstellingen' | 'Email Templates';

/** The bottom bar's shorter names (layout/nav-items.tsx). */
const BOTTOM_BAR: Partial<Record<Screen, string>> = {
  Dashboard: 'Dashboard',
  Inkooporders: 'Orders',
  Klanten: 'Klanten',
  Bedrijfsinstellingen: 'Instellingen',
};

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** Opens the hamburger menu of the phone's top bar; answers the menu dialog. */
async function openMenu(page: Page) {
  // The top bar hides after scrolling down: back to the top brings it back.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Menu openen' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  return menu;
}

/** Goes to a screen through the app's own navigation, as a user would. */
export async function openScreen(page: Page, screen: Screen): Promise<void> {
  if (!isPhone(page)) {
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: screen }).click();
    return;
  }
  const short = BOTTOM_BAR[screen];
  if (short) {
    await page
      .getByRole('navigation', { name: 'Snelmenu' })
      .getByRole('link', { name: short, exact: true })
      .click();
    return;
  }
  const menu = await openMenu(page);
  await menu.getByRole('link', { name: screen }).click();
}

/** Uitloggen from the sidebar, or on a phone from the menu; ends on /login. */
export async function logout(page: Page): Promise<void> {
  if (isPhone(page)) {
    const menu = await openMenu(page);
    await menu.getByRole('button', { name: 'Uitloggen' }).click();
  } else {
    await page.getByRole('complementary').getByRole('button', { name: 'Uitloggen' }).click();
  }
  await expect(page).toHaveURL(/\/login$/);
}
