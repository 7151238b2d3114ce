import type { Logger } from 'pino';
import type { Browser, LaunchOptions, Page } from 'playwright-core';
import { AppError } from '../../errors';
import { createSlotQueue, QueueFullError } from '../slot-queue';
import { pdfMessages } from './messages';
import { type BrowserState, createBrowserKeeper, printerLaunchOptions } from './printer-browser';
import { type ChromiumLookup, findChromium } from './printer-executable';
import { openLockedPage, type PrintJob, printOnPage } from './printer-page';

export type { PdfMargin, PrintJob } from './printer-page';

export type PrinterOptions = {
  /** CHROMIUM_PATH from the configuration; unset: Playwright's browser, else /usr/bin/chromium. */
  chromiumPath: string | undefined;
  log: Logger;
  /** Warm pages, i.e. documents printed at once (PDF_CONCURRENCY). */
  concurrency?: number;
  /** Documents allowed to wait for a page; one more is answered 503 at once. */
  queueLimit?: number;
  /** Time limit per document, from taking a page to the finished PDF. */
  timeoutMs?: number;
  /** Documents a warm page prints before it is closed and a fresh one takes its place. */
  documentsPerPage?: number;
  /** How the browser is started; tests wrap it to watch the browser. */
  launch?: (options: LaunchOptions) => Promise<Browser>;
};

export type PrinterStatus = {
  available: boolean;
  executablePath: string | null;
  browser: BrowserState;
  concurrency: number;
  queueLimit: number;
  /** Documents being printed now, and waiting for a page. */
  active: number;
  queued: number;
  printed: number;
  failed: number;
  launches: number;
  /** Pages opened since start: the pool's own plus every replacement of a page that erred. */
  pagesOpened: number;
};

export type Printer = {
  /** The PDF of one document; rejects with a Dutch 503 AppError when it cannot be made. */
  print(job: PrintJob): Promise<Buffer>;
  /** Whether a Chromium executable was found (at start-up with CHROMIUM_PATH, else on first ask). */
  available(): boolean;
  status(): PrinterStatus;
  /** Closes the browser; waiting documents are turned away. */
  close(): Promise<void>;
};

export const PDF_TIMEOUT_MS = 15_000;
export const PDF_QUEUE_LIMIT = 20;
/**
 * A page that prints document after document grows slower and bigger in Chromium (and in
 * Playwright's bookkeeping of it) with every one; a fresh context costs a few tens of milliseconds,
 * so a page is replaced after this many documents, which keeps every print as quick as the first ones.
 */
export const PDF_DOCUMENTS_PER_PAGE = 100;

class PrintTimeout extends Error {
  override name = 'PrintTimeout';
}

/** A pool place: the warm page it holds (or is opening), the browser that page belongs to, and what it printed. */
type Slot = { page: Promise<Page> | null; browser: Browser | null; documents: number };

const unavailable = () => new AppError('SERVICE_UNAVAILABLE', pdfMessages.unavailable);
const busy = () => new AppError('SERVICE_UNAVAILABLE', pdfMessages.busy);
const failed = () => new AppError('SERVICE_UNAVAILABLE', pdfMessages.failed);

/** Rejects after `ms`; the work goes on until the caller stops it (by closing its page). */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PrintTimeout(`no PDF within ${ms} ms`)), ms);
  });
  // After a time-out the work fails on its closed page; that error is no longer anyone's.
  work.catch(() => {});
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The PDF printer: one Chromium per process, launched on the first document and again after it died,
 * and `concurrency` warm locked-down pages (see printer-page.ts). A document takes a free page or
 * waits in a bounded line; a page that errs or runs out of time is closed and replaced.
 */
