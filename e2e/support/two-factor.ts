import { expect, type Locator, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/**
 * Two-step sign-in in Bedrijfsinstellingen › Beveiliging as a user sets it up: the card, its key on
 * screen typed into an authenticator computed here, the code, and the ten recovery codes shown once.
 * The enrolment page that a required two-step sign-in leads to uses the same card.
 */

const RECOVERY_CODE = /^[abcdefghjkmnpqrstuvwxyz23456789]{5}-[abcdefghjkmnpqrstuvwxyz23456789]{5}$/;

export const twoFactorCard = (page: Page) =>
  page.locator('section.ui-card', {
    has: page.getByRole('heading', { name: 'Tweestapsverificatie', exact: true }),
  });
export const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** Centred: a phone's bars cover the top and the bottom of the viewport. */
export const centre = (target: Locator) => target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
export const qrCode = (page: Page) =>
  twoFactorCard(page).getByRole('img', { name: 'QR-code voor uw authenticator-app' });
export const recoveryCodes = (page: Page) => twoFactorCard(page).getByTestId('recovery-codes');

/**
 * An authenticator app with the key typed over from the screen: TOTP, SHA-1, 6 digits, 30 s. The
 * server takes each 30-second step once, and a code of one step ahead (a phone's clock a little
 * fast) as well: every code comes from the next step not used yet, and `nextCode` waits only when
 * that step is more than one ahead of the clock.
 */
export function authenticator(keyOnScreen: string) {
  const totp = new TOTP({
    secret: Secret.fromBase32(keyOnScreen.replace(/\s+/g, '')),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
  let lastStep = Number.NEGATIVE_INFINITY;
  return {
    async nextCode(): Promise<string> {
      await expect
        .poll(() => totp.counter(), { message: 'the next 30-second step', timeout: 45_000, intervals: [250] })
        .toBeGreaterThanOrEqual(lastStep);
      lastStep = Math.max(totp.counter(), lastStep + 1);
      return totp.generate({ timestamp: lastStep * 30_000 });
    },
    /** A code of an hour ago: well outside what the server accepts. */
    staleCode: () => totp.generate({ timestamp: Date.now() - 3_600_000 }),
  };
}

/** Beveiliging › Tweestapsverificatie instellen, up to the QR code and the key; answers the app. */
export async function startSetup(page: Page) {
  const twoFactor = twoFactorCard(page);
  await twoFactor.getByRole('button', { name: 'Tweestapsverificatie instellen' }).click();
  await expect(twoFactor.getByText('1. Scan de QR-code met uw authenticator-app.')).toBeVisible();
  await expect(twoFactor.getByText('2. Voer de 6-cijferige code uit de app in.')).toBeVisible();
  // Drawn here as an SVG, black on a white quiet zone (it must scan on the dark theme too).
  const qr = qrCode(page);
  const src = (await qr.getAttribute('src')) ?? '';
  expect(src).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(Buffer.from(src.split(',')[1] ?? '', 'base64').toString()).toContain('fill="#fff"');
  await expect
    .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await expect(twoFactor.getByText('Of typ deze sleutel over:')).toBeVisible();
  const key = (await twoFactor.getByTestId('two-factor-key').textContent()) ?? '';
  expect(key, 'the key in groups of four').toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  return authenticator(key);
}

/** Fills in the code of the setup and switches it on; answers the ten recovery codes shown. */
export async function enable(page: Page, code: string): Promise<string[]> {
  const twoFactor = twoFactorCard(page);
  await field(page, 'Verificatiecode').fill(code);
  await twoFactor.getByRole('button', { name: 'Inschakelen' }).click();
  await expect(twoFactor.getByRole('heading', { name: 'Uw herstelcodes' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Meldingen' })).toContainText(
    'Tweestapsverificatie is ingeschakeld.',
  );
  await expect(
    twoFactor.getByText(
      'Bewaar deze codes op een veilige plek. Met elke code kunt u één keer inloggen als u uw telefoon kwijt bent. Ze worden maar één keer getoond.',
    ),
  ).toBeVisible();
  const codes = await recoveryCodes(page).getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(RECOVERY_CODE);
  expect(new Set(codes).size).toBe(10);
  return codes;
}
