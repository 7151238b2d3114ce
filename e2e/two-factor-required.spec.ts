import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { TOTP } from 'otpauth';
import { loginOverHttp, newTestUser, registerVerifiedUser, type TestUser } from './support/auth';
import { guardPage } from './support/page-guard';
import { DESKTOP, devicePage, galleryViews, shotsNamed, type Theme, type Viewport } from './support/screens';
import { openScreen } from './support/shell';
import { join, tokenOf } from './support/team';
import { centre, enable, field, recoveryCodes, startSetup } from './support/two-factor';

/**
 * 'Tweestapsverificatie verplicht' as an office meets it. The owner sets the organisation's rules in
 * Bedrijfsinstellingen › Team (the approval amount in euro, and two-step sign-in required — refused
 * until the owner uses it too); a member who signs in without it is taken to the enrolment page and
 * can do nothing else, deep links included, but sign out; she enrols with a code computed from the
 * key on screen, puts her recovery codes away and works on. Then the owner switches a member's
 * two-step sign-in off from the Team tab (a lost phone), and that member is held again. Screenshots of
 * the settings card, the enrolment and the Team tab at 1280 and 375 px, light and dark.
 */

const shoot = shotsNamed('two-factor-required');
const ENROLMENT_TITLE = 'Stel tweestapsverificatie in';
const OWN_FIRST = 'U kunt dit pas aanzetten als u zelf tweestapsverificatie gebruikt.';

const settingsCard = (page: Page) =>
  page.locator('section.ui-card', { has: page.getByRole('heading', { name: 'Organisatie-instellingen' }) });
const threshold = (page: Page) =>
  settingsCard(page).getByRole('textbox', { name: 'Goedkeuring vereist vanaf' });
const forAdmins = (page: Page) =>
  settingsCard(page).getByRole('switch', { name: 'Ook voor orders van beheerders en de eigenaar' });
const required = (page: Page) =>
  settingsCard(page).getByRole('switch', { name: 'Tweestapsverificatie verplicht' });
const rows = (page: Page) => page.getByTestId('team-member');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });

/**
 * The Team tab through the app's own menu and tabs: in a guarded journey a page load would cut off
 * what the screen before was still fetching, which the guard counts as a failed request.
 */
async function toTeamTab(page: Page) {
  await openScreen(page, 'Bedrijfsinstellingen');
  await page.getByRole('tab', { name: 'Team' }).click();
  await expect(threshold(page)).toBeVisible();
}

