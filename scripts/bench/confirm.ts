/**
 * The customer's order page in `npm run bench` (BENCH_PARTS=confirm), against the built server of the
 * seeded organisation, run as in production (NODE_ENV=production, so React renders as it does there,
 * and SMTP_URL: a mail server on loopback that keeps what it is sent). Its links are real ones: a
 * 120-line order is made and, with a few orders of the seed, sent over the API as the send dialog
 * posts it (POST /api/orders/{id}/send-email with the link), and the link is read from the mail the
 * SMTP server received, as the customer reads it. Then:
 *   1. GET /confirm/{token} (the page, as a browser asks it) and GET /api/public/confirm/{token} (the
 *      JSON), one after another on one keep-alive connection, every link in turn;
 *   2. the bytes on the wire for the page and what it loads (stylesheets, images), with the
 *      Accept-Encoding a browser sends;
 *   3. Lighthouse, mobile (its default config), on the pages.
 * Optional: BENCH_CONFIRM_RUNS (GETs per link, default 200; --quick 60).
 */
import http from 'node:http';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { longLines } from '../../src/test/document-fixtures';
import { parseMail } from '../../src/test/mime';
import type { ReceivedMail } from '../../src/test/smtp-sink';
import { chromiumPath } from './browser-checks';
import type { DbKind } from './databases';
import { request, type Session, trpcQueryPath } from './http-client';
import { type Summary, summarize } from './stats';

/** Chromium's own Accept headers for a page it navigates to. */
export const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'nl-NL,nl;q=0.9',
} as const;

const LINES = 120;
/** The longest description an order line takes (shared/schemas/order.ts). */
const DESCRIPTION_MAX = 500;
/** Orders of the seed sent besides the 120-line one. */
const SEED_ORDERS = 3;
const CUSTOMER_EMAIL = 'inkoop@bench-klant.nl';

type BenchLink = { label: string; lines: number; orderNumber: string; token: string };

export type ConfirmTimingRow = { link: string; lines: number; page: Summary; json: Summary };
export type ConfirmTiming = { kind: DbKind; size: number; rows: ConfirmTimingRow[]; all: Summary };
export type ConfirmBytes = {
  link: string;
  lines: number;
  encoding: string;
  /** The page's HTML, unpacked. */
  htmlBytes: number;
  /** Of which the inline stylesheet(s). */
  inlineCssBytes: number;
  /** What it loads besides (linked stylesheets, images), each as transferred. */
  resources: { url: string; wireBytes: number }[];
  /** Status line, headers and body as transferred, the page and its resources together. */
  wireBytes: number;
};
export type ConfirmLighthouse = {
  link: string;
  lines: number;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  /** Lighthouse's own count of what was transferred (total-byte-weight), bytes. */
  transferBytes: number | null;
};
export type ConfirmResult = {
  timings: ConfirmTiming[];
  bytes?: ConfirmBytes[];
  lighthouse?: ConfirmLighthouse[];
};

