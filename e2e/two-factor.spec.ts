import fs from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { signUpAndLogin, type TestUser } from './support/auth';
import { DESKTOP, devicePage, galleryViews, shotsNamed } from './support/screens';
import { logout } from './support/shell';
import {
  authenticator,
  centre,
  enable,
  field,
  qrCode,
  recoveryCodes,
  startSetup,
  twoFactorCard,
} from './support/two-factor';

/**
 * Two-step sign-in as a user meets it: set it up in Bedrijfsinstellingen › Beveiliging with a code
 * computed from the key shown on screen (as an authenticator app does), keep the ten recovery codes
 * (also as a download), sign in with a code, then once with a recovery code, and switch it off with
 * the password and a code. Screenshots of the setup, the recovery codes and the login's second step
 * at 1280 and 375 px, light and dark.
 */

const shoot = shotsNamed('two-factor');
const card = twoFactorCard;

async function openSecurityTab(page: Page) {
  await page.goto('/bedrijfsinstellingen#beveiliging');
  await expect(page.getByRole('tab', { name: 'Beveiliging' })).toHaveAttribute('aria-selected', 'true');
  await expect(card(page)).toBeVisible();
}

/** The login form filled in and sent, for an account with two-step sign-in: ends on the second step. */
async function toSecondStep(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  if (!/\/login$/.test(page.url())) await page.goto('/login');
  await field(page, 'E-mailadres').fill(user.email);
  await field(page, 'Wachtwoord').fill(user.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('heading', { name: 'Tweestapsverificatie', level: 1 })).toBeVisible();
  await expect(page.getByText('Voer de 6-cijferige code uit uw authenticator-app in.')).toBeVisible();
  await expect(field(page, 'Verificatiecode')).toBeFocused();
  // No session before the second step.
  expect((await page.request.get('/api/auth/profile')).status()).toBe(401);
}

const signedIn = async (page: Page) => {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
};

const twoFactorEnabled = async (page: Page) =>
  (await (await page.request.get('/api/auth/profile')).json()).twoFactorEnabled as boolean;

