import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { type Browser, chromium, type LaunchOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../../test/helpers';
import { pdfFonts, pdfImageCount, pdfInfo, pdfText } from '../../../test/pdf-text';
import { waitFor } from '../../../test/webhook-receiver';
import { AppError } from '../../errors';
import { pdfMessages } from './messages';
import { createPrinter, type Printer } from './printer';
import { chromiumArgs, printerLaunchOptions } from './printer-browser';
import { findChromium } from './printer-executable';
import { lockDownHtml } from './printer-html';
import { openLockedPage } from './printer-page';

/** Real Chromium: Debian's (CI installs it), Playwright's or CHROMIUM_PATH, as the server finds it. */
const executablePath = findChromium(process.env.CHROMIUM_PATH).path;
if (!executablePath) throw new Error('printer.test.ts needs Chromium (see .ci/run)');

const silent = pino({ level: 'silent' });

/**
 * The requests a page (or the printer's pages) tried, and how many have not ended yet: a blocked load
 * still shows as a request that failed. The checks that nothing got out wait until the document's
 * loads were tried and ended, so that an empty canary means they were stopped, not that they were late.
 */
type Tried = { urls: string[]; inFlight: number };
const watchRequests = (page: Page, tried: Tried) => {
  page.on('request', (request) => {
    tried.urls.push(request.url());
    tried.inFlight++;
  });
  page.on('requestfinished', () => tried.inFlight--);
  page.on('requestfailed', () => tried.inFlight--);
};
const hasTried = (tried: Tried, ...paths: string[]) =>
  paths.every((p) => tried.urls.some((url) => url.startsWith(canaryUrl) && new URL(url).pathname === p));
/** Until `tried` holds a request to each canary path and none is still under way. */
const settled = (what: string, tried: Tried, ...paths: string[]) =>
  waitFor(what, () => hasTried(tried, ...paths) && tried.inFlight === 0);

/** A server on loopback that must never hear from the renderer. */
let canary: http.Server;
let canaryUrl: string;
const canaryHits: string[] = [];

/** What the printer's browsers do, seen from the test: documents in Chromium right now, and at most. */
const watch = {
  browsers: [] as Browser[],
  inChromium: 0,
  maxInChromium: 0,
  requests: { urls: [], inFlight: 0 } as Tried,
};

/** The real launch, with every page's setContent…pdf counted as one document in Chromium. */
async function watchedLaunch(options: LaunchOptions): Promise<Browser> {
  const browser = await chromium.launch(options);
  watch.browsers.push(browser);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (contextOptions) => {
    const context = await newContext(contextOptions);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => watchPage(await newPage());
    return context;
  };
  return browser;
}

function watchPage(page: Page): Page {
  watchRequests(page, watch.requests);
  const setContent = page.setContent.bind(page);
  const pdf = page.pdf.bind(page);
  let busy = false;
  const done = () => {
    if (busy) watch.inChromium--;
    busy = false;
  };
  page.setContent = async (...args) => {
    if (!busy) watch.inChromium++;
    busy = true;
    watch.maxInChromium = Math.max(watch.maxInChromium, watch.inChromium);
    try {
      return await setContent(...args);
    } catch (err) {
      done();
      throw err;
    }
  };
  page.pdf = async (...args) => {
    try {
      return await pdf(...args);
    } finally {
      done();
    }
  };
  return page;
}

const currentBrowser = () => watch.browsers[watch.browsers.length - 1]!;

async function browserPid(browser: Browser): Promise<number> {
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = (await session.send('SystemInfo.getProcessInfo' as never)) as unknown as {
    processInfo: { type: string; id: number }[];
  };
  await session.detach();
  return processInfo.find((p) => p.type === 'browser')!.id;
}

/** A document of many pages: long enough in Chromium to be caught in the middle. */
const longDocument = `<!doctype html><table>${Array.from(
  { length: 2500 },
  (_, i) => `<tr><td>Regel ${i}</td><td>€ ${i},00</td><td>omschrijving van artikel ${i}</td></tr>`,
).join('')}</table>`;

let printer: Printer;

const require = createRequire(import.meta.url);
/** Two 4×4 PNGs, red and blue (one image each in the PDF: Chromium would share a repeated one). */
const redPixels =
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGM4IScHRwzEcQCxYxBBO0tjggAAAABJRU5ErkJggg==';
const bluePixels =
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGOQkzsBRwzEcQCcIxBBYbnFHgAAAABJRU5ErkJggg==';

beforeAll(async () => {
  canary = http.createServer((req, res) => {
    canaryHits.push(req.url ?? '');
    res.setHeader('Content-Type', 'text/css');
    res.end('body { color: red }');
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  canaryUrl = `http://127.0.0.1:${(canary.address() as AddressInfo).port}`;
  printer = createPrinter({
    chromiumPath: executablePath,
    log: silent,
    concurrency: 2,
    queueLimit: 2,
    timeoutMs: 10_000,
    launch: watchedLaunch,
  });
});

afterAll(async () => {
  await printer.close();
  canary.close();
});

beforeEach(() => {
  canaryHits.length = 0;
});

/** Every way an HTML document can ask for a URL, all pointing at the canary or at /etc/passwd. */
const hostileDocument = (c: string) => `<!doctype html><html><head>
<base href="${c}/base/">
<link rel="stylesheet" href="${c}/link.css"><link rel="preload" as="image" href="${c}/preload.png">
<link rel="prefetch" href="${c}/prefetch"><link rel="icon" href="${c}/favicon.ico">
<link rel="stylesheet" href="file:///etc/passwd">
<style>
  @import url("${c}/import.css");
  body { background: url("${c}/background.png"); }
  @font-face { font-family: Canary; src: url("${c}/font.woff2"); }
  p { font-family: Canary, sans-serif; }
</style>
<script src="${c}/script.js"></script>
<script>fetch('${c}/fetch'); new Image().src = '${c}/script-image'; document.write('<p>SCRIPT RAN</p>');</script>
</head><body>
<p>Vijandig document</p>
<img src="${c}/img.png"><img src="relative.png"><img srcset="${c}/srcset.png 2x">
<picture><source srcset="${c}/source.png"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></picture>
<iframe src="${c}/iframe"></iframe><object data="${c}/object"></object><embed src="${c}/embed">
<svg><image href="${c}/svg.png" width="10" height="10"/></svg>
<video poster="${c}/poster.png" src="${c}/video.mp4"></video><audio src="${c}/audio.mp3" preload="auto"></audio>
<input type="image" src="${c}/input.png"><table background="${c}/table.png"><tr><td>cel</td></tr></table>
<iframe src="file:///etc/passwd"></iframe><object data="file:///etc/passwd"></object>
<embed src="file:///etc/passwd"><img src="file:///etc/passwd">
</body></html>`;

const refreshDocument = (target: string) =>
  `<!doctype html><html><head><meta http-equiv="refresh" content="0;url=${target}"></head><body><p>Verversen</p></body></html>`;

describe('the printer', () => {
  it('prints an A4 PDF with the text of the HTML, tagged, titled as asked', async () => {
    const pdf = await printer.print({
      html: '<!doctype html><html lang="nl"><head><title>Eigen titel</title></head><body><h1>Inkooporder INK-2026-1001</h1><p>Totaal € 1.234,56</p></body></html>',
      title: 'Order INK-2026-1001',
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('Inkooporder INK-2026-1001');
    expect(text).toContain('Totaal € 1.234,56');
    const info = await pdfInfo(pdf);
    expect(info['Page size']).toContain('A4');
    expect(info.Tagged).toBe('yes');
    expect(info.Title).toBe('Order INK-2026-1001');
  });

  it('loads what a document inlines: fonts and images as data: URLs', async () => {
    const lato = fs
      .readFileSync(require.resolve('@fontsource/lato/files/lato-latin-400-normal.woff2'))
      .toString('base64');
    const pdf = await printer.print({
      html: `<!doctype html><style>
          @font-face { font-family: Lato; src: url(data:font/woff2;base64,${lato}) format('woff2'); }
          p { font-family: Lato; } .logo { width: 60px; height: 60px; background: url(data:image/png;base64,${bluePixels}) no-repeat; background-size: cover; }
        </style><p>In Lato</p><img src="data:image/png;base64,${redPixels}" width="60" height="60"><div class="logo"></div>`,
    });
    expect((await pdfFonts(pdf)).some((name) => name.endsWith('+Lato-Regular'))).toBe(true);
    expect(await pdfImageCount(pdf)).toBe(2);
  });

  it('runs no JavaScript', async () => {
    const text = await pdfText(
      await printer.print({
        html: "<!doctype html><p>Zonder script</p><script>document.write('SCRIPT RAN')</script><noscript>Script staat uit</noscript>",
      }),
    );
    expect(text).toContain('Zonder script');
    expect(text).toContain('Script staat uit');
    expect(text).not.toContain('SCRIPT RAN');
  });

  it('lets hostile HTML reach no server and no file', async () => {
    expect(fs.readFileSync('/etc/passwd', 'utf8')).toContain('root:');
    const text = await pdfText(await printer.print({ html: hostileDocument(canaryUrl) }));
    expect(text).toContain('Vijandig document');
    for (const target of [`${canaryUrl}/refresh`, 'file:///etc/passwd']) {
      const refreshed = await pdfText(await printer.print({ html: refreshDocument(target) }));
      expect(refreshed).not.toContain('root:');
    }
    // The refresh to the canary was tried (and went nowhere) and no load of the printer's pages is under way.
    await settled('the refresh to be tried', watch.requests, '/refresh');
    expect(text).not.toContain('root:');
    expect(text).not.toContain('SCRIPT RAN');
    expect(canaryHits).toEqual([]);
  });

  it('lets nothing of one document reach the next', async () => {
    const first = await printer.print({
      html: `<!doctype html><html><head><title>Titel A</title><meta http-equiv="set-cookie" content="a=1">
        <style>.b { display: none }</style><base href="${canaryUrl}/"></head>
        <body><p>Document A geheim</p><p class="b">Verborgen in A</p></body></html>`,
    });
    expect(await pdfText(first)).not.toContain('Verborgen in A');
    const second = await printer.print({ html: '<!doctype html><p class="b">Document B zichtbaar</p>' });
    const text = await pdfText(second);
    expect(text).toContain('Document B zichtbaar');
    expect(text).not.toContain('geheim');
    // Chromium titles an untitled document by its URL: still about:blank, and not 'Titel A'.
    expect((await pdfInfo(second)).Title).toBe('about:blank');
    for (const context of currentBrowser().contexts()) {
      expect(await context.storageState()).toEqual({ cookies: [], origins: [] });
    }
  });

  it('replaces a pool page that has left about:blank', async () => {
    for (const context of currentBrowser().contexts()) {
      for (const page of context.pages())
        await page.goto('data:text/html,<title>Elders</title><p>Elders</p>');
    }
    const before = printer.status().pagesOpened;
    const pdf = await printer.print({ html: '<!doctype html><p>Weer thuis</p>' });
    expect(await pdfText(pdf)).not.toContain('Elders');
    expect((await pdfInfo(pdf)).Title).toBe('about:blank');
    expect(printer.status().pagesOpened).toBe(before + 1);
  });

  it('prints no more than its concurrency at once, and keeps that many pages', async () => {
    // Both pages warm first, so that the measured documents start together rather than behind an opening page.
    await Promise.all([printer.print({ html: '<p>a</p>' }), printer.print({ html: '<p>b</p>' })]);
    watch.maxInChromium = 0;
    const pdfs = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        printer.print({ html: `<p>Document ${i}</p>${longDocument.slice(0, 20_000)}` }),
      ),
    );
    expect(pdfs.every((pdf) => pdf.subarray(0, 5).toString() === '%PDF-')).toBe(true);
    expect(watch.maxInChromium).toBe(2);
    expect(currentBrowser().contexts().length).toBe(2);
  });

  it('answers 503 at once when the line is full, and prints the rest', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => printer.print({ html: `<p>Document ${i}</p>` })),
    );
    const refused = results
      .filter((r) => r.status === 'rejected')
      .map((r) => (r as PromiseRejectedResult).reason);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    expect(refused).toHaveLength(2);
    for (const err of refused) {
      expect(err).toBeInstanceOf(AppError);
      expect(err.code).toBe('SERVICE_UNAVAILABLE');
      expect(err.message).toBe(pdfMessages.busy);
    }
  });

  it('gives up on a document after its time limit, replaces the page and prints the next one', async () => {
    const before = printer.status();
    const err = await rejectionOf(printer.print({ html: longDocument, timeoutMs: 50 }));
    expect(err.code).toBe('SERVICE_UNAVAILABLE');
    expect(err.message).toBe(pdfMessages.failed);
    const after = printer.status();
    expect(after.failed).toBe(before.failed + 1);
    expect(after.pagesOpened).toBe(before.pagesOpened + 1);
    expect(await pdfText(await printer.print({ html: '<p>Na de time-out</p>' }))).toContain('Na de time-out');
    expect(currentBrowser().contexts().length).toBe(2); // the timed-out page is gone, not leaked
    expect(printer.status().launches).toBe(1);
  });

  it('fails the document whose Chromium is killed, and relaunches for the next one', async () => {
    const browser = currentBrowser();
    const pid = await browserPid(browser);
    const printing = printer.print({ html: longDocument });
    const outcome = printing.then(
      () => 'printed',
      (err: unknown) => err,
    );
    await waitFor('the document to be in Chromium', () => watch.inChromium > 0, 30_000);
    process.kill(pid, 'SIGKILL');
    const err = await outcome;
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('SERVICE_UNAVAILABLE');
    expect((err as AppError).message).toBe(pdfMessages.failed);

    const text = await pdfText(await printer.print({ html: '<p>Na de crash</p>' }));
    expect(text).toContain('Na de crash');
    expect(browser.isConnected()).toBe(false);
    expect(currentBrowser()).not.toBe(browser);
    expect(printer.status()).toMatchObject({ launches: 2, browser: 'running' });
  });

  it('closes its browser on close() and prints nothing after', async () => {
    const browser = currentBrowser();
    expect(browser.isConnected()).toBe(true);
    await printer.close();
    expect(browser.isConnected()).toBe(false);
    expect(printer.status().browser).toBe('closed');
    const err = await rejectionOf(printer.print({ html: '<p>Te laat</p>' }));
    expect(err.message).toBe(pdfMessages.failed);
  });
});