const ok = async (what: string, reply: Promise<{ status: number; body: string }>) => {
  const r = await reply;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.body.slice(0, 300)}`);
  return JSON.parse(r.body) as unknown;
};

const post = (baseUrl: string, session: Session, path: string, body: unknown) =>
  request(baseUrl, path, {
    method: 'POST',
    headers: { authorization: session.bearer, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Where the bench's server delivers its mail: the token of the newest mail to `recipient`. */
export type Mailbox = { tokenFor: (recipient: string) => string };

/** Sends one order with the customer's link, over the API, and reads the link from the mail. */
async function sendWithLink(
  baseUrl: string,
  session: Session,
  mailbox: Mailbox,
  orderId: string,
  recipient: string,
) {
  await ok(
    `versturen van ${orderId}`,
    post(baseUrl, session, `/api/orders/${orderId}/send-email`, {
      recipient,
      subject: 'Order {{order.orderNumber}}',
      message: '<p>Hierbij onze order.</p>',
      includePdf: false,
      includeConfirmationLink: true,
    }),
  );
  return mailbox.tokenFor(recipient);
}

/** The bench's links: a new 120-line order and a few orders of the seed, each sent with its link. */
async function makeLinks(baseUrl: string, session: Session, mailbox: Mailbox): Promise<BenchLink[]> {
  const customer = (await ok(
    'klant aanmaken',
    post(baseUrl, session, '/api/customers', {
      name: 'Petra Jansen',
      company: 'Jansen Bouw B.V.',
      email: CUSTOMER_EMAIL,
    }),
  )) as { _id: string };
  const long = (await ok(
    `order met ${LINES} regels`,
    post(baseUrl, session, '/api/orders', {
      customer: customer._id,
      project: 'Verbouwing kantoor',
      reference: 'BENCH-120',
      status: 'concept',
      paymentTerm: 30,
      btwVerlegd: false,
      notes: 'Levering aan de achterzijde, graag vooraf bellen.',
      items: longLines(LINES).map((line) => ({
        description: line.description.slice(0, DESCRIPTION_MAX),
        quantity: line.quantity,
        unit: line.unit,
        price: line.priceCents / 100,
        vat: line.vat,
      })),
    }),
  )) as { _id: string; orderNumber: string };
  const links: BenchLink[] = [
    {
      label: `nieuwe order, ${LINES} regels`,
      lines: LINES,
      orderNumber: long.orderNumber,
      token: await sendWithLink(baseUrl, session, mailbox, long._id, CUSTOMER_EMAIL),
    },
  ];
  // Sent orders of the seed, from the first and a later page of the list (a cancelled one has no page).
  const seeded: { _id: string; orderNumber: string; status: string }[] = [];
  for (const page of [1, 200]) {
    const reply = (await ok(
      'orderlijst',
      request(baseUrl, trpcQueryPath('orders.page', { period: 'all', page, pageSize: 20, status: 'sent' }), {
        headers: { cookie: session.cookie },
      }),
    )) as [{ result: { data: { items: { _id: string; orderNumber: string; status: string }[] } } }];
    seeded.push(...reply[0].result.data.items);
  }
  // The 120-line order is sent by now and heads the list: sending it again would replace its link.
  const picked = seeded
    .filter((o, i) => o._id !== long._id && seeded.findIndex((x) => x._id === o._id) === i)
    .slice(0, SEED_ORDERS);
  if (picked.length < SEED_ORDERS) throw new Error(`te weinig verzonden orders in de seed: ${picked.length}`);
  for (const [i, order] of picked.entries()) {
    const full = (await ok(
      `order ${order.orderNumber}`,
      request(baseUrl, `/api/orders/${order._id}`, { headers: { authorization: session.bearer } }),
    )) as { items: unknown[] };
    links.push({
      label: `order uit de seed (${order.orderNumber})`,
      lines: full.items.length,
      orderNumber: order.orderNumber,
      token: await sendWithLink(baseUrl, session, mailbox, order._id, `bench-${i + 1}@bench-klant.nl`),
    });
  }
  return links;
}

async function timedGet(
  baseUrl: string,
  link: BenchLink,
  path: string,
  headers: http.OutgoingHttpHeaders,
  expect: string,
) {
  const t0 = performance.now();
  const reply = await request(baseUrl, path, { headers });
  const ms = performance.now() - t0;
  if (reply.status !== 200) {
    const plain = await request(baseUrl, path, { headers: { accept: headers.accept } });
    const title = /<title>([^<]*)<\/title>/.exec(plain.body)?.[1] ?? plain.body.slice(0, 200);
    throw new Error(`${link.label}, ${path.split('/').slice(0, -1).join('/')}/…: ${reply.status} ${title}`);
  }
  // A compressed page is checked once, in pageBytes; the JSON comes unpacked.
  if (expect && !reply.body.includes(expect)) throw new Error(`${expect} ontbreekt in het antwoord`);
  return ms;
}

/**
 * Every link in turn: 5 warm-ups each, then `runs` rounds of page and JSON per link, one after another
 * on one keep-alive connection, no longer than `budgetMs` once 20 rounds ran.
 */
async function timeLinks(
  baseUrl: string,
  links: BenchLink[],
  opts: { runs: number; budgetMs: number },
): Promise<{ rows: ConfirmTimingRow[]; all: Summary }> {
  const page = links.map(() => [] as number[]);
  const json = links.map(() => [] as number[]);
  const pageOf = (l: BenchLink) => timedGet(baseUrl, l, `/confirm/${l.token}`, BROWSER_HEADERS, '');
  const jsonOf = (l: BenchLink) =>
    timedGet(baseUrl, l, `/api/public/confirm/${l.token}`, { accept: 'application/json' }, l.orderNumber);
  for (const l of links) {
    for (let i = 0; i < 5; i++) {
      await pageOf(l);
      await jsonOf(l);
    }
  }
  const start = performance.now();
  for (let round = 0; round < opts.runs; round++) {
    if (round >= 20 && performance.now() - start > opts.budgetMs) break;
    for (const [i, l] of links.entries()) {
      page[i]!.push(await pageOf(l));
      json[i]!.push(await jsonOf(l));
    }
  }
  return {
    rows: links.map((l, i) => ({
      link: l.label,
      lines: l.lines,
      page: summarize(page[i]!),
      json: summarize(json[i]!),
    })),
    all: summarize(page.flat()),
  };
}

/** One GET as a browser asks it, counted as it comes over the wire: nothing unpacked on the way. */
function rawGet(url: string): Promise<{ status: number; wireBytes: number; encoding: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: BROWSER_HEADERS, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const statusLine = `HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage}\r\n`;
        let headerBytes = Buffer.byteLength(statusLine) + 2;
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          headerBytes += Buffer.byteLength(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`);
        }
        const encoding = String(res.headers['content-encoding'] ?? 'identity');
        resolve({ status: res.statusCode ?? 0, wireBytes: headerBytes + body.length, encoding, body });
      });
    });
    req.on('error', reject);
  });
}

function unpack(body: Buffer, encoding: string): Buffer {
  switch (encoding) {
    case 'br':
      return zlib.brotliDecompressSync(body);
    case 'gzip':
      return zlib.gunzipSync(body);
    case 'deflate':
      return zlib.inflateSync(body);
    case 'zstd':
      return (zlib as unknown as { zstdDecompressSync: (b: Buffer) => Buffer }).zstdDecompressSync(body);
    default:
      return body;
  }
}