test('two-step sign-in: set up with a code from the key on screen, sign in with a code and with a recovery code, switch off', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize(DESKTOP);
  const user = await signUpAndLogin(page, request, { name: 'Iris de Wit', company: 'Twee Stappen BV' });
  await openSecurityTab(page);
  const twoFactor = card(page);
  await expect(
    twoFactor.getByText('Beveilig uw account met een code uit een authenticator-app, naast uw wachtwoord.'),
  ).toBeVisible();

  let app = authenticator('');
  await test.step('set up: the QR code and the key; the code is checked before it is sent', async () => {
    app = await startSetup(page);
    await centre(qrCode(page));
    await shoot(page, 'setup-light-desktop');
    await twoFactor.getByRole('button', { name: 'Inschakelen' }).click();
    await expect(twoFactor.getByText('Voer de code uit uw authenticator-app in')).toBeVisible();
    await expect(field(page, 'Verificatiecode')).toBeFocused();
    await field(page, 'Verificatiecode').fill('12345');
    await expect(twoFactor.getByText('De code bestaat uit 6 cijfers')).toBeVisible();
    // A code the server refuses says what to check.
    await field(page, 'Verificatiecode').fill(app.staleCode());
    await twoFactor.getByRole('button', { name: 'Inschakelen' }).click();
    await expect(twoFactor.getByText(/De code klopt niet/)).toBeVisible();
    expect(await twoFactorEnabled(page)).toBe(false);
  });

  let codes: string[] = [];
  await test.step('switch on: ten recovery codes, shown once, and as a text file', async () => {
    codes = await enable(page, await app.nextCode());
    await centre(recoveryCodes(page));
    await shoot(page, 'recovery-codes-light-desktop');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      twoFactor.getByRole('button', { name: 'Downloaden als tekstbestand' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('inkooporders-herstelcodes.txt');
    const text = await fs.readFile(await download.path(), 'utf8');
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toContain('Herstelcodes');
    expect(lines[0]).toContain(user.email);
    expect(lines.slice(1)).toEqual([...codes, '']);
    await twoFactor.getByRole('button', { name: 'Ik heb de codes bewaard' }).click();
    await expect(recoveryCodes(page)).toHaveCount(0);
    await expect(twoFactor.getByText('Aan', { exact: true })).toBeVisible();
    await expect(
      twoFactor.getByText(
        'Bij het inloggen vragen we naast uw wachtwoord een code uit uw authenticator-app.',
      ),
    ).toBeVisible();
    expect(await twoFactorEnabled(page)).toBe(true);
    // Shown once: after a reload the codes are gone for good.
    await page.reload();
    await expect(card(page).getByText('Aan', { exact: true })).toBeVisible();
    await expect(page.getByText(codes[0]!)).toHaveCount(0);
  });

  await test.step('sign in: the password, then a code from the app', async () => {
    await logout(page);
    await toSecondStep(page, user);
    await shoot(page, 'login-step-light-desktop');
    await field(page, 'Verificatiecode').fill(app.staleCode());
    await page.getByRole('button', { name: 'Verifiëren' }).click();
    await expect(
      page.getByText('De code is onjuist of verlopen. Probeer het opnieuw of log opnieuw in.'),
    ).toBeVisible();
    await field(page, 'Verificatiecode').fill(await app.nextCode());
    await page.getByRole('button', { name: 'Verifiëren' }).click();
    await signedIn(page);
  });

  await test.step('sign in with a recovery code: each one works once', async () => {
    await logout(page);
    await toSecondStep(page, user);
    await page.getByRole('button', { name: 'Herstelcode gebruiken' }).click();
    await expect(page.getByText('Voer een van uw herstelcodes in. Elke code werkt één keer.')).toBeVisible();
    await expect(field(page, 'Herstelcode')).toBeFocused();
    // And back, and there again.
    await page.getByRole('button', { name: 'Code uit de app gebruiken' }).click();
    await expect(field(page, 'Verificatiecode')).toBeFocused();
    await page.getByRole('button', { name: 'Herstelcode gebruiken' }).click();
    await shoot(page, 'login-recovery-light-desktop');
    await field(page, 'Herstelcode').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verifiëren' }).click();
    await signedIn(page);

    await logout(page);
    await toSecondStep(page, user);
    await page.getByRole('button', { name: 'Herstelcode gebruiken' }).click();
    await field(page, 'Herstelcode').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verifiëren' }).click();
    await expect(
      page.getByText('De code is onjuist of verlopen. Probeer het opnieuw of log opnieuw in.'),
    ).toBeVisible();
    // 'Terug naar inloggen' starts over; the next code of the list works.
    await page.getByRole('button', { name: 'Terug naar inloggen' }).click();
    await expect(page.getByRole('heading', { name: 'Inloggen', level: 1 })).toBeVisible();
    await toSecondStep(page, user);
    await page.getByRole('button', { name: 'Herstelcode gebruiken' }).click();
    await field(page, 'Herstelcode').fill(codes[1]!.toUpperCase());
    await page.getByRole('button', { name: 'Verifiëren' }).click();
    await signedIn(page);
  });

  await test.step('switch off with the password and a code', async () => {
    await openSecurityTab(page);
    await twoFactor.getByRole('button', { name: 'Uitschakelen', exact: true }).click();
    const off = twoFactor.getByRole('form', { name: 'Tweestapsverificatie uitschakelen' });
    const password = off.getByRole('textbox', { name: 'Huidig wachtwoord', exact: true });
    await expect(password).toBeFocused();
    await off.getByRole('button', { name: 'Tweestapsverificatie uitschakelen' }).click();
    await expect(off.getByText('Wachtwoord is verplicht')).toBeVisible();
    await expect(off.getByText('Voer de code uit uw authenticator-app in')).toBeVisible();
    await password.fill('Verkeerd123!');
    await off.getByRole('textbox', { name: 'Verificatiecode' }).fill(app.staleCode());
    await off.getByRole('button', { name: 'Tweestapsverificatie uitschakelen' }).click();
    await expect(off.getByText(/Het wachtwoord is onjuist|De code klopt niet/)).toBeVisible();
    expect(await twoFactorEnabled(page)).toBe(true);

    await password.fill(user.password);
    await off.getByRole('textbox', { name: 'Verificatiecode' }).fill(await app.nextCode());
    await off.getByRole('button', { name: 'Tweestapsverificatie uitschakelen' }).click();
    await expect(page.getByRole('region', { name: 'Meldingen' })).toContainText(
      'Tweestapsverificatie is uitgeschakeld.',
    );
    await expect(twoFactor.getByRole('button', { name: 'Tweestapsverificatie instellen' })).toBeVisible();
    expect(await twoFactorEnabled(page)).toBe(false);
  });

  await test.step('off: the login asks the password only', async () => {
    await logout(page);
    await field(page, 'E-mailadres').fill(user.email);
    await field(page, 'Wachtwoord').fill(user.password);
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await signedIn(page);
  });
});

test('two-step sign-in screens: the setup, the recovery codes and the login step at the other sizes and themes', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  for (const { viewport, size, theme } of galleryViews({ besides: 'desktop-light' })) {
    const page = await devicePage(browser, viewport, { theme });
    const user = await signUpAndLogin(page, request, { name: 'Joost Visser', company: 'Visser Fietsen' });
    await openSecurityTab(page);
    const app = await startSetup(page);
    await centre(qrCode(page));
    await shoot(page, `setup-${theme}-${size}`);
    await enable(page, await app.nextCode());
    await centre(recoveryCodes(page));
    await shoot(page, `recovery-codes-${theme}-${size}`);
    await card(page).getByRole('button', { name: 'Ik heb de codes bewaard' }).click();
    await logout(page);
    await toSecondStep(page, user);
    // The whole card on a phone; the desktop's split layout is the viewport.
    await shoot(page, `login-step-${theme}-${size}`, { fullPage: size === 'phone' });
    await page.context().close();
  }
});
