import { expect, type Page, test } from '@playwright/test';
import { loginOverHttp, loginThroughForm, registerVerifiedUser, switchTheme } from './support/auth';
import { DESKTOP, devicePage, galleryThemes, PHONE, shotsNamed } from './support/screens';
import { settingsField as field, settingsPanel as panel } from './support/settings';

/**
 * /bedrijfsinstellingen and the dashboard's profile banner: fill both tabs as a user, see the
 * Dutch rules speak and fall silent, save, reload, reach 100 %; the security tab; screenshots of every
 * tab in light and dark, at 1280 px and 375 px.
 */

const shoot = shotsNamed('settings');

/** A password input (Playwright counts it as a textbox too), by its label. */
const secret = field;

const completeness = (page: Page) => page.getByTestId('profile-completeness');
const banner = (page: Page) => page.getByTestId('profile-banner');

/** Type into a field and leave it, as a user would. */
async function enter(page: Page, name: string, value: string) {
  const input = field(page, name);
  await input.fill(value);
  await input.blur();
}

test('company profile and financial data: rules, save, reload, completeness, shell name', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  const user = await registerVerifiedUser(request, { company: 'Startbedrijf BV', name: 'Eva Tester' });
  await loginThroughForm(page, user);

  await test.step('dashboard banner: 4 of 10 points, warning colour, three missing fields', async () => {
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('heading')).toHaveText('Maak uw bedrijfsprofiel compleet');
    await expect(banner(page)).toContainText('40% compleet');
    await expect(banner(page)).toHaveClass(/profile-banner--warning/);
    await expect(banner(page)).toContainText('Adres, Postcode, Plaats en 3 meer');
    await shoot(page, 'dashboard-banner-warning-light-desktop');
    await banner(page).getByRole('link', { name: 'Profiel aanvullen' }).click();
    await expect(page).toHaveURL(/\/bedrijfsinstellingen/);
  });

  await test.step('the page: header, completeness 3 of 8, tabs', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Bedrijfsinstellingen' })).toBeVisible();
    await expect(completeness(page)).toContainText('38%');
    await expect(completeness(page)).toContainText('3 van de 8 gegevens ingevuld');
    await expect(completeness(page).getByRole('button', { name: 'KVK-nummer' })).toBeVisible();
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText([
      'Bedrijfsprofiel',
      'Financiële gegevens',
      'Document instellingen',
      'Beveiliging',
      'Team',
    ]);
    await expect(page.getByRole('tab', { name: 'Bedrijfsprofiel' })).toHaveAttribute('aria-selected', 'true');
    await expect(field(page, 'E-mail')).toHaveValue(user.email);
    await expect(field(page, 'E-mail')).toHaveAttribute('readonly', '');
    await expect(
      panel(page).getByText(
        'Dit e-mailadres gebruikt u om in te loggen. Neem contact op met support om het te wijzigen.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Land' })).toHaveValue('Nederland');
  });

  await test.step('profile: messages appear on blur and clear when fixed', async () => {
    await enter(page, 'Naam', '');
    await expect(panel(page).getByText('Naam is verplicht')).toBeVisible();
    await field(page, 'Naam').fill('Eva de Tester');
    await expect(panel(page).getByText('Naam is verplicht')).toBeHidden();

    await enter(page, 'Postcode', '0123AB');
    await expect(field(page, 'Postcode')).toHaveValue('0123 AB');
    await expect(panel(page).getByText('Ongeldige postcode')).toBeVisible();
    await field(page, 'Postcode').fill('3511ab');
    await expect(field(page, 'Postcode')).toHaveValue('3511 AB');
    await expect(panel(page).getByText('Ongeldige postcode')).toBeHidden();

    await enter(page, 'Telefoonnummer', '06123');
    await expect(panel(page).getByText('Voer een geldig Nederlands telefoonnummer in')).toBeVisible();
    await field(page, 'Telefoonnummer').focus();
    await expect(panel(page).getByText('Voer een geldig Nederlands telefoonnummer in')).toBeHidden();
    await field(page, 'Telefoonnummer').fill('06-12345678');

    await enter(page, 'Website', 'geen website');
    await expect(panel(page).getByText('Ongeldige website URL')).toBeVisible();
    await field(page, 'Website').fill('eva-tester.nl');
    await expect(panel(page).getByText('Ongeldige website URL')).toBeHidden();

    await secret(page, 'Nieuw wachtwoord').fill('Nieuw12345!');
    await expect(panel(page).getByText('Wachtwoordsterkte')).toBeVisible();
    await secret(page, 'Bevestig wachtwoord').fill('Nieuw12345?');
    await secret(page, 'Bevestig wachtwoord').blur();
    await expect(panel(page).getByText('Wachtwoorden komen niet overeen')).toBeVisible();
    await secret(page, 'Bevestig wachtwoord').fill('');
    await secret(page, 'Nieuw wachtwoord').fill('');
    await expect(panel(page).getByText('Wachtwoorden komen niet overeen')).toBeHidden();
  });

  await test.step('profile: submit with errors, then save', async () => {
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(
      panel(page).getByText('Er zijn fouten in het formulier. Controleer de gemarkeerde velden.'),
    ).toBeVisible();
    await expect(panel(page).getByText('Adres is verplicht')).toBeVisible();
    await expect(panel(page).getByText('Plaats is verplicht')).toBeVisible();
    await expect(field(page, 'Adres')).toBeFocused();
    await shoot(page, 'profile-errors-light-desktop', { fullPage: true });

    await field(page, 'Adres').fill('Oudegracht 100');
    await expect(panel(page).getByText('Adres is verplicht')).toBeHidden();
    await field(page, 'Plaats').fill('Utrecht');
    await field(page, 'Bedrijfsnaam').fill('Tester & Zonen B.V.');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByRole('button', { name: 'Opgeslagen!' })).toBeVisible();
    await expect(panel(page).getByText('Bedrijfsgegevens zijn succesvol bijgewerkt!')).toBeVisible();
    await expect(panel(page).getByText('Er zijn fouten in het formulier.')).toBeHidden();
    // Stored as +31612345678; shown as everywhere else (one display format).
    await expect(field(page, 'Telefoonnummer')).toHaveValue('+31 6 12345678');
    await expect(field(page, 'Website')).toHaveValue('https://eva-tester.nl');
    // The shell shows the new company name at once.
    await expect(page.locator('.shell-sidebar__company')).toHaveText('Tester & Zonen B.V.');
    await expect(completeness(page)).toContainText('75%');
    // The button reads 'Opslaan' again after a few seconds, the notice closes itself after 5 s.
    await expect(page.getByRole('button', { name: 'Opslaan', exact: true })).toBeVisible({ timeout: 6000 });
    await expect(panel(page).getByText('Bedrijfsgegevens zijn succesvol bijgewerkt!')).toBeHidden({
      timeout: 8000,
    });
  });

  await test.step('financial: masks, messages, save; the bar reaches 100 %', async () => {
    await completeness(page).getByRole('button', { name: 'KVK-nummer' }).click();
    await expect(page).toHaveURL(/#financieel$/);
    await expect(field(page, 'KVK-nummer')).toBeFocused();
    await expect(field(page, 'BTW-nummer (EU)')).toHaveValue('NL');

    await enter(page, 'KVK-nummer', '12a3');
    await expect(field(page, 'KVK-nummer')).toHaveValue('123');
    await expect(panel(page).getByText('KVK nummer moet 8 cijfers bevatten')).toBeVisible();
    await field(page, 'KVK-nummer').fill('12345678');
    await expect(panel(page).getByText('KVK nummer moet 8 cijfers bevatten')).toBeHidden();

    await enter(page, 'BTW-nummer', '1234');
    await expect(field(page, 'BTW-nummer')).toHaveValue('NL1234');
    await expect(panel(page).getByText('BTW-nummer moet het formaat NL123456789B01 hebben')).toBeVisible();
    await field(page, 'BTW-nummer').fill('123456789b01');
    await expect(field(page, 'BTW-nummer')).toHaveValue('NL123456789B01');
    await expect(panel(page).getByText('BTW-nummer moet het formaat NL123456789B01 hebben')).toBeHidden();

    await enter(page, 'IBAN', 'NL92ABNA0417164300');
    await expect(field(page, 'IBAN')).toHaveValue('NL92 ABNA 0417 1643 00');
    await expect(
      panel(page).getByText('IBAN-controlegetal klopt niet. Controleer het nummer.'),
    ).toBeVisible();
    await enter(page, 'IBAN', 'NL00ABNA0000000000');
    await expect(field(page, 'IBAN')).toHaveValue('NL00 ABNA 0000 0000 00');
    await expect(
      panel(page).getByText('IBAN-controlegetal klopt niet. Controleer het nummer.'),
    ).toBeVisible();
    // The server refuses it by the same shared rule.
    const refused = await page.request.put('/api/auth/profile', {
      data: { bankAccount: 'NL00ABNA0000000000' },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).details).toEqual({
      bankAccount: 'IBAN-controlegetal klopt niet. Controleer het nummer.',
    });
    await field(page, 'IBAN').fill('nl91abna0417164300');
    await expect(field(page, 'IBAN')).toHaveValue('NL91 ABNA 0417 1643 00');
    await expect(panel(page).getByText('IBAN-controlegetal klopt niet. Controleer het nummer.')).toBeHidden();

    await field(page, 'Naam rekeninghouder').fill('Tester & Zonen B.V.');
    await field(page, 'Banknaam').fill('ABN AMRO');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(panel(page).getByText('Financiële gegevens zijn succesvol bijgewerkt!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Opgeslagen!' })).toBeVisible();
    await expect(completeness(page)).toContainText('100%');
    await expect(completeness(page)).toContainText('Uw profiel is compleet');
    await expect(completeness(page).getByText('Vul uw profiel aan')).toBeHidden();
  });

  await test.step('reload: the same tab and the saved data; a complete profile shows no bar', async () => {
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Financiële gegevens' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(field(page, 'KVK-nummer')).toHaveValue('12345678');
    await expect(field(page, 'BTW-nummer')).toHaveValue('NL123456789B01');
    await expect(field(page, 'IBAN')).toHaveValue('NL91 ABNA 0417 1643 00');
    await expect(field(page, 'Naam rekeninghouder')).toHaveValue('Tester & Zonen B.V.');
    await expect(field(page, 'Banknaam')).toHaveValue('ABN AMRO');
    await expect(completeness(page)).toHaveCount(0);
    await page.getByRole('tab', { name: 'Bedrijfsprofiel' }).click();
    await expect(page).toHaveURL(/#profiel$/);
    await expect(field(page, 'Naam')).toHaveValue('Eva de Tester');
    await expect(field(page, 'Bedrijfsnaam')).toHaveValue('Tester & Zonen B.V.');
    await expect(field(page, 'Adres')).toHaveValue('Oudegracht 100');
    await expect(field(page, 'Postcode')).toHaveValue('3511 AB');
    await expect(field(page, 'Plaats')).toHaveValue('Utrecht');
    await expect(page.locator('.shell-sidebar__company')).toHaveText('Tester & Zonen B.V.');
  });

  await test.step('the dashboard banner is gone at 100 %', async () => {
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });
});

