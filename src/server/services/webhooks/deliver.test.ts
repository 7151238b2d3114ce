import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXCERPT_CHARS, postWebhook, REFUSED_ADDRESS, REFUSED_NAME } from './deliver';

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
    expect((await postWebhook(`${base}/ok`, '{}', {}, strict)).error).toBe(REFUSED_ADDRESS);
    const port = new URL(base).port;
    for (const host of [
      '[::ffff:127.0.0.1]',
      '[::ffff:0:127.0.0.1]',
      '[2002:7f00:1::]',
      '[64:ff9b:1::7f00:1]',
    ])
      expect((await postWebhook(`http://${host}:${port}/ok`, '{}', {}, strict)).error, host).toBe(
        REFUSED_ADDRESS,
      );
    expect((await postWebhook(`${base}/ok`, '{}', {}, { allowPrivate: true, allowHttp: false })).error).toBe(
      'Alleen https-adressen zijn toegestaan (http:// geweigerd)',
    );
    expect(hits).toEqual([]);
  });
});

describe('postWebhook to a name', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** DNS as a resolver that answers `addresses` for every name. */
  const resolvesTo = (...addresses: string[]) =>
    vi.spyOn(dns, 'lookup').mockImplementation(((
      _name: string,
      _options: unknown,
      callback: (err: null, found: dns.LookupAddress[]) => void,
    ) =>
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      )) as never);

  it.each([
    ['127.0.0.1'],
    ['10.0.0.1'],
    ['8.8.8.8', '169.254.169.254'],
    ['::ffff:0:7f00:1'],
    ['2002:7f00:1::'],
    ['64:ff9b:1::7f00:1'],
  ])('refuses a name that resolves to %s, without saying to what', async (...addresses) => {
    resolvesTo(...addresses);
    hits.length = 0;
    const result = await postWebhook(
      'https://intern.voorbeeld.nl/hook',
      '{}',
      {},
      {
        allowPrivate: false,
        allowHttp: false,
      },
    );
    expect(result).toMatchObject({ statusCode: null, success: false, error: REFUSED_NAME });
    for (const address of addresses) expect(result.error).not.toContain(address);
    expect(hits).toEqual([]);
  });
});
