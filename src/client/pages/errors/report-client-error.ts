/**
 * Sends an error that reached an error boundary to the server (tRPC system.reportClientError, the
 * same procedure as POST /api/client-errors). Best effort: never throws, never waits.
 * A plain fetch, so reporting still works when the React tree (and its tRPC provider) is broken.
 */
export type ClientErrorReport = {
  message: string;
  stack?: string;
  route: string;
  componentStack?: string;
};

const cut = (value: string | undefined, max: number) =>
  value === undefined ? undefined : value.slice(0, max);

/** The same error is reported once, even if StrictMode or a retry makes it fire again. */
const recentlyReported = new Set<string>();

export function reportClientError(error: unknown, componentStack?: string | null): void {
  try {
    const err = error instanceof Error ? error : new Error(String(error));
    const report: ClientErrorReport = {
      message: cut(err.message || err.name || 'Onbekende fout', 2000) ?? '',
      stack: cut(err.stack, 10000),
      route: cut(`${window.location.pathname}${window.location.search}`, 500) ?? '/',
      componentStack: cut(componentStack ?? undefined, 10000),
    };
    const key = `${report.route}|${report.message}`;
    if (recentlyReported.has(key)) return;
    recentlyReported.add(key);
    setTimeout(() => recentlyReported.delete(key), 10_000);

    void fetch('/trpc/system.reportClientError', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'include',
      keepalive: true,
      body: JSON.stringify(report),
    }).catch(() => undefined);
  } catch {
    // Reporting must never become a second error.
  }
}
