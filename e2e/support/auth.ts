import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { linkFromOutbox } from './outbox';

/**
 * Signing in over HTTP for journeys that are not about signing in (STYLE.md §10): register through the
 * REST API, take the verification link from the outbox (/dev/mail.json), verify, log in.
 */

export type TestUser = { name: string; email: string; password: string; company: string };

let counter = 0;

/** A fresh address per call (per run and per worker), so tests never share an account. */
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return `${prefix}-${stamp}@voorbeeld.nl`;
}

export function newTestUser(overrides: Partial<TestUser> = {}): TestUser {
  return {
    name: 'Eva Tester',
    email: uniqueEmail(),
    password: 'Welkom123!',
    company: 'Testbedrijf BV',
    ...overrides,
  };
}

/** Registers and verifies an account over HTTP; returns the user (not logged in). */
export async function registerVerifiedUser(
  request: APIRequestContext,
  overrides: Partial<TestUser> = {},
): Promise<TestUser> {
  const user = newTestUser(overrides);
  const register = await request.post('/api/auth/register', {
    data: { name: user.name, email: user.email, password: user.password, company: user.company },
  });
  expect(register.status(), await register.text()).toBeLessThan(300);
  const path = await linkFromOutbox(request, user.email, '/verify-email/');
  const token = decodeURIComponent(path.split('/verify-email/')[1] ?? '');
  const verify = await request.get(`/api/auth/verify-email/${encodeURIComponent(token)}`);
  expect(verify.status(), await verify.text()).toBeLessThan(300);
  return user;
}

/**
 * Logs in over HTTP inside the page's browser context (the session cookie lands in its jar), then
 * opens the app once so it keeps the profile as "the stored user" (localStorage 'user'), as a login
 * through the form does. Deep links opened afterwards go straight to their screen.
 */
export async function loginOverHttp(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  const res = await page.request.post('/api/auth/login', {
    data: { email: user.email, password: user.password, rememberMe: true },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto('/');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('user') !== null), { message: 'stored user' })
    .toBe(true);
}

/**
 * A new verified user, logged in in `page`'s context. `request` (the test's own fixture) is used for
 * the registration calls; pass nothing to use the page's.
 */
export async function signUpAndLogin(
  page: Page,
  request: APIRequestContext = page.request,
  overrides: Partial<TestUser> = {},
): Promise<TestUser> {
  const user = await registerVerifiedUser(request, overrides);
  await loginOverHttp(page, user);
  return user;
}

/** Switches the theme as the theme control stores it (localStorage 'theme') and reloads the page. */
export async function switchTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** Logs in through the login screen, as a user does; ends on the dashboard. */
export async function loginThroughForm(
  page: Page,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<void> {
  if (!/\/login$/.test(page.url())) await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mailadres', exact: true }).fill(user.email);
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Fills the registration form with a user whose password the strength meter rates 'Zeer sterk'. */
export async function fillRegisterForm(page: Page, user: TestUser): Promise<void> {
  await page.getByRole('textbox', { name: 'Volledige naam', exact: true }).fill(user.name);
  await page.getByRole('textbox', { name: 'E-mailadres', exact: true }).fill(user.email);
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(user.password);
  await page.getByRole('textbox', { name: 'Bedrijfsnaam', exact: true }).fill(user.company);
  await expect(page.getByRole('meter', { name: 'Wachtwoordsterkte' })).toHaveAttribute(
    'aria-valuetext',
    'Zeer sterk',
  );
}