async function openTeamTab(page: Page) {
  await page.goto('/bedrijfsinstellingen#team');
  await expect(page.getByRole('tab', { name: 'Team' })).toHaveAttribute('aria-selected', 'true');
  await expect(threshold(page)).toBeVisible();
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Two-step sign-in switched on over the API, with a code of the key it answers (as an app would). */
async function enableOverApi(request: APIRequestContext, token: string) {
  const setup = await request.post('/api/auth/two-factor/setup', { headers: bearer(token), data: {} });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = await setup.json();
  const code = new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate();
  const enabled = await request.post('/api/auth/two-factor/enable', {
    headers: bearer(token),
    data: { code },
  });
  expect(enabled.status(), await enabled.text()).toBe(200);
}

/** The login form, filled in and sent as a person does. */
async function signInWithForm(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  // Already there after signing out: a reload would cut off the app's own question who is signed in.
  if (!/\/login$/.test(page.url())) await page.goto('/login');
  await field(page, 'E-mailadres').fill(user.email);
  await field(page, 'Wachtwoord').fill(user.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
}

/** Held: the enrolment page and nothing of the app around it. */
async function expectHeld(page: Page, company: string) {
  await expect(page.getByRole('heading', { name: ENROLMENT_TITLE, level: 1 })).toBeVisible();
  await expect(
    page.getByText(`${company} vereist tweestapsverificatie voor iedereen die er werkt.`),
  ).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Uitloggen' })).toBeVisible();
}

async function enrolmentRefusal(page: Page) {
  const res = await page.request.get('/api/customers');
  return { status: res.status(), code: (await res.json()).code as string };
}

test('two-step sign-in required: the owner turns it on; a member is taken to enrolment after signing in, enrols, and works on', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const company = 'Streng Bouw B.V.';
  const owner = await registerVerifiedUser(request, { name: 'Olga Eigenaar', company });
  const ownerToken = await tokenOf(request, owner);
  const mila = newTestUser({ name: 'Mila Medewerker' });
  await join(request, ownerToken, mila, 'member');
  await page.setViewportSize(DESKTOP);
  // Nothing the app asks may fail on the way: not the settings screen's queries, not a held member's.
  const ownerGuard = guardPage(page.context());
  await loginOverHttp(page, owner);

  await ownerGuard.step(
    'the card: the amount in euro; two-step sign-in required waits until the owner has it',
    async () => {
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await toTeamTab(page);
      await expect(threshold(page)).toHaveValue('');
      await expect(threshold(page)).toHaveAttribute('placeholder', 'Nooit');
      await expect(settingsCard(page)).toContainText(
        'Bedrag exclusief btw. Orders vanaf dit bedrag kunnen pas worden verzonden als een eigenaar of beheerder ze heeft goedgekeurd. Leeg: nooit.',
      );
      await threshold(page).fill('12,345');
      await threshold(page).blur();
      await expect(settingsCard(page).getByText('Bedrag mag maximaal 2 decimalen hebben')).toBeVisible();
      await threshold(page).fill('5000');
      await threshold(page).blur();
      await expect(threshold(page)).toHaveValue('5.000,00');
      await expect(settingsCard(page).getByText('Bedrag mag maximaal 2 decimalen hebben')).toHaveCount(0);
      // Switched on by someone without it, it would lock them out at once.
      await expect(required(page)).toBeDisabled();
      await expect(required(page)).toHaveAttribute('aria-checked', 'false');
      await expect(settingsCard(page)).toContainText(OWN_FIRST);
      await settingsCard(page).getByRole('button', { name: 'Opslaan' }).click();
      await expect(settingsCard(page).getByText('Instellingen opgeslagen.')).toBeVisible();
      await centre(settingsCard(page));
      await shoot(page, 'card-without-own-light-desktop');
      const stored = await request.get('/api/organization/settings', { headers: bearer(ownerToken) });
      expect(await stored.json()).toEqual({
        approvalThreshold: 5000,
        approvalForAdmins: false,
        twoFactorRequired: false,
      });
    },
  );

  await ownerGuard.step(
    'the owner sets it up in Beveiliging, then switches the rule on and saves',
    async () => {
      await settingsCard(page).getByRole('link', { name: 'Naar Beveiliging' }).click();
      await expect(page.getByRole('tab', { name: 'Beveiliging' })).toHaveAttribute('aria-selected', 'true');
      const app = await startSetup(page);
      await enable(page, await app.nextCode());
      await page.getByRole('button', { name: 'Ik heb de codes bewaard' }).click();
      await page.getByRole('tab', { name: 'Team' }).click();
      await expect(threshold(page)).toBeVisible();
      await expect(settingsCard(page)).not.toContainText(OWN_FIRST);
      await expect(threshold(page)).toHaveValue('5.000,00');
      await forAdmins(page).click();
      await required(page).click();
      await settingsCard(page).getByRole('button', { name: 'Opslaan' }).click();
      await expect(settingsCard(page).getByRole('button', { name: 'Opgeslagen!' })).toBeVisible();
      await expect(settingsCard(page).getByText('Instellingen opgeslagen.')).toBeVisible();
      await centre(settingsCard(page));
      await shoot(page, 'card-light-desktop');
      await page.reload();
      await expect(threshold(page)).toHaveValue('5.000,00');
      await expect(forAdmins(page)).toHaveAttribute('aria-checked', 'true');
      await expect(required(page)).toHaveAttribute('aria-checked', 'true');
      const stored = await request.get('/api/organization/settings', { headers: bearer(ownerToken) });
      expect(await stored.json()).toEqual({
        approvalThreshold: 5000,
        approvalForAdmins: true,
        twoFactorRequired: true,
      });
    },
  );

  const member = await devicePage(browser, DESKTOP);
  const memberGuard = guardPage(member.context());
  await memberGuard.step(
    'Mila signs in and is held on the enrolment page, deep links too; signing out works',
    async () => {
      await signInWithForm(member, mila);
      await expectHeld(member, company);
      await shoot(member, 'enrolment-light-desktop');
      await member.goto('/klanten');
      await expectHeld(member, company);
      await expect(member.getByRole('heading', { name: 'Klanten' })).toHaveCount(0);
      expect(await enrolmentRefusal(member)).toEqual({ status: 403, code: 'TWO_FACTOR_ENROLMENT_REQUIRED' });
      await member.getByRole('button', { name: 'Uitloggen' }).click();
      await expect(member).toHaveURL(/\/login$/);
      await signInWithForm(member, mila);
      await expectHeld(member, company);
    },
  );

  await memberGuard.step(
    'Mila enrols with a code from the key on screen; her codes stay until put away; then the app',
    async () => {
      const app = await startSetup(member);
      await enable(member, await app.nextCode());
      // Enabled, but the codes are shown once: the page stays until she has them.
      await expect(member.getByRole('heading', { name: ENROLMENT_TITLE, level: 1 })).toBeVisible();
      await centre(recoveryCodes(member));
      await shoot(member, 'enrolment-codes-light-desktop');
      await member.getByRole('button', { name: 'Ik heb de codes bewaard' }).click();
      await expect(member.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await openScreen(member, 'Klanten');
      await expect(member.getByRole('heading', { name: 'Klanten', level: 1 })).toBeVisible();
      expect((await member.request.get('/api/customers')).status()).toBe(200);
    },
  );

  await memberGuard.step(
    'in the Team tab Mila sees the rules but cannot change them, and that her two-step sign-in is on',
    async () => {
      await toTeamTab(member);
      await expect(
        settingsCard(member).getByText('Alleen de rol Eigenaar of Beheerder kan dit wijzigen.'),
      ).toBeVisible();
      await expect(threshold(member)).toBeDisabled();
      await expect(required(member)).toBeDisabled();
      await expect(settingsCard(member).getByRole('button', { name: 'Opslaan' })).toHaveCount(0);
      await expect(row(member, 'Mila Medewerker').getByText('Aan', { exact: true })).toBeVisible();
    },
  );
  await member.context().close();
  ownerGuard.expectClean();
});

/** An organisation that requires two-step sign-in: the owner with it (signed in in `page`), Mila without. */
async function strictOrganization(page: Page, request: APIRequestContext) {
  const company = 'Vier Ogen B.V.';
  const owner = await registerVerifiedUser(request, { name: 'Olga Eigenaar', company });
  // Signed in before switching it on: the browser's session needs no second step.
  await loginOverHttp(page, owner);
  const ownerToken = await tokenOf(request, owner);
  await enableOverApi(request, ownerToken);
  const mila = newTestUser({ name: 'Mila Medewerker' });
  await join(request, ownerToken, mila, 'member');
  const put = await request.put('/api/organization/settings', {
    headers: bearer(ownerToken),
    data: { approvalThreshold: '2.500,00', twoFactorRequired: true },
  });
  expect(put.status(), await put.text()).toBe(200);
  return { company, owner, mila };
}

async function memberPage(browser: Browser, user: TestUser, view: { viewport: Viewport; theme: Theme }) {
  const page = await devicePage(browser, view.viewport, { theme: view.theme });
  await loginOverHttp(page, user);
  return page;
}

test('the owner switches a member’s two-step sign-in off from the Team tab; with the rule on she enrols again', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  const { company, mila } = await strictOrganization(page, request);
  const milaToken = await tokenOf(request, mila);
  await enableOverApi(request, milaToken);
  await openTeamTab(page);

  await test.step('the list says who has it on; the owner switches Mila’s off after a question', async () => {
    await expect(row(page, 'Olga Eigenaar').getByText('Aan', { exact: true })).toBeVisible();
    await expect(row(page, 'Mila Medewerker').getByText('Aan', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Tweestapsverificatie uitzetten voor Mila Medewerker' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Tweestapsverificatie uitzetten?');
    await expect(dialog).toContainText('Mila Medewerker logt daarna in met alleen het wachtwoord');
    await dialog.getByRole('button', { name: 'Uitzetten' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Tweestapsverificatie van Mila Medewerker is uitgezet.')).toBeVisible();
    await expect(row(page, 'Mila Medewerker').getByText('Uit', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Tweestapsverificatie uitzetten voor Mila Medewerker' }),
    ).toHaveCount(0);
  });

  await test.step('Mila signs in with her password only and is taken to the enrolment again', async () => {
    const member = await devicePage(browser, DESKTOP);
    await signInWithForm(member, mila);
    await expectHeld(member, company);
    await member.context().close();
  });

  await test.step('the Team tab, with the rules and who has two-step sign-in on, at 1280 and 375 px, light and dark', async () => {
    for (const { name, viewport, size, theme } of galleryViews()) {
      const other = await devicePage(browser, viewport, { from: page.context(), theme });
      await openTeamTab(other);
      await expect(rows(other)).toHaveCount(2);
      await shoot(other, `team-${theme}-${size}`, { fullPage: true });
      // The card on its own (desktop light: the first journey's).
      if (name !== 'desktop-light') {
        await centre(settingsCard(other));
        await shoot(other, `card-${theme}-${size}`);
        await centre(row(other, 'Mila Medewerker'));
        await shoot(other, `members-${theme}-${size}`);
      }
      await other.context().close();
    }
  });

  await test.step('the enrolment page at the other sizes and themes', async () => {
    for (const view of galleryViews({ besides: 'desktop-light' })) {
      const member = await memberPage(browser, mila, view);
      await expectHeld(member, company);
      await shoot(member, `enrolment-${view.theme}-${view.size}`, { fullPage: true });
      // Left unfinished: the next view starts over with a new key.
      await startSetup(member);
      await centre(member.getByTestId('two-factor-key'));
      await shoot(member, `enrolment-setup-${view.theme}-${view.size}`);
      await member.context().close();
    }
  });
});