/** What the page loads to show itself: linked stylesheets and images (the favicon is the browser's). */
export function pageResources(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const tag = m[0];
    const href = /\bhref="([^"]+)"/i.exec(tag)?.[1];
    if (href && /\brel="[^"]*stylesheet[^"]*"/i.test(tag)) out.add(href.replaceAll('&amp;', '&'));
  }
  for (const m of html.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/gi)) out.add(m[1]!.replaceAll('&amp;', '&'));
  return [...out];
}

async function pageBytes(baseUrl: string, link: BenchLink): Promise<ConfirmBytes> {
  const doc = await rawGet(`${baseUrl}/confirm/${link.token}`);
  if (doc.status !== 200) throw new Error(`pagina: ${doc.status}`);
  const html = unpack(doc.body, doc.encoding).toString('utf8');
  if (!html.includes(link.orderNumber)) throw new Error(`${link.orderNumber} ontbreekt op de pagina`);
  const inlineCssBytes = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].reduce(
    (n, m) => n + Buffer.byteLength(m[1] ?? ''),
    0,
  );
  const resources: ConfirmBytes['resources'] = [];
  for (const src of pageResources(html)) {
    const res = await rawGet(new URL(src, `${baseUrl}/confirm/${link.token}`).toString());
    if (res.status !== 200) throw new Error(`${src}: ${res.status}`);
    resources.push({ url: src.replace(link.token, '{token}'), wireBytes: res.wireBytes });
  }
  return {
    link: link.label,
    lines: link.lines,
    encoding: doc.encoding,
    htmlBytes: Buffer.byteLength(html),
    inlineCssBytes,
    resources,
    wireBytes: doc.wireBytes + resources.reduce((n, r) => n + r.wireBytes, 0),
  };
}

const score = (s: number | null | undefined) => (typeof s === 'number' ? Math.round(s * 100) : null);

/** Lighthouse with its default config: mobile, a throttled 4G connection and a slowed CPU (simulated). */
async function lighthouseMobile(baseUrl: string, links: BenchLink[]): Promise<ConfirmLighthouse[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const out: ConfirmLighthouse[] = [];
    const audit = async (link: BenchLink) =>
      (
        await lighthouse(`${baseUrl}/confirm/${link.token}`, {
          port: chrome.port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
        })
      )?.lhr;
    for (const link of links) {
      // A run that could not score a category (its runtimeError says why: a cold browser's first load
      // has timed out here) is run once more; the second run's result counts, scored or not.
      let lhr = await audit(link);
      if (lhr?.runtimeError || lhr?.categories.performance?.score == null) {
        console.error(`Lighthouse ${link.label}: ${lhr?.runtimeError?.code ?? 'geen score'}, opnieuw`);
        lhr = await audit(link);
      }
      const weight = lhr?.audits['total-byte-weight']?.numericValue;
      out.push({
        link: link.label,
        lines: link.lines,
        performance: score(lhr?.categories.performance?.score),
        accessibility: score(lhr?.categories.accessibility?.score),
        bestPractices: score(lhr?.categories['best-practices']?.score),
        transferBytes: typeof weight === 'number' ? weight : null,
      });
    }
    return out;
  } finally {
    chrome.kill();
  }
}

/** A mailbox on an SMTP server of the bench's own: the link of the newest mail to an address. */
export function smtpMailbox(received: readonly ReceivedMail[]): Mailbox {
  return {
    tokenFor(recipient) {
      const mail = received.findLast((m) => m.envelope.to.includes(recipient));
      if (!mail) throw new Error(`geen mail aan ${recipient}`);
      const token = /\/confirm\/([A-Za-z0-9_-]+)/.exec(parseMail(mail.raw).text)?.[1];
      if (!token) throw new Error(`geen /confirm/-link in de mail aan ${recipient}`);
      return token;
    },
  };
}

/**
 * The part on one server: links made, their GETs timed; with `browser` also the bytes on the wire and
 * Lighthouse (once is enough: neither depends on the database), on the 120-line order and the first
 * order of the seed.
 */
export async function benchConfirm(
  baseUrl: string,
  session: Session,
  mailbox: Mailbox,
  opts: { kind: DbKind; size: number; quick: boolean; browser: boolean },
): Promise<ConfirmResult> {
  const links = await makeLinks(baseUrl, session, mailbox);
  const runs = Number(process.env.BENCH_CONFIRM_RUNS ?? (opts.quick ? 60 : 200));
  const timed = await timeLinks(baseUrl, links, { runs, budgetMs: opts.quick ? 6000 : 20_000 });
  const timings: ConfirmTiming[] = [{ kind: opts.kind, size: opts.size, ...timed }];
  if (!opts.browser) return { timings };
  const bytes: ConfirmBytes[] = [];
  for (const link of links) bytes.push(await pageBytes(baseUrl, link));
  const lighthouseResult = await lighthouseMobile(baseUrl, links.slice(0, 2));
  return { timings, bytes, lighthouse: lighthouseResult };
}