test('security: change the password, end other sessions', async ({ page, request, browser, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const user = await registerVerifiedUser(request);
  await loginOverHttp(page, user);
  const elsewhere = await browser.newContext({ baseURL });
  await loginOverHttp(await elsewhere.newPage(), user);
  const profileElsewhere = () => elsewhere.request.get('/api/auth/profile');
  expect((await profileElsewhere()).status()).toBe(200);

  await page.goto('/bedrijfsinstellingen#beveiliging');
  await expect(page.getByRole('tab', { name: 'Beveiliging' })).toHaveAttribute('aria-selected', 'true');
  // Two-step sign-in starts off, ready to be set up (e2e/two-factor.spec.ts goes through it).
  await expect(panel(page).getByRole('button', { name: 'Tweestapsverificatie instellen' })).toBeVisible();

  await secret(page, 'Huidig wachtwoord').fill('Verkeerd123');
  await secret(page, 'Nieuw wachtwoord').fill('Anders123!');
  await secret(page, 'Bevestig nieuw wachtwoord').fill('Anders123!');
  await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(panel(page).getByText('Huidig wachtwoord is onjuist')).toBeVisible();
  await expect(secret(page, 'Huidig wachtwoord')).toBeFocused();

  await secret(page, 'Huidig wachtwoord').fill(user.password);
  await expect(panel(page).getByText('Huidig wachtwoord is onjuist')).toBeHidden();
  await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(
    panel(page).getByText('Uw wachtwoord is gewijzigd. 1 andere sessie is uitgelogd.'),
  ).toBeVisible();
  await expect(secret(page, 'Huidig wachtwoord')).toHaveValue('');
  expect((await profileElsewhere()).status()).toBe(401);
  expect((await page.request.get('/api/auth/profile')).status()).toBe(200);

  // A new session elsewhere, then "Overal anders uitloggen" with its confirmation.
  await loginOverHttp(await elsewhere.newPage(), { email: user.email, password: 'Anders123!' });
  expect((await profileElsewhere()).status()).toBe(200);
  await page.getByRole('button', { name: 'Overal anders uitloggen' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Overal anders uitloggen?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Uitloggen op andere apparaten' }).click();
  await expect(panel(page).getByText('1 andere sessie is uitgelogd.', { exact: true })).toBeVisible();
  expect((await profileElsewhere()).status()).toBe(401);
  await expect(page.getByRole('heading', { level: 1, name: 'Bedrijfsinstellingen' })).toBeVisible();
  await elsewhere.close();
});

test('profile: a new password asks for the current one; a wrong one changes nothing', async ({
  page,
  request,
}) => {
  await page.setViewportSize(DESKTOP);
  const user = await registerVerifiedUser(request);
  await loginOverHttp(page, user);
  // The required address fields, so that only the password is in question.
  const filled = await page.request.put('/api/auth/profile', {
    data: { address: 'Oudegracht 100', postalCode: '3511 AB', city: 'Utrecht' },
  });
  expect(filled.status()).toBe(200);
  await page.goto('/bedrijfsinstellingen');
  await expect(field(page, 'Adres')).toHaveValue('Oudegracht 100');
  await expect(secret(page, 'Huidig wachtwoord')).toHaveCount(0);

  await secret(page, 'Nieuw wachtwoord').fill('Anders123!');
  await secret(page, 'Bevestig wachtwoord').fill('Anders123!');
  await expect(secret(page, 'Huidig wachtwoord')).toBeVisible();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(panel(page).getByText('Huidig wachtwoord is verplicht')).toBeVisible();
  await expect(secret(page, 'Huidig wachtwoord')).toBeFocused();

  await secret(page, 'Huidig wachtwoord').fill('Verkeerd123');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(panel(page).getByText('Huidig wachtwoord is onjuist')).toBeVisible();
  const oldStillWorks = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password, rememberMe: false },
  });
  expect(oldStillWorks.status()).toBe(200);

  await secret(page, 'Huidig wachtwoord').fill(user.password);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(panel(page).getByText('Bedrijfsgegevens zijn succesvol bijgewerkt!')).toBeVisible();
  const withNew = await request.post('/api/auth/login', {
    data: { email: user.email, password: 'Anders123!', rememberMe: false },
  });
  expect(withNew.status()).toBe(200);
});

