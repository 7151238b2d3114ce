import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = { path: string; headers: http.IncomingHttpHeaders; body: string };

/**
 * An HTTP server on loopback that records every webhook POST. `failFirst(path, n)` makes the first n
 * posts to that path answer 500.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const failures = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const left = failures.get(path) ?? 0;
      if (left > 0) {
        failures.set(path, left - 1);
        res.writeHead(500, { 'content-type': 'text/plain' }).end('even niet');
      } else res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    port,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    failFirst: (path: string, n: number) => failures.set(path, n),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `check` holds (polling); fails with `what` after `ms`. Not a timing assertion: a ceiling. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 20_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`gewacht op ${what}, niet gebeurd`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
