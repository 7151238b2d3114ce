import { type BrowserContext, expect, test } from '@playwright/test';
import { type Expected, ProblemLog } from './page-problems';

export type { Expected } from './page-problems';

/**
 * Watches everything the browser reports while a journey runs: console errors, uncaught page errors,
 * requests that fail and answers of 400 and up. Each step of the journey names what it expects (an
 * allow-list of its own, each entry with its reason); anything else fails that step, listed with the
 * step it happened in. It listens on the whole context, so a tab or popup the app opens is watched too;
 * calls the test makes itself (`page.request`) are not the browser's and are not seen.
 *
 * Expected failures should be rare: an error the journey did not ask for is a defect to fix in the
 * app, not an entry to add here.
 */
export class PageGuard {
  readonly log = new ProblemLog();

  constructor(context: BrowserContext) {
    context.on('console', (msg) => {
      if (msg.type() === 'error') {
        this.log.record({ kind: 'console', text: msg.text(), url: msg.location().url || undefined });
      }
    });
    context.on('weberror', (webError) => {
      const error = webError.error();
      this.log.record({
        kind: 'pageerror',
        text: `${error.name}: ${error.message}`,
        url: webError.page()?.url(),
      });
    });
    context.on('requestfailed', (request) => {
      this.log.record({
        kind: 'requestfailed',
        text: request.failure()?.errorText ?? 'failed',
        url: request.url(),
      });
    });
    context.on('response', (response) => {
      if (response.status() < 400) return;
      this.log.record({
        kind: 'response',
        text: `${response.status()} ${response.statusText()} ${response.request().method()}`,
        url: response.url(),
      });
    });
  }

  /**
   * One step of the journey, as a `test.step` with its own allow-list. It fails when the browser
   * reported anything unexpected while it ran (or left over from the step before), and when an
   * expected failure did not happen: an entry that is never needed would hide the next real error
   * of its kind.
   */
  step<T>(name: string, body: () => Promise<T>, expected: readonly Expected[] = []): Promise<T> {
    return test.step(name, async () => {
      this.log.begin(name, expected);
      const result = await body();
      this.expectClean();
      expect(this.log.end(), `${name}: expected failures that did not happen`).toEqual([]);
      return result;
    });
  }

  /** Fails with every unexpected report not yet failed on. */
  expectClean(): void {
    expect(
      this.log.takeUnexpected(),
      'console errors, page errors or failed requests the journey did not expect',
    ).toEqual([]);
  }
}

/** A guard on a browser context: create it before the first page load. */
export function guardPage(context: BrowserContext): PageGuard {
  return new PageGuard(context);
}