describe("a printer's pages, replaced after their share of documents", () => {
  it('prints each page’s share, then closes that page and prints on a fresh one', async () => {
    const browsers: Browser[] = [];
    const fresh = createPrinter({
      chromiumPath: executablePath,
      log: silent,
      concurrency: 1,
      documentsPerPage: 3,
      launch: async (options) => {
        const browser = await chromium.launch(options);
        browsers.push(browser);
        return browser;
      },
    });
    try {
      for (let i = 1; i <= 7; i++) {
        expect(await pdfText(await fresh.print({ html: `<p>Document ${i}</p>` }))).toContain(`Document ${i}`);
      }
      // Documents 1–3, 4–6 and 7: three pages, in one browser.
      expect(fresh.status()).toMatchObject({ pagesOpened: 3, printed: 7, launches: 1 });
      // The retired pages are closed, not kept beside the one in use.
      await waitFor('the retired pages to be closed', () => browsers[0]!.contexts().length === 1);
    } finally {
      await fresh.close();
    }
  });
});

describe('a printer without Chromium', () => {
  it('starts, says so in the log, reports itself unavailable and answers the Dutch 503', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    let launched = false;
    const none = createPrinter({
      chromiumPath: '/nonexistent/chromium',
      log,
      launch: async () => {
        launched = true;
        throw new Error('must not launch');
      },
    });
    expect(none.available()).toBe(false);
    const logged = lines.join('\n');
    expect(logged).toContain('CHROMIUM_PATH=/nonexistent/chromium');
    expect(logged).toContain('npx playwright install chromium');
    expect(logged).toContain('/usr/bin/chromium');
    const err = await rejectionOf(none.print({ html: '<p>x</p>' }));
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('SERVICE_UNAVAILABLE');
    expect(err.message).toBe(pdfMessages.unavailable);
    expect(launched).toBe(false);
    await none.close();
  });
});

