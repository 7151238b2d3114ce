import { expect, test } from '@playwright/test';
import { loginThroughForm, newTestUser } from './support/auth';
import { linkFromOutbox } from './support/outbox';
import { logout } from './support/shell';

const shots = 'e2e-artifacts/screenshots';

const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 375, height: 812 },
] as const;

for (const vp of viewports) {
  test.describe(`account journey (${vp.name})`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });
    const mobile = vp.name === 'mobile';

    test('sign up, verify by mail, log in, reset the password, log out', async ({ page, request }) => {
      const user = newTestUser({ name: 'Fenna de Groot', company: `Groot Techniek ${vp.name}` });

      // Visitors of a protected page land on the login screen.
      await page.goto('/klanten');
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Inloggen', level: 1 })).toBeVisible();
      await page.screenshot({ path: `${shots}/login-light-${vp.name}.png`, fullPage: true });

      // Register, with the strength meter and its checklist.
      await page.getByRole('link', { name: 'Registreer hier' }).click();
      await expect(page).toHaveURL(/\/register$/);
      await page.getByRole('textbox', { name: 'Volledige naam', exact: true }).fill(user.name);
      await page.getByRole('textbox', { name: 'E-mailadres', exact: true }).fill(user.email);
      await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill('kort');
      const meter = page.getByRole('meter', { name: 'Wachtwoordsterkte' });
      await expect(meter).toHaveAttribute('aria-valuetext', 'Zeer zwak');
      await expect(page.locator('.ui-strength__label')).toHaveText('Zeer zwak');
      await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(user.password);
      await expect(meter).toHaveAttribute('aria-valuetext', 'Zeer sterk');
      await page.getByRole('textbox', { name: 'Bedrijfsnaam', exact: true }).fill(user.company);
      await page.screenshot({ path: `${shots}/register-strength-${vp.name}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Account aanmaken' }).click();
      await expect(page.getByRole('heading', { name: 'Verificatie e-mail verzonden' })).toBeVisible();
      await expect(page.getByText(user.email)).toBeVisible();

      // Logging in before verifying shows the verification banner.
      await page.getByRole('button', { name: 'Naar inloggen' }).click();
      await page.getByRole('textbox', { name: 'E-mailadres', exact: true }).fill(user.email);
      await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Inloggen' }).click();
      await expect(page.getByText('E-mailadres nog niet geverifieerd')).toBeVisible();

      // The link from the verification mail.
      await page.goto(await linkFromOutbox(request, user.email, '/verify-email/'));
      await expect(page.getByRole('heading', { name: 'E-mailadres geverifieerd!' })).toBeVisible();
      await page.getByRole('button', { name: /inloggen/i }).click();
      await expect(page).toHaveURL(/\/login/);

      await page.getByRole('textbox', { name: 'E-mailadres', exact: true }).fill(user.email);
      await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill('Verkeerd123');
      await page.getByRole('button', { name: 'Inloggen' }).click();
      await expect(page.getByText('Onjuist e-mailadres of wachtwoord.')).toBeVisible();
      await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Inloggen' }).click();

      // The shell, with the company and who is logged in.
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      if (!mobile) await expect(page.getByRole('complementary').getByText('Ingelogd als')).toBeVisible();
      await expect(page.getByText(user.company).first()).toBeVisible();
      await page.screenshot({ path: `${shots}/shell-${vp.name}.png` });

      // Logged-in users are sent away from the auth screens, and unknown paths go home.
      await page.goto('/login');
      await expect(page).toHaveURL(/\/$/);
      await page.goto('/bestaat-niet');
      await expect(page).toHaveURL(/\/$/);

      await logout(page);
      await page.goto('/');
      await expect(page).toHaveURL(/\/login$/);

      // Forgot the password: the reset link from the mail, a new password, log in with it.
      await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
      await page.getByRole('textbox', { name: 'E-mailadres', exact: true }).fill(user.email);
      await page.getByRole('button', { name: /verstuur|verzend|reset/i }).click();
      await expect(page.getByText(/30 minuten/).first()).toBeVisible();
      const resetPath = await linkFromOutbox(request, user.email, '/reset-password/');
      await page.goto(resetPath);
      const newPassword = 'NieuwWachtwoord9!';
      await page.getByRole('textbox', { name: 'Nieuw wachtwoord', exact: true }).fill(newPassword);
      await page
        .getByRole('textbox', { name: 'Bevestig wachtwoord', exact: true })
        .fill('AndersWachtwoord9!');
      await page
        .getByRole('button', { name: /wachtwoord/i })
        .last()
        .click();
      await expect(page.getByText('Wachtwoorden komen niet overeen')).toBeVisible();
      await page.getByRole('textbox', { name: 'Bevestig wachtwoord', exact: true }).fill(newPassword);
      await page
        .getByRole('button', { name: /wachtwoord/i })
        .last()
        .click();
      await expect(
        page
          .getByRole('link', { name: /inloggen/i })
          .or(page.getByRole('button', { name: /inloggen/i }))
          .first(),
      ).toBeVisible();

      // The same link a second time is refused.
      await page.goto(resetPath);
      await page.getByRole('textbox', { name: 'Nieuw wachtwoord', exact: true }).fill('NogEenKeer123!');
      await page.getByRole('textbox', { name: 'Bevestig wachtwoord', exact: true }).fill('NogEenKeer123!');
      await page
        .getByRole('button', { name: /wachtwoord/i })
        .last()
        .click();
      await expect(page.getByText('Ongeldige of verlopen reset link. Vraag een nieuwe aan.')).toBeVisible();

      await page.goto('/login');
      await loginThroughForm(page, { email: user.email, password: newPassword });
      await logout(page);
    });
  });
}

test('login screen in the dark theme', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Inloggen', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Donker thema' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: `${shots}/login-dark-desktop.png`, fullPage: true });
  // The choice is kept across a reload.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('heading', { name: 'Inloggen', level: 1 })).toBeVisible();
  await page.screenshot({ path: `${shots}/login-dark-mobile.png`, fullPage: true });
});
