import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';

/**
 * Screenshots of the journeys, for looking at by eye (CI keeps them as artifacts), and the two devices
 * they are taken on. The specs and the scripts in e2e/screens share these.
 */

export const SHOTS = 'e2e-artifacts/screenshots';
export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 375, height: 812 } as const;

export type Viewport = { readonly width: number; readonly height: number };
export type Theme = 'light' | 'dark';

/** One size and theme of a screenshot gallery; `width` is the one the shots' names carry. */
export type GalleryView = {
  readonly name: `${'desktop' | 'phone'}-${Theme}`;
  readonly viewport: Viewport;
  readonly theme: Theme;
  readonly size: 'desktop' | 'phone';
  readonly width: 1280 | 375;
};

const view = (size: 'desktop' | 'phone', theme: Theme): GalleryView => ({
  name: `${size}-${theme}`,
  viewport: size === 'desktop' ? DESKTOP : PHONE,
  theme,
  size,
  width: size === 'desktop' ? 1280 : 375,
});

/** Every size × theme, desktop first, as `E2E_SCREENS=all` (`npm run screens`) shoots them. */
const EVERY_VIEW: readonly GalleryView[] = [
  view('desktop', 'light'),
  view('desktop', 'dark'),
  view('phone', 'light'),
  view('phone', 'dark'),
];

/** Whether this run shoots every size × theme of each gallery rather than the usual two. */
export const EVERY_SCREEN = process.env.E2E_SCREENS === 'all';

/**
 * The sizes and themes a gallery is shot in. The suite's own run takes two that show both sizes and
 * both themes, desktop light and phone dark: what a shot checks (nothing wider than the viewport, the
 * steps before it) depends on the size, and each theme is still looked at once. `E2E_SCREENS=all`
 * gives all four, for looking through every combination; the file names stay the same either way.
 * `besides` leaves out the one a test has already shot another way (often desktop light, on its own page).
 */
export function galleryViews({ besides }: { besides?: GalleryView['name'] } = {}): readonly GalleryView[] {
  const views = EVERY_SCREEN
    ? EVERY_VIEW
    : EVERY_VIEW.filter((v) => v.name === 'desktop-light' || v.name === 'phone-dark');
  return views.filter((v) => v.name !== besides);
}

/** The gallery's themes at one size, for a test that switches the theme on one page of that size. */
export function galleryThemes(size: GalleryView['size']): Theme[] {
  return galleryViews()
    .filter((view) => view.size === size)
    .map((view) => view.theme);
}

/** Context options for a viewport: a phone is a touch screen at twice the pixels, wider is a desktop. */
export function deviceOptions(viewport: Viewport) {
  const phone = viewport.width < 768;
  return {
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: phone ? 2 : 1,
    isMobile: phone,
    hasTouch: phone,
  };
}

/** How many pixels the page is wider than its viewport (0 or less: nothing sticks out sideways). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

export type ShotOptions = {
  /** The whole page from the top instead of what the viewport shows. */
  fullPage?: boolean;
  /**
   * Toasts, dialogs and fades at their end state: Playwright finishes finite CSS animations and
   * transitions for the shot (and stops endless ones), after the web fonts have loaded. False for a
   * placeholder that is about to go, whose shimmer is the point.
   */
  settle?: boolean;
};

/** `SHOTS/<name>.png`. A page wider than its viewport fails the test: on a phone that is a bug. */
export async function shoot(page: Page, name: string, { fullPage = false, settle = true }: ShotOptions = {}) {
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  if (settle) await page.evaluate(() => document.fonts.ready.then(() => undefined));
  expect(await horizontalOverflow(page), `${name}: wider than the viewport`).toBeLessThanOrEqual(0);
  await page.screenshot({
    path: `${SHOTS}/${name}.png`,
    fullPage,
    animations: settle ? 'disabled' : 'allow',
  });
}

/** `shoot` with the spec's prefix before every name ('customers' → customers-<name>.png). */
export function shotsNamed(prefix: string) {
  return (page: Page, name: string, options?: ShotOptions) => shoot(page, `${prefix}-${name}`, options);
}

/**
 * A page in a context of its own on a device of that size, with the project's base URL, locale and
 * time zone; with `from`, it carries that context's session; with `theme`, the theme is stored before
 * the app boots. Close it with `page.context().close()`.
 */
export async function devicePage(
  browser: Browser,
  viewport: Viewport,
  { from, theme }: { from?: BrowserContext; theme?: Theme } = {},
): Promise<Page> {
  const { baseURL, locale, timezoneId } = test.info().project.use;
  const context = await browser.newContext({
    ...deviceOptions(viewport),
    baseURL,
    locale,
    timezoneId,
    ...(from ? { storageState: await from.storageState() } : {}),
  });
  if (theme) await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
  return context.newPage();
}

/** A second page with the session of `from`, at its own size and in its own theme. */
export function themedPage(
  browser: Browser,
  from: BrowserContext,
  viewport: Viewport,
  theme: Theme,
): Promise<Page> {
  return devicePage(browser, viewport, { from, theme });
}
