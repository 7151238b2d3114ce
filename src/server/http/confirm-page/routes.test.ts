import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confirmationMessages } from '../../../shared/order-confirmation-states';
import {
  type FakeConfirmPort,
  fakeConfirmPort,
  sampleConfirmation,
  sampleResponse,
  tinyLogo,
} from '../../../test/confirm-page-fixtures';
import { testConfig } from '../../../test/context';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { formTokenFor } from './cross-site';
import { PAGE_CSP } from './headers';
import { registerConfirmPage } from './routes';
import { pageTexts } from './texts';

const APP_URL = 'https://orders.example.nl';
const SECRET = Buffer.alloc(32, 7);
const TOKEN = 'Xk3pQ9vLr2tW8yZb5nC1dF7gH4jK6mN0';

describe('the order page routes', () => {
  let app: FastifyInstance;
  let port: FakeConfirmPort;

  beforeEach(async () => {
    port = fakeConfirmPort({
      [TOKEN]: sampleConfirmation(),
      answered: sampleConfirmation({ state: 'answered', response: sampleResponse() }),
      replaced: sampleConfirmation({ state: 'replaced' }),
      expired: sampleConfirmation({ state: 'expired' }),
      cancelled: { gone: 'cancelled' },
    });
    const deps = { config: testConfig({ appUrl: APP_URL }), log: pino({ level: 'silent' }) } as AppDeps;
    // The app's router takes long parameters (app.ts); a long token reaches the route as there.
    app = Fastify({ logger: false, routerOptions: { maxParamLength: 5000 } });
    await registerConfirmPage(app, { deps, port, formSecret: SECRET });
  });
  afterEach(() => app.close());

  const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => app.inject({ method, url });

  /** A post as the page's own form makes it: urlencoded, from the app's origin, with the form token. */
  const post = (
    fields: [string, string][],
    over: { token?: string; headers?: Record<string, string | undefined> } = {},
  ) => {
    const token = over.token ?? TOKEN;
    const headers: Record<string, string | undefined> = {
      'content-type': 'application/x-www-form-urlencoded',
      origin: APP_URL,
      'sec-fetch-site': 'same-origin',
      ...over.headers,
    };
    return app.inject({
      method: 'POST',
      url: `/confirm/${token}`,
      // A header given as undefined is one the browser did not send.
      headers: Object.fromEntries(
        Object.entries(headers).filter(([, v]) => v !== undefined),
      ) as InjectOptions['headers'],
      payload: new URLSearchParams([['formToken', formTokenFor(SECRET, token)], ...fields]).toString(),
    });
  };

  const expectPageHeaders = (res: Awaited<ReturnType<typeof get>>) => {
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(PAGE_CSP);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
  };

  describe('the page as it opens, kept between visits', () => {
    it('is the same page again while nothing about the link changes', async () => {
      const first = await get(`/confirm/${TOKEN}`);
      const again = await get(`/confirm/${TOKEN}`);
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      expectPageHeaders(again);
    });

    it('shows the answer once there is one, not the form it showed before', async () => {
      expect((await get(`/confirm/${TOKEN}`)).body).toContain('name="formToken"');
      const link = port.links.get(TOKEN)!;
      port.links.set(TOKEN, { ...link, state: 'answered', response: sampleResponse() } as typeof link);
      const after = await get(`/confirm/${TOKEN}`);
      expect(after.body).not.toContain('name="formToken"');
      expect(after.body).toContain(sampleResponse().respondentName);
    });

    it('shows a new logo, and a replaced link its 410, whatever was shown before', async () => {
      await get(`/confirm/${TOKEN}`);
      port.logos.set(TOKEN, { ...tinyLogo(), hash: 'b'.repeat(64) });
      expect((await get(`/confirm/${TOKEN}`)).body).toContain(`logo?v=${'b'.repeat(64)}`);
      const link = port.links.get(TOKEN)!;
      port.links.set(TOKEN, { ...link, state: 'replaced' } as typeof link);
      expect((await get(`/confirm/${TOKEN}`)).statusCode).toBe(410);
    });

    it('never keeps a page with what was typed or refused: the next visit opens empty', async () => {
      const refused = await post([
        ['decision', 'reject'],
        ['name', 'Petra Jansen'],
      ]);
      expect(refused.statusCode).toBe(400);
      const next = await get(`/confirm/${TOKEN}`);
      expect(next.body).not.toContain('Petra Jansen');
    });
  });

  describe('GET and HEAD', () => {
    it('shows a waiting link’s order with its form, with the page’s own headers', async () => {
      const res = await get(`/confirm/${TOKEN}`);
      expect(res.statusCode).toBe(200);
      expectPageHeaders(res);
      expect(res.body).toContain('<h1 id="order-title">INK-2026-1042</h1>');
      expect(res.body).toContain(`value="${formTokenFor(SECRET, TOKEN)}"`);
      expect(port.calls.read).toEqual([TOKEN]);
    });

    it('the CSP allows no script, one stylesheet by hash, images and form posts only from here', () => {
      expect(PAGE_CSP).toMatch(
        /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'$/,
      );
    });

    it('HEAD answers the same status and headers, and never records anything', async () => {
      const res = await get(`/confirm/${TOKEN}`, 'HEAD');
      expect(res.statusCode).toBe(200);
      expectPageHeaders(res);
      expect(res.body).toBe('');
      for (const token of ['unknown', 'replaced', 'cancelled'])
        expect((await get(`/confirm/${token}`, 'HEAD')).statusCode).toBe(token === 'unknown' ? 404 : 410);
      expect(port.calls.answer).toEqual([]);
    });

    it('opening the page any number of times records nothing (mail scanners open links)', async () => {
      for (let i = 0; i < 3; i++) await get(`/confirm/${TOKEN}?decision=accept&name=Bot`);
      expect(port.calls.answer).toEqual([]);
      expect(port.links.get(TOKEN)).toMatchObject({ state: 'waiting', response: null });
    });

    it('an unknown link is a 404 page that says so in Dutch', async () => {
      const res = await get('/confirm/nope');
      expect(res.statusCode).toBe(404);
      expectPageHeaders(res);
      expect(res.body).toContain(confirmationMessages.notFound);
      expect(res.body).not.toContain('INK-2026-1042');
    });

    it('a replaced link is a 410 page that says the order changed and a new version was sent', async () => {
      const res = await get('/confirm/replaced');
      expect(res.statusCode).toBe(410);
      expectPageHeaders(res);
      expect(res.body).toContain(pageTexts.replacedTitle);
      expect(res.body).toContain(confirmationMessages.replaced);
      expect(res.body).not.toContain('<form');
      expect(res.body).not.toContain('/pdf"');
    });

    it('an expired link and a cancelled order are 410 pages with their own words', async () => {
      const expired = await get('/confirm/expired');
      expect(expired.statusCode).toBe(410);
      expect(expired.body).toContain(confirmationMessages.expired);
      const cancelled = await get('/confirm/cancelled');
      expect(cancelled.statusCode).toBe(410);
      expect(cancelled.body).toContain(confirmationMessages.cancelled);
      expect(cancelled.body).not.toContain('<form');
    });

    it('an answered link shows the answer and no form', async () => {
      const res = await get('/confirm/answered');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(confirmationMessages.recorded);
      expect(res.body).toContain('Wijziging gevraagd');
      expect(res.body).not.toContain('<form');
    });

    it('shows the seller’s logo from its own route when there is one', async () => {
      expect((await get(`/confirm/${TOKEN}`)).body).not.toContain('<img');
      port.logos.set(TOKEN, tinyLogo());
      const page = await get(`/confirm/${TOKEN}`);
      expect(page.body).toContain(
        `<img src="/confirm/${TOKEN}/logo?v=${'a'.repeat(64)}" width="1" height="1"`,
      );
      expect(page.body).toContain('alt="Logo van Timmerbedrijf De Vries B.V."');
    });

    it('reads a visit once, the logo’s meta with the order: the logo’s own service is for its route', async () => {
      port.logos.set(TOKEN, tinyLogo());
      await get(`/confirm/${TOKEN}`);
      // The re-render of a refused answer reads once too.
      const refused = await post([
        ['decision', 'reject'],
        ['name', 'Sanne'],
      ]);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(`logo?v=${'a'.repeat(64)}`);
      expect(port.calls.read).toEqual([TOKEN, TOKEN]);
      expect(port.calls.logo).toEqual([]);
    });

    it('a token longer than any link is not looked up', async () => {
      const res = await get(`/confirm/${'x'.repeat(300)}`);
      expect(res.statusCode).toBe(404);
      expect(port.calls.read).toEqual([]);
    });
  });

  describe('POST', () => {
    it('records the answer as the JSON API takes it, then sends the browser back to the page (303)', async () => {
      const res = await post([
        ['decision', 'change'],
        ['name', 'Sanne Jansen'],
        ['note', 'Graag later'],
        ['lines[0][status]', 'changed'],
        ['lines[0][quantity]', '45'],
        ['lines[0][deliveryDate]', '2026-12-21'],
        ['lines[1][status]', 'accepted'],
        ['lines[2][status]', 'rejected'],
        ['lines[3][status]', 'accepted'],
      ]);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/confirm/${TOKEN}`);
      expect(port.calls.answer).toEqual([
        {
          token: TOKEN,
          ip: '127.0.0.1',
          input: {
            decision: 'change',
            name: 'Sanne Jansen',
            note: 'Graag later',
            lines: [
              { lineIndex: 0, status: 'changed', quantity: '45', deliveryDate: '2026-12-21' },
              { lineIndex: 1, status: 'accepted' },
              { lineIndex: 2, status: 'rejected' },
              { lineIndex: 3, status: 'accepted' },
            ],
          },
        },
      ]);
      const after = await get(`/confirm/${TOKEN}`);
      expect(after.body).toContain(confirmationMessages.recorded);
      expect(after.body).toContain('Gewenst aantal: 45 m²');
      expect(after.body).not.toContain('<form');
    });

    it('takes the page’s own post as a browser sends it under no-referrer: Origin null, same-origin', async () => {
      const res = await post(
        [
          ['decision', 'accept'],
          ['name', 'Sanne'],
        ],
        {
          headers: { origin: 'null', 'sec-fetch-site': 'same-origin' },
        },
      );
      expect(res.statusCode).toBe(303);
    });

    it('refuses a post from another origin with a 403 page, and records nothing', async () => {
      const res = await post(
        [
          ['decision', 'accept'],
          ['name', 'Sanne'],
        ],
        {
          headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        },
      );
      expect(res.statusCode).toBe(403);
      expectPageHeaders(res);
      expect(res.body).toContain(confirmationMessages.crossSite);
      expect(res.body).toContain(`href="/confirm/${TOKEN}"`);
      expect(port.calls.answer).toEqual([]);
    });

    it('refuses a post the browser says came from another site, whatever its Origin', async () => {
      for (const headers of [
        { origin: 'null', 'sec-fetch-site': 'cross-site' },
        { origin: undefined, 'sec-fetch-site': 'cross-site' },
        { origin: undefined, 'sec-fetch-site': 'same-site' },
        { origin: APP_URL, 'sec-fetch-site': 'cross-site' },
        { origin: 'https://evil.example', 'sec-fetch-site': undefined },
      ]) {
        const res = await post(
          [
            ['decision', 'accept'],
            ['name', 'Sanne'],
          ],
          { headers },
        );
        expect(res.statusCode).toBe(403);
      }
      expect(port.calls.answer).toEqual([]);
    });

    it('refuses a post without the form token, or with the token of another link', async () => {
      const missing = await app.inject({
        method: 'POST',
        url: `/confirm/${TOKEN}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: APP_URL },
        payload: 'decision=accept&name=Sanne',
      });
      expect(missing.statusCode).toBe(403);
      const other = await app.inject({
        method: 'POST',
        url: `/confirm/${TOKEN}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: APP_URL },
        payload: `decision=accept&name=Sanne&formToken=${formTokenFor(SECRET, 'answered')}`,
      });
      expect(other.statusCode).toBe(403);
      expect(other.body).toContain(confirmationMessages.crossSite);
      expect(port.calls.answer).toEqual([]);
    });

    it('takes only the form encoding: JSON, text and multipart posts are refused and record nothing', async () => {
      for (const [type, payload] of [
        ['application/json', JSON.stringify({ decision: 'accept', name: 'Sanne' })],
        ['text/plain', 'decision=accept&name=Sanne'],
        [
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nS\r\n--x--',
        ],
      ] as const) {
        const res = await app.inject({
          method: 'POST',
          url: `/confirm/${TOKEN}`,
          headers: { 'content-type': type, origin: APP_URL },
          payload,
        });
        expect(res.statusCode, type).toBe(415);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.body).toContain(confirmationMessages.crossSite);
      }
      const bare = await app.inject({
        method: 'POST',
        url: `/confirm/${TOKEN}`,
        headers: { origin: APP_URL },
      });
      expect(bare.statusCode).toBe(403);
      expect(port.calls.answer).toEqual([]);
    });

    it('shows refused input again (400) with Dutch messages beside the fields and what was typed', async () => {
      const res = await post([
        ['decision', 'reject'],
        ['name', ''],
        ['note', ''],
      ]);
      expect(res.statusCode).toBe(400);
      expectPageHeaders(res);
      expect(res.body).toContain(
        `<p class="field-error" id="name-error">${confirmationMessages.nameRequired}</p>`,
      );
      expect(res.body).toContain(
        `<p class="field-error" id="note-error">${confirmationMessages.reasonRequired}</p>`,
      );
      expect(res.body).toMatch(/<input type="radio" id="decision-reject"[^>]*checked=""/);
      expect(port.links.get(TOKEN)).toMatchObject({ state: 'waiting' });
    });

    it('a refused line is named by its place on the order, its quantity kept', async () => {
      const res = await post([
        ['decision', 'change'],
        ['name', 'Sanne'],
        ['lines[0][status]', 'accepted'],
        ['lines[1][status]', 'changed'],
        ['lines[1][quantity]', 'veel'],
        ['lines[2][status]', 'accepted'],
        ['lines[3][status]', 'accepted'],
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('id="lines-1-quantity-error"');
      expect(res.body).toMatch(/name="lines\[1\]\[quantity\]" value="veel"/);
    });

    it('a change request without a change says so', async () => {
      const res = await post([
        ['decision', 'change'],
        ['name', 'Sanne'],
        ['lines[0][status]', 'accepted'],
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(confirmationMessages.linesRequired);
    });

    it('a second answer is a 409 that shows the answer already given, without a form', async () => {
      expect(
        (
          await post([
            ['decision', 'accept'],
            ['name', 'Sanne'],
          ])
        ).statusCode,
      ).toBe(303);
      const again = await post([
        ['decision', 'reject'],
        ['name', 'Iemand'],
        ['note', 'Nee'],
      ]);
      expect(again.statusCode).toBe(409);
      expectPageHeaders(again);
      expect(again.body).toContain(confirmationMessages.alreadyAnswered);
      expect(again.body).toContain('Akkoord');
      expect(again.body).toContain('Sanne');
      expect(again.body).not.toContain('<form');
    });

    it('too many attempts: a 429 with Retry-After, the form kept with what was typed', async () => {
      port.limited = true;
      const res = await post([
        ['decision', 'accept'],
        ['name', 'Sanne Jansen'],
      ]);
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('60');
      expect(res.body).toContain(confirmationMessages.tooMany);
      expect(res.body).toContain('value="Sanne Jansen"');
    });

    it('posting to a replaced, expired, cancelled or unknown link answers its page and records nothing', async () => {
      for (const [token, status, text] of [
        ['replaced', 410, confirmationMessages.replaced],
        ['expired', 410, confirmationMessages.expired],
        ['cancelled', 410, confirmationMessages.cancelled],
        ['unknown', 404, confirmationMessages.notFound],
      ] as const) {
        const res = await post(
          [
            ['decision', 'accept'],
            ['name', 'Sanne'],
          ],
          { token },
        );
        expect(res.statusCode, token).toBe(status);
        expect(res.body).toContain(text);
      }
      expect(port.links.get('replaced')).toMatchObject({ state: 'replaced', response: null });
    });
  });

  describe('failures', () => {
    it('a service that fails answers a Dutch 500 page that shows nothing internal', async () => {
      port.readConfirmationPage = async () => {
        throw new Error('connection to 10.0.0.5 refused');
      };
      const res = await get(`/confirm/${TOKEN}`);
      expect(res.statusCode).toBe(500);
      expectPageHeaders(res);
      expect(res.body).toContain(pageTexts.errorMessage);
      expect(res.body).not.toContain('10.0.0.5');
    });

    it('a form body over its limit is refused before it is read', async () => {
      const res = await post([['note', 'x'.repeat(300 * 1024)]]);
      expect(res.statusCode).toBe(413);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain(pageTexts.errorMessage);
      expect(port.calls.answer).toEqual([]);
    });
  });

  describe('the files', () => {
    it('downloads the PDF and the UBL file of this link, as attachments nobody may cache or index', async () => {
      const pdf = await get(`/confirm/${TOKEN}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe('attachment; filename="INK-2026-1042.pdf"');
      expect(pdf.headers['cache-control']).toBe('no-store');
      expect(pdf.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(pdf.headers['referrer-policy']).toBe('no-referrer');
      const ubl = await get(`/confirm/${TOKEN}/ubl`);
      expect(ubl.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(ubl.headers['content-disposition']).toBe('attachment; filename="INK-2026-1042.xml"');
      expect(port.calls.file).toEqual([`${TOKEN}:pdf`, `${TOKEN}:ubl`]);
    });

    it('an unknown link’s file is the 404 page, a gone link’s the 410 page', async () => {
      expect((await get('/confirm/nope/pdf')).statusCode).toBe(404);
      const gone = await get('/confirm/replaced/ubl');
      expect(gone.statusCode).toBe(410);
      expect(gone.body).toContain(confirmationMessages.replaced);
    });

    it('a file that cannot be made says why, in the service’s words, with the way back', async () => {
      const missing = 'Vul het KVK- of BTW-nummer van uw bedrijf in.';
      port.confirmationFile = async () => {
        throw new AppError('CONFLICT', missing);
      };
      const res = await get(`/confirm/${TOKEN}/ubl`);
      expect(res.statusCode).toBe(409);
      expectPageHeaders(res);
      expect(res.body).toContain(pageTexts.fileUnavailableTitle);
      expect(res.body).toContain(missing);
      expect(res.body).toContain(`href="/confirm/${TOKEN}"`);
    });

    it('serves the seller’s logo by its version, and a 404 without one', async () => {
      expect((await get(`/confirm/${TOKEN}/logo`)).statusCode).toBe(404);
      port.logos.set(TOKEN, tinyLogo());
      const logo = await get(`/confirm/${TOKEN}/logo?v=${'a'.repeat(64)}`);
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/png');
      expect(logo.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(logo.headers.etag).toBe(`"${'a'.repeat(64)}"`);
      expect(logo.headers['x-content-type-options']).toBe('nosniff');
      const again = await app.inject({
        method: 'GET',
        url: `/confirm/${TOKEN}/logo`,
        headers: { 'if-none-match': `"${'a'.repeat(64)}"` },
      });
      expect(again.statusCode).toBe(304);
    });
  });
});
