import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCERPT_CHARS, postWebhook } from './deliver';

/** A loopback server whose answer depends on the path. */
let server: http.Server;
let base: string;
const hits: string[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    req.resume();
    if (req.url === '/redirect') res.writeHead(302, { location: '/target' }).end();
    else if (req.url === '/long') res.writeHead(200).end('x'.repeat(10_000));
    else if (req.url === '/silent') {
      // never answers
    } else res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const open = { allowPrivate: true, allowHttp: true };

describe('postWebhook', () => {
  it('counts a 2xx as delivered', async () => {
    expect(await postWebhook(`${base}/ok`, '{}', {}, open)).toMatchObject({ statusCode: 204, success: true });
  });

  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    hits.length = 0;
    const result = await postWebhook(`${base}/redirect`, '{}', {}, open);
    expect(result).toMatchObject({ statusCode: 302, success: false });
    expect(hits).toEqual(['/redirect']);
  });

  it(`keeps at most ${EXCERPT_CHARS} characters of the answer`, async () => {
    const result = await postWebhook(`${base}/long`, '{}', {}, open);
    expect(result.responseExcerpt).toBe('x'.repeat(EXCERPT_CHARS));
  });

  it('gives up when no answer comes within the timeout', async () => {
    const result = await postWebhook(`${base}/silent`, '{}', {}, { ...open, timeoutMs: 300 });
    expect(result).toMatchObject({ statusCode: null, success: false });
    expect(result.error).toBe('Time-out: geen antwoord binnen 0.3 seconden');
  });

  it('refuses loopback and http:// unless allowed, before connecting', async () => {
    hits.length = 0;
    const strict = { allowPrivate: false, allowHttp: true };
    expect((await postWebhook(`${base}/ok`, '{}', {}, strict)).error).toMatch(
      /^Adres geweigerd: 127\.0\.0\.1 /,
    );
    const port = new URL(base).port;
    expect((await postWebhook(`http://[::ffff:127.0.0.1]:${port}/ok`, '{}', {}, strict)).error).toMatch(
      /^Adres geweigerd/,
    );
    expect((await postWebhook(`${base}/ok`, '{}', {}, { allowPrivate: true, allowHttp: false })).error).toBe(
      'Alleen https-adressen zijn toegestaan (http:// geweigerd)',
    );
    expect(hits).toEqual([]);
  });
});
