/**
 * The rules of the page guard (page-guard.ts), without Playwright: what the browser reported, which
 * report a step's allow-list covers, and the log that keeps apart what was expected from what was not.
 */

export type ProblemKind = 'console' | 'pageerror' | 'requestfailed' | 'response';

export type Problem = {
  kind: ProblemKind;
  /** The step that was running when the browser reported it. */
  step: string;
  /** console: the message; pageerror: name and message; requestfailed: the network error;
   * response: status, status text and method ('401 Unauthorized GET'). */
  text: string;
  url?: string;
};

/** One thing a step expects to go wrong, and why. */
export type Expected = { reason: string } & (
  | {
      /** An answer with this status from a matching URL; covers the console's "Failed to load resource" line for it too. */
      response: { url: RegExp; status: number };
    }
  | {
      /** A request to a matching URL that fails with this network error (and its console line). */
      requestFailed: { url: RegExp; error: RegExp };
    }
  | { console: RegExp }
  | { pageError: RegExp }
);

const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of (\d+)/;
const FAILED_REQUEST = /^Failed to load resource: (net::\S+)/;

export function isCoveredBy(expected: Expected, problem: Problem): boolean {
  if ('response' in expected) {
    const { url, status } = expected.response;
    if (!problem.url || !url.test(problem.url)) return false;
    if (problem.kind === 'response') return problem.text.startsWith(`${status} `);
    // Chromium logs every failed answer on the console as well, with the resource as its location.
    return problem.kind === 'console' && FAILED_RESOURCE.exec(problem.text)?.[1] === String(status);
  }
  if ('requestFailed' in expected) {
    const { url, error } = expected.requestFailed;
    if (!problem.url || !url.test(problem.url)) return false;
    if (problem.kind === 'requestfailed') return error.test(problem.text);
    // Chromium logs it on the console too: 'Failed to load resource: net::ERR_FAILED'.
    const logged = FAILED_REQUEST.exec(problem.text)?.[1];
    return problem.kind === 'console' && logged !== undefined && error.test(logged);
  }
  if ('console' in expected) return problem.kind === 'console' && expected.console.test(problem.text);
  return problem.kind === 'pageerror' && expected.pageError.test(problem.text);
}

export const describeProblem = (p: Problem) =>
  `[${p.step}] ${p.kind}: ${p.text}${p.url ? ` (${p.url})` : ''}`;

/** What the browser reported during a journey, sorted against the allow-list of the running step. */
export class ProblemLog {
  private step = 'start';
  private allowed: readonly Expected[] = [];
  private readonly used = new Set<Expected>();
  private readonly unexpected: Problem[] = [];
  /** Everything reported, expected or not. */
  readonly seen: Problem[] = [];

  /** From now on reports belong to `step`, and `expected` is what it may report. */
  begin(step: string, expected: readonly Expected[]): void {
    this.step = step;
    this.allowed = expected;
    this.used.clear();
  }

  /** The step is over: what it expected but never saw (by reason); later reports are 'after <step>'. */
  end(): string[] {
    const missing = this.allowed.filter((e) => !this.used.has(e)).map((e) => e.reason);
    this.step = `after ${this.step}`;
    this.allowed = [];
    return missing;
  }

  record(problem: Omit<Problem, 'step'>): void {
    const full = { ...problem, step: this.step };
    this.seen.push(full);
    const allowance = this.allowed.find((e) => isCoveredBy(e, full));
    if (allowance) this.used.add(allowance);
    else this.unexpected.push(full);
  }

  /** The unexpected reports not taken before, described one a line. */
  takeUnexpected(): string[] {
    return this.unexpected.splice(0).map(describeProblem);
  }
}
