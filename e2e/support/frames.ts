import type { Page } from '@playwright/test';

type HeldWindow = Window & { heldFrames?: FrameRequestCallback[]; ownFrame?: typeof requestAnimationFrame };

/**
 * Holds the page's animation frames, as a busy or slow device does, until `release` runs them. What
 * the app does "a frame later" then visibly happens after the user's next step: a cursor put back
 * after a click has to be back when the click is done.
 */
export async function holdFrames(page: Page): Promise<{ release: () => Promise<void> }> {
  await page.evaluate(() => {
    const w = window as HeldWindow;
    w.heldFrames = [];
    w.ownFrame = window.requestAnimationFrame;
    window.requestAnimationFrame = (callback) => w.heldFrames?.push(callback) ?? 0;
  });
  return {
    release: () =>
      page.evaluate(() => {
        const w = window as HeldWindow;
        if (w.ownFrame) window.requestAnimationFrame = w.ownFrame;
        for (const callback of w.heldFrames ?? []) callback(performance.now());
        w.heldFrames = [];
      }),
  };
}
