import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { loginOverHttp, registerVerifiedUser, uniqueEmail } from './support/auth';
import { linkFromOutbox } from './support/outbox';
import { DESKTOP, devicePage, galleryViews, shotsNamed } from './support/screens';

/**
 * The invitation page (/invite/:token) as the invited meet it: a new person registers from the link
 * and lands in the inviting organisation; an existing user signs in from the page, comes back to it
 * and accepts; another account and a dead link get a page that says what to do. Screenshots at 1280
 * and 375 px, light and dark.
 */

const shoot = shotsNamed('invitations');

/** An owner signed in over HTTP (bearer token) who invites `email` with `role`; the link's path. */
async function invite(request: APIRequestContext, ownerToken: string, email: string, role: string) {
  const res = await request.post('/api/organization/invitations', {
    headers: { authorization: `Bearer ${ownerToken}` },
    data: { email, role },
  });
  expect(res.status(), await res.text()).toBe(200);
  return linkFromOutbox(request, email, '/invite/');
}

async function ownerOf(request: APIRequestContext, company: string) {
  const owner = await registerVerifiedUser(request, { name: 'Karel Bos', company });
  const login = await request.post('/api/auth/login', {
    data: { email: owner.email, password: owner.password, rememberMe: false },
  });
  expect(login.status()).toBe(200);
  return { ...owner, token: (await login.json()).token as string };
}

/** The page at every gallery size and theme, in a context of its own (with `from`'s session). */
async function shootGallery(browser: Browser, path: string, name: string, from?: Page) {
  for (const { viewport, size, theme } of galleryViews()) {
    const other = await devicePage(browser, viewport, { theme, ...(from ? { from: from.context() } : {}) });
    await other.goto(path);
    await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
    // The whole card on a phone; the desktop's split layout is the viewport.
    await shoot(other, `${name}-${theme}-${size}`, { fullPage: size === 'phone' });
    await other.context().close();
  }
}

const company = async (page: Page) => (await (await page.request.get('/api/auth/profile')).json()).company;

test('a new person registers from the invitation link and works in the inviting organisation', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await ownerOf(request, 'Bos Bouw B.V.');
  const email = uniqueEmail('nieuw');
  const link = await invite(request, owner.token, email, 'member');

  await page.setViewportSize(DESKTOP);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Uitnodiging voor Bos Bouw B.V.' })).toBeVisible();
  const facts = page.locator('.invite-facts');
  await expect(facts).toContainText('Karel Bos');
  await expect(facts).toContainText('Medewerker');
  await expect(facts).toContainText(email);
  await expect(page.getByRole('textbox', { name: 'E-mailadres' })).toHaveValue(email);
  await shootGallery(browser, link, 'register');

  await page.getByRole('button', { name: 'Account aanmaken en lid worden' }).click();
  await expect(page.getByText('Naam is verplicht')).toBeVisible();
  await page.getByRole('textbox', { name: 'Volledige naam' }).fill('Nina Nieuw');
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill('zwak');
  await page.getByRole('button', { name: 'Account aanmaken en lid worden' }).click();
  await expect(page.getByText('Wachtwoord moet minimaal 8 karakters bevatten')).toBeVisible();
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill('Welkom123!');
  await page.getByRole('button', { name: 'Account aanmaken en lid worden' }).click();

  await expect(page).toHaveURL(/\/$/);
  expect(await company(page)).toBe('Bos Bouw B.V.');

  // The link was used: opened again it says so, and what to do.
  const used = await devicePage(browser, DESKTOP);
  await used.goto(link);
  await expect(used.getByRole('heading', { name: 'Deze uitnodiging werkt niet' })).toBeVisible();
  await expect(used.getByText('Deze uitnodiging is al gebruikt.')).toBeVisible();
  await used.context().close();
  await shootGallery(browser, '/invite/onbekend', 'unknown');
});

test('an existing user signs in from the invitation, comes back to it and accepts; another account is told which to use', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await ownerOf(request, 'Boekhouding Jansen');
  const bookkeeper = await registerVerifiedUser(request, {
    name: 'Bea Boekhouder',
    company: 'Bea Administratie',
  });
  const link = await invite(request, owner.token, bookkeeper.email, 'viewer');

  await test.step('signed in as another account: which address was invited, and a way out', async () => {
    const stranger = await registerVerifiedUser(request, { name: 'Sam Anders', company: 'Anders BV' });
    await page.setViewportSize(DESKTOP);
    await loginOverHttp(page, stranger);
    await page.goto(link);
    await expect(page.getByText('U bent ingelogd met een ander account')).toBeVisible();
    await expect(page.getByRole('status')).toContainText(bookkeeper.email);
    await shootGallery(browser, link, 'other-account', page);
    await page.getByRole('button', { name: 'Uitloggen en verdergaan' }).click();
  });

  await test.step('"Ik heb al een account — Inloggen" returns to the invitation after signing in', async () => {
    await page.getByRole('link', { name: 'Inloggen' }).click();
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByRole('textbox', { name: /E-?mail/i })).toHaveValue(bookkeeper.email);
    await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(bookkeeper.password);
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await expect(page).toHaveURL(new RegExp(`${link}$`));
    await expect(page.getByRole('button', { name: 'Uitnodiging accepteren' })).toBeVisible();
    await shootGallery(browser, link, 'accept', page);
  });

  await test.step('accepting lands on the dashboard, working in the inviting organisation', async () => {
    await page.getByRole('button', { name: 'Uitnodiging accepteren' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await company(page)).toBe('Boekhouding Jansen');
    const organizations = await (await page.request.get('/api/auth/organizations')).json();
    expect(organizations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Boekhouding Jansen', role: 'viewer', active: true }),
        expect.objectContaining({ name: 'Bea Administratie', role: 'owner', active: false }),
      ]),
    );
  });
});
