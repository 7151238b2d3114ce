import { expect, type Page, test } from '@playwright/test';
import { loginOverHttp, newTestUser, registerVerifiedUser } from './support/auth';
import { DESKTOP, devicePage, galleryViews, PHONE, shotsNamed } from './support/screens';
import { join, tokenOf } from './support/team';

/**
 * Bedrijfsinstellingen › Team as the owner uses it: two people join by invitation, the owner makes one
 * an admin and removes the other, whose session ends; the admin then leaves and, in no organisation
 * any more, is told so. Screenshots of the list at 1280 and 375 px, light and dark, of the question
 * before removing, and of the page for someone without an organisation.
 */

const shoot = shotsNamed('team');
const rows = (page: Page) => page.getByTestId('team-member');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });

async function openTeamTab(page: Page) {
  await page.goto('/bedrijfsinstellingen#team');
  await expect(page.getByRole('tab', { name: 'Team' })).toHaveAttribute('aria-selected', 'true');
  await expect(rows(page)).toHaveCount(3);
}

test('the team tab: the owner changes a role and removes a member, whose session ends', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await registerVerifiedUser(request, { name: 'Olga Eigenaar', company: 'Team Bouw B.V.' });
  const ownerToken = await tokenOf(request, owner);
  const mila = newTestUser({ name: 'Mila Medewerker' });
  const anton = newTestUser({ name: 'Anton Boekhouder' });
  await join(request, ownerToken, mila, 'member');
  await join(request, ownerToken, anton, 'viewer');
  const antonsToken = await tokenOf(request, anton);

  await page.setViewportSize(DESKTOP);
  await loginOverHttp(page, owner);
  await openTeamTab(page);

  await test.step('the owner first, then by name, with their roles', async () => {
    await expect(rows(page).locator('.team__name')).toHaveText([
      'Olga Eigenaar (u)',
      'Anton Boekhouder',
      'Mila Medewerker',
    ]);
    await expect(row(page, 'Olga Eigenaar')).toContainText('Eigenaar');
    await expect(row(page, 'Olga Eigenaar').getByRole('combobox')).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Rol van Mila Medewerker' })).toHaveValue('member');
    await expect(page.getByRole('button', { name: 'Organisatie verlaten' })).toHaveCount(0);
  });

  await test.step('Mila becomes an admin, and stays one after a reload', async () => {
    await page.getByRole('combobox', { name: 'Rol van Mila Medewerker' }).selectOption('admin');
    await expect(page.getByText('De rol van Mila Medewerker is nu Beheerder.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Rol van Mila Medewerker' })).toHaveValue('admin');
  });

  await test.step('the list at 1280 and 375 px, light and dark', async () => {
    for (const { viewport, size, theme } of galleryViews()) {
      const other = await devicePage(browser, viewport, { from: page.context(), theme });
      await openTeamTab(other);
      await shoot(other, `members-${theme}-${size}`, { fullPage: true });
      await other.context().close();
    }
  });

  await test.step('removing Anton asks first, then ends his access and his session', async () => {
    await page.getByRole('button', { name: 'Anton Boekhouder verwijderen' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Anton Boekhouder verliest direct de toegang tot Team Bouw B.V.');
    await expect(dialog).toContainText('API-sleutels');
    await shoot(page, 'remove-dialog-light-desktop');
    await dialog.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows(page)).toHaveCount(2);
    await expect(row(page, 'Anton Boekhouder')).toHaveCount(0);
    const profile = await request.get('/api/auth/profile', {
      headers: { authorization: `Bearer ${antonsToken}` },
    });
    expect(profile.status()).toBe(401);
  });

  await test.step('Mila leaves on her phone and is told she belongs to no organisation', async () => {
    const phone = await devicePage(browser, PHONE, { theme: 'dark' });
    await loginOverHttp(phone, mila);
    await phone.goto('/bedrijfsinstellingen#team');
    await phone.getByRole('button', { name: 'Organisatie verlaten' }).click();
    const dialog = phone.getByRole('alertdialog');
    await expect(dialog).toContainText('U verliest direct de toegang tot Team Bouw B.V.');
    await dialog.getByRole('button', { name: 'Organisatie verlaten' }).click();
    const heading = phone.getByRole('heading', { name: 'U hoort bij geen enkele organisatie' });
    await expect(heading).toBeVisible();
    await expect(phone.getByText('Vraag de eigenaar of een beheerder')).toBeVisible();
    await phone.reload();
    await expect(heading).toBeVisible();
    await shoot(phone, 'no-organization-dark-phone');
    await phone.getByRole('button', { name: 'Uitloggen' }).click();
    await expect(phone).toHaveURL(/\/login$/);
    await phone.context().close();
    await page.reload();
    await expect(rows(page)).toHaveCount(1);
  });
});
