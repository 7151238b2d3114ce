import { describe, expect, it } from 'vitest';
import { type Expected, isCoveredBy, type Problem, ProblemLog } from './page-problems';

const at = (p: Omit<Problem, 'step'>): Problem => ({ ...p, step: 's' });
const profile401: Expected = {
  reason: 'the profile before login',
  response: { url: /\/trpc\/auth\.profile/, status: 401 },
};

describe('page guard rules', () => {
  it('an expected answer covers its status at its URL, and the console line Chromium logs for it', () => {
    const url = 'http://127.0.0.1/trpc/auth.profile?batch=1';
    expect(isCoveredBy(profile401, at({ kind: 'response', text: '401 Unauthorized GET', url }))).toBe(true);
    expect(
      isCoveredBy(
        profile401,
        at({
          kind: 'console',
          text: 'Failed to load resource: the server responded with a status of 401 (Unauthorized)',
          url,
        }),
      ),
    ).toBe(true);
    // Another status, another URL, or another kind of report is not covered.
    expect(
      isCoveredBy(profile401, at({ kind: 'response', text: '500 Internal Server Error GET', url })),
    ).toBe(false);
    expect(
      isCoveredBy(
        profile401,
        at({
          kind: 'console',
          text: 'Failed to load resource: the server responded with a status of 500 (Internal Server Error)',
          url,
        }),
      ),
    ).toBe(false);
    expect(
      isCoveredBy(
        profile401,
        at({ kind: 'response', text: '401 Unauthorized GET', url: 'http://x/trpc/orders.list' }),
      ),
    ).toBe(false);
    expect(isCoveredBy(profile401, at({ kind: 'console', text: 'TypeError: x is undefined', url }))).toBe(
      false,
    );
    expect(isCoveredBy(profile401, at({ kind: 'requestfailed', text: 'net::ERR_FAILED', url }))).toBe(false);
  });

  it('failed requests by URL and network error; console and page errors by their text', () => {
    const aborted: Expected = {
      reason: 'download',
      requestFailed: { url: /\/api\/pdf\/download\//, error: /ERR_ABORTED/ },
    };
    expect(
      isCoveredBy(
        aborted,
        at({ kind: 'requestfailed', text: 'net::ERR_ABORTED', url: 'http://h/api/pdf/download/a.pdf' }),
      ),
    ).toBe(true);
    expect(
      isCoveredBy(
        aborted,
        at({ kind: 'requestfailed', text: 'net::ERR_FAILED', url: 'http://h/api/pdf/download/a.pdf' }),
      ),
    ).toBe(false);
    expect(
      isCoveredBy(
        aborted,
        at({ kind: 'requestfailed', text: 'net::ERR_ABORTED', url: 'http://h/trpc/orders.list' }),
      ),
    ).toBe(false);
    expect(
      isCoveredBy(
        aborted,
        at({
          kind: 'console',
          text: 'Failed to load resource: net::ERR_ABORTED',
          url: 'http://h/api/pdf/download/a.pdf',
        }),
      ),
    ).toBe(true);
    expect(
      isCoveredBy(
        aborted,
        at({
          kind: 'console',
          text: 'Failed to load resource: net::ERR_FAILED',
          url: 'http://h/api/pdf/download/a.pdf',
        }),
      ),
    ).toBe(false);
    const warned: Expected = { reason: 'r', console: /^Bekende melding/ };
    expect(isCoveredBy(warned, at({ kind: 'console', text: 'Bekende melding: x' }))).toBe(true);
    expect(isCoveredBy(warned, at({ kind: 'pageerror', text: 'Bekende melding: x' }))).toBe(false);
    const thrown: Expected = { reason: 'r', pageError: /^Error: verwacht/ };
    expect(isCoveredBy(thrown, at({ kind: 'pageerror', text: 'Error: verwacht' }))).toBe(true);
    expect(isCoveredBy(thrown, at({ kind: 'console', text: 'Error: verwacht' }))).toBe(false);
  });

  it('the log keeps the unexpected per step, hands each out once, and names what was expected but missing', () => {
    const log = new ProblemLog();
    log.record({ kind: 'console', text: 'vroeg' });
    log.begin('inloggen', [profile401]);
    log.record({ kind: 'response', text: '401 Unauthorized GET', url: 'http://h/trpc/auth.profile' });
    log.record({ kind: 'pageerror', text: 'TypeError: kapot', url: 'http://h/' });
    expect(log.takeUnexpected()).toEqual([
      '[start] console: vroeg',
      '[inloggen] pageerror: TypeError: kapot (http://h/)',
    ]);
    expect(log.takeUnexpected()).toEqual([]);
    expect(log.end()).toEqual([]);
    // After the step its allow-list no longer applies.
    log.record({ kind: 'response', text: '401 Unauthorized GET', url: 'http://h/trpc/auth.profile' });
    expect(log.takeUnexpected()).toEqual([
      '[after inloggen] response: 401 Unauthorized GET (http://h/trpc/auth.profile)',
    ]);
    log.begin('dashboard', [profile401]);
    expect(log.end()).toEqual(['the profile before login']);
    expect(log.seen).toHaveLength(4);
  });
});