/**
 * Each wall on its own, so that none silently depends on another: the CSP meta in a page that has
 * no route and runs JavaScript, the locked page without the CSP, the dead-end proxy with neither.
 */
describe('the walls around the renderer, one at a time', () => {
  let plain: Browser;
  beforeAll(async () => {
    plain = await chromium.launch({ executablePath, args: chromiumArgs });
  });
  afterAll(async () => {
    await plain.close();
  });

  /** The hostile document minus the meta refresh: a top-level navigation is not the CSP's to stop. */
  const hostile = () => hostileDocument(canaryUrl);

  it('the canary hears an unprotected page (so the checks below can fail)', async () => {
    const page = await plain.newPage();
    await page.setContent(hostile(), { waitUntil: 'load' });
    await waitFor('the canary to hear the page', () => canaryHits.length > 5);
    await page.close();
    expect(canaryHits).toEqual(expect.arrayContaining(['/link.css', '/img.png', '/fetch']));
  });

  it('the CSP meta alone blocks every load, and leaves the document in standards mode', async () => {
    const page = await plain.newPage();
    const tried: Tried = { urls: [], inFlight: 0 };
    watchRequests(page, tried);
    await page.setContent(lockDownHtml(hostile(), 'Titel'), { waitUntil: 'load' });
    expect(
      await page.evaluate(`fetch('${canaryUrl}/evaluate').then(() => 'geladen', () => 'geblokkeerd')`),
    ).toBe('geblokkeerd');
    await settled("the document's loads to be tried", tried, '/link.css', '/img.png');
    const shape = await page.evaluate(() => ({
      mode: document.compatMode,
      first: document.head.firstElementChild?.getAttribute('http-equiv'),
      title: document.title,
      text: document.body.innerText,
    }));
    await page.close();
    expect(canaryHits).toEqual([]);
    expect(shape).toMatchObject({ mode: 'CSS1Compat', first: 'Content-Security-Policy', title: 'Titel' });
    expect(shape.text).toContain('Vijandig document');
  });

  it('the locked page alone (no CSP) runs no script and loads nothing', async () => {
    const page = await openLockedPage(plain);
    const tried: Tried = { urls: [], inFlight: 0 };
    watchRequests(page, tried);
    await page.setContent(hostile(), { waitUntil: 'load' });
    await settled("the document's loads to be tried", tried, '/link.css', '/img.png');
    await page.setContent(refreshDocument(`${canaryUrl}/refresh`), { waitUntil: 'load' });
    await settled('the refresh to be tried', tried, '/refresh');
    // The refresh went nowhere: the document is still there, on about:blank.
    const where = { url: page.url(), text: await page.textContent('body') };
    await page.context().close();
    expect(canaryHits).toEqual([]);
    expect(where).toEqual({ url: 'about:blank', text: 'Verversen' });
  });

  it('the dead-end proxy alone lets no request out, loopback included', async () => {
    const proxied = await chromium.launch(printerLaunchOptions(executablePath));
    try {
      // One page for both (each new page is a renderer process of its own): the document's loads
      // first, then a navigation of the page itself.
      const page = await proxied.newPage();
      const tried: Tried = { urls: [], inFlight: 0 };
      watchRequests(page, tried);
      await page.setContent(hostile(), { waitUntil: 'load' });
      await settled("the document's loads to be tried", tried, '/link.css', '/img.png', '/fetch');
      await expect(page.goto(`${canaryUrl}/goto`)).rejects.toThrow();
    } finally {
      await proxied.close();
    }
    expect(canaryHits).toEqual([]);
  });
});
