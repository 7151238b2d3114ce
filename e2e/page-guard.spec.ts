import { expect, test } from '@playwright/test';
import { guardPage } from './support/page-guard';

/**
 * The page guard of the journeys (support/page-guard.ts) really hears the browser: a console error,
 * an uncaught error, a request that fails and an answer of 400 and up each reach it, with the step
 * they happened in; a step's allow-list takes what it names and nothing else. Its rules themselves are
 * unit-tested in support/page-problems.test.ts.
 */

test('the page guard hears console errors, uncaught errors, failed requests and error answers', async ({
  page,
  context,
}) => {
  const guard = guardPage(context);
  await guard.step('a clean page', async () => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Inloggen', level: 1 })).toBeVisible();
  });
  expect(guard.log.seen).toEqual([]);

  await page.route('**/afgebroken', (route) => route.abort('failed'));
  guard.log.begin('trouble', []);
  await page.evaluate(async () => {
    console.error('kapot in de console');
    setTimeout(() => {
      throw new Error('niet opgevangen');
    });
    await fetch('/api/bestaat-niet').catch(() => undefined);
    await fetch('/afgebroken').catch(() => undefined);
  });
  await expect
    .poll(() => guard.log.seen.map((p) => p.kind).sort())
    .toEqual(['console', 'console', 'console', 'pageerror', 'requestfailed', 'response']);
  const found = guard.log.takeUnexpected().join('\n');
  expect(found).toContain('[trouble] console: kapot in de console');
  expect(found).toContain('[trouble] pageerror: Error: niet opgevangen');
  expect(found).toMatch(/\[trouble\] requestfailed: net::ERR_FAILED \(http:\/\/[^)]*\/afgebroken\)/);
  expect(found).toMatch(/\[trouble\] response: 404 Not Found GET \(http:\/\/[^)]*\/api\/bestaat-niet\)/);
  expect(found).toMatch(
    /\[trouble\] console: Failed to load resource: the server responded with a status of 404/,
  );
  expect(guard.log.end()).toEqual([]);

  // Allowed in a step: the 404 and its console line pass, the step's other trouble does not.
  await guard.step('an expected 404', async () => {
    await page.evaluate(() => fetch('/api/bestaat-niet'));
    await expect.poll(() => guard.log.seen.length).toBe(8);
  }, [
    {
      reason: 'asked for a page that does not exist',
      response: { url: /\/api\/bestaat-niet$/, status: 404 },
    },
  ]);
  guard.log.begin('not allowed', [
    { reason: 'another path', response: { url: /\/api\/iets-anders$/, status: 404 } },
  ]);
  await page.evaluate(() => fetch('/api/bestaat-niet'));
  await expect.poll(() => guard.log.takeUnexpected().length).toBe(2);
  expect(guard.log.end()).toEqual(['another path']);
});