test('the banner can be closed and stays closed', async ({ page, request }) => {
  await page.setViewportSize(DESKTOP);
  const user = await registerVerifiedUser(request);
  await loginOverHttp(page, user);
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole('button', { name: 'Melding over het bedrijfsprofiel sluiten' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('profileBannerDismissed'))).toBe('true');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

/** A user with some of the profile filled in, so the bar, the hint and the banner all show. */
async function partlyFilledUser(request: Parameters<typeof registerVerifiedUser>[0], page: Page) {
  const user = await registerVerifiedUser(request, { name: 'Sanne Visser', company: 'Visser Techniek' });
  await loginOverHttp(page, user);
  const res = await page.request.put('/api/auth/profile', {
    data: { address: 'Havenstraat 8', postalCode: '1811 AA', city: 'Alkmaar' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return user;
}

/** Desktop: the whole page. Phone: what the screen shows at the top and at the bottom of the tab. */
async function tabShots(page: Page, name: string, device: 'desktop' | 'mobile') {
  if (device === 'desktop') return shoot(page, name, { fullPage: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, `${name}-top`);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await shoot(page, `${name}-bottom`);
}

for (const [device, size] of [
  ['desktop', DESKTOP],
  ['mobile', PHONE],
] as const) {
  test(`screenshots: every tab and the banner, ${device}`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const page = await devicePage(browser, size);
    await partlyFilledUser(request, page);
    for (const theme of galleryThemes(device === 'mobile' ? 'phone' : 'desktop')) {
      await page.goto('/');
      await switchTheme(page, theme);
      await expect(banner(page)).toBeVisible();
      await expect(banner(page)).toContainText('70% compleet');
      await shoot(page, `dashboard-banner-${theme}-${device}`);

      await page.goto('/bedrijfsinstellingen#profiel');
      await expect(completeness(page)).toContainText('75%');
      await tabShots(page, `profile-${theme}-${device}`, device);

      await page.getByRole('tab', { name: 'Financiële gegevens' }).click();
      await expect(field(page, 'BTW-nummer (EU)')).toHaveValue('NL');
      await tabShots(page, `financial-${theme}-${device}`, device);

      await page.getByRole('tab', { name: 'Document instellingen' }).click();
      await expect(panel(page).getByRole('heading', { name: 'Ordernummering' })).toBeVisible();
      await tabShots(page, `documents-${theme}-${device}`, device);

      await page.getByRole('tab', { name: 'Beveiliging' }).click();
      await secret(page, 'Nieuw wachtwoord').fill('Sterk2024!');
      await tabShots(page, `security-${theme}-${device}`, device);
      await secret(page, 'Nieuw wachtwoord').fill('');
    }
    if (device === 'mobile') {
      // The tabs scroll sideways; a long page gets the scroll-to-top button.
      await page.getByRole('tab', { name: 'Bedrijfsprofiel' }).click();
      await page.evaluate(() => window.scrollTo(0, 0));
      const top = page.getByRole('button', { name: 'Terug naar boven' });
      await expect(top).toBeHidden();
      await page.evaluate(() => window.scrollTo(0, 2500));
      await expect(top).toBeVisible();
      await shoot(page, 'scroll-top-dark-mobile');
      await top.click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    }
    await page.context().close();
  });
}