export function createPrinter(options: PrinterOptions): Printer {
  const { log } = options;
  const concurrency = options.concurrency ?? 2;
  const queueLimit = options.queueLimit ?? PDF_QUEUE_LIMIT;
  const timeoutMs = options.timeoutMs ?? PDF_TIMEOUT_MS;
  const documentsPerPage = options.documentsPerPage ?? PDF_DOCUMENTS_PER_PAGE;
  // playwright-core is imported with the first document, not at start-up (see playwrightChromium).
  const launch =
    options.launch ?? (async (o: LaunchOptions) => (await import('playwright-core')).chromium.launch(o));

  // With CHROMIUM_PATH set the lookup is a stat() and its verdict is logged at start-up. Without it,
  // asking Playwright where its browser is means loading Playwright, so that waits for the first use.
  let lookup: ChromiumLookup | undefined;
  const chromiumLookup = (): ChromiumLookup => {
    if (!lookup) {
      lookup = findChromium(options.chromiumPath);
      if (lookup.problem) log.warn(lookup.problem);
    }
    return lookup;
  };
  if (options.chromiumPath) chromiumLookup();
  const executablePath = () => chromiumLookup().path;

  const keeper = createBrowserKeeper(() => launch(printerLaunchOptions(executablePath() ?? '')), log);
  const slots: Slot[] = Array.from({ length: concurrency }, () => ({
    page: null,
    browser: null,
    documents: 0,
  }));
  const queue = createSlotQueue(slots, queueLimit);
  let closed = false;
  let printed = 0;
  let failures = 0;
  let pagesOpened = 0;

  const openPage = (slot: Slot, browser: Browser) => {
    pagesOpened++;
    slot.documents = 0;
    slot.browser = browser;
    slot.page = openLockedPage(browser);
    slot.page.catch(() => {}); // a failed opening is seen (and replaced) by the next document
    return slot.page;
  };

  /** Closing a page's context ends whatever still runs on it; a dead browser has nothing left to close. */
  const closeQuietly = (page: Promise<Page> | Page | null) =>
    Promise.resolve(page)
      .then((p) => p?.context().close())
      .catch(() => {});

  /**
   * The slot's warm page if it still lives in the current browser, still shows about:blank (the URL
   * setContent leaves alone; anything else means the page went somewhere) and has not printed its
   * share of documents yet, else a new one.
   */
  async function pageFor(slot: Slot, browser: Browser): Promise<Page> {
    if (slot.page && slot.browser === browser && slot.documents >= documentsPerPage) {
      void closeQuietly(slot.page);
      slot.page = null;
    }
    if (slot.page && slot.browser === browser) {
      const page = await slot.page.catch(() => null);
      if (page && !page.isClosed() && page.url() === 'about:blank') return page;
      void closeQuietly(page);
    }
    return openPage(slot, browser);
  }

  /** Closes the slot's page and warms a replacement while the browser lives. */
  function replacePage(slot: Slot) {
    void closeQuietly(slot.page);
    slot.page = null;
    if (!closed && slot.browser?.isConnected()) openPage(slot, slot.browser);
  }

  async function printInSlot(slot: Slot, job: PrintJob): Promise<Buffer> {
    const browser = await keeper.get();
    const limit = job.timeoutMs ?? timeoutMs;
    try {
      const pdf = await withTimeout(
        pageFor(slot, browser).then((page) => printOnPage(page, job, limit)),
        limit,
      );
      slot.documents++;
      return pdf;
    } catch (err) {
      replacePage(slot);
      throw err;
    }
  }

  return {
    async print(job) {
      if (!executablePath()) throw unavailable();
      if (closed) throw failed();
      try {
        const pdf = await queue.use((slot) => printInSlot(slot, job));
        printed++;
        return pdf;
      } catch (err) {
        if (err instanceof QueueFullError) {
          log.warn(`PDF refused: ${queue.waiting} documents are already waiting.`);
          throw busy();
        }
        if (err instanceof AppError) throw err;
        failures++;
        log.error({ err }, 'making a PDF failed');
        throw failed();
      }
    },
    available: () => executablePath() !== null,
    status: () => ({
      available: executablePath() !== null,
      executablePath: executablePath(),
      browser: keeper.state(),
      concurrency,
      queueLimit,
      active: queue.active,
      queued: queue.waiting,
      printed,
      failed: failures,
      launches: keeper.launches(),
      pagesOpened,
    }),
    async close() {
      closed = true;
      queue.rejectWaiting(failed());
      await keeper.close();
    },
  };
}
