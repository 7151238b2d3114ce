/**
 * The PDF part of `npm run bench`: times the printer (first PDF after start, then p50/p95 over
 * sequential and concurrent documents) beside two references in the same run — the floor, a bare
 * `page.pdf()` of the same document on a page that already shows it, and the naive way, a browser
 * launched per document. Targets: warm p50 ≤ 1.5 × the floor and ≤ 0.1 × a browser per document.
 * Also a reused PDF through orderPdf (an unchanged order, no printing): p50 ≤ 10 ms (bench-pdf-reuse.ts).
 *
 * Optional: BENCH_PDF_RUNS (sequential documents, default 30; --quick 10), BENCH_PDF_NAIVE_RUNS
 * (sequential browsers per document, default 8; --quick 4), BENCH_PDF_CONCURRENT (default 10), CHROMIUM_PATH,
 * PDF_CONCURRENCY (default 2).
 */
import pino from 'pino';
import { type Browser, chromium, type Page } from 'playwright-core';
import { createPrinter } from '../../src/server/services/pdf/printer';
import { printerLaunchOptions } from '../../src/server/services/pdf/printer-browser';
import { findChromium } from '../../src/server/services/pdf/printer-executable';
import { lockDownHtml } from '../../src/server/services/pdf/printer-html';
import { openLockedPage, pdfOptions, printOnPage } from '../../src/server/services/pdf/printer-page';
import { orderDocument } from './pdf-document';
import { benchReusedPdf, TARGET_REUSED_MS } from './pdf-reuse';
import type { SectionBody } from './section';
import { percentile } from './stats';
import { check } from './targets';

const CONCURRENT = Number(process.env.BENCH_PDF_CONCURRENT ?? 10);
const CONCURRENCY = Number(process.env.PDF_CONCURRENCY ?? 2);
const TARGET_FLOOR_RATIO = 1.5;
const TARGET_NAIVE_RATIO = 0.1;

type Timings = { p50: number; p95: number };

const summary = (times: number[]): Timings => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

async function timed(run: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await run();
  return performance.now() - t0;
}

async function sequential(runs: number, run: (i: number) => Promise<unknown>): Promise<Timings> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timed(() => run(i)));
  return summary(times);
}

/** All started at once; each one's time runs from that common start to its own PDF. */
async function concurrent(count: number, run: (i: number) => Promise<unknown>): Promise<Timings> {
  const t0 = performance.now();
  const times = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      await run(i);
      return performance.now() - t0;
    }),
  );
  return summary(times);
}

export async function benchPdf(opts: { quick: boolean }): Promise<SectionBody> {
  const RUNS = Number(process.env.BENCH_PDF_RUNS ?? (opts.quick ? 10 : 30));
  const executable = findChromium(process.env.CHROMIUM_PATH);
  if (!executable.path) throw new Error(`PDF-benchmark overgeslagen. ${executable.problem}`);
  const executablePath = executable.path;
  const html = (i: number) => orderDocument(1001 + i);

  // 1. The printer, as the server runs it.
  const printer = createPrinter({
    chromiumPath: executablePath,
    concurrency: CONCURRENCY,
    queueLimit: Math.max(CONCURRENT, 20),
    log: pino({ level: 'silent' }),
  });
  let first: number;
  let warm: Timings;
  let warmConcurrent: Timings;
  let reused: Timings;
  try {
    first = await timed(() => printer.print({ html: html(0), title: 'Order' }));
    for (let i = 0; i < 5; i++) await printer.print({ html: html(i) }); // warm-up
    warm = await sequential(RUNS, (i) => printer.print({ html: html(i), title: 'Order' }));
    warmConcurrent = await concurrent(CONCURRENT, (i) => printer.print({ html: html(i), title: 'Order' }));
    reused = summary(await benchReusedPdf(printer, RUNS));
  } finally {
    await printer.close();
  }

  // 2. The floor: page.pdf() alone, the document already loaded, on as many pages as the printer has.
  let floor: Timings;
  let floorConcurrent: Timings;
  const floorBrowser = await chromium.launch(printerLaunchOptions(executablePath));
  try {
    const job = { html: html(0), title: 'Order' };
    const pages: Page[] = [];
    for (let i = 0; i < CONCURRENCY; i++) {
      const page = await openLockedPage(floorBrowser);
      await printOnPage(page, job, 30_000);
      pages.push(page);
    }
    const loaded = pages[0]!;
    for (let i = 0; i < 5; i++) await loaded.pdf(pdfOptions(job));
    floor = await sequential(RUNS, () => loaded.pdf(pdfOptions(job)));
    // Each page prints its share one after another, as the printer's pages take documents from its line.
    const lines = pages.map(() => Promise.resolve() as Promise<unknown>);
    floorConcurrent = await concurrent(CONCURRENT, (i) => {
      const slot = i % pages.length;
      lines[slot] = lines[slot]!.then(() => pages[slot]!.pdf(pdfOptions(job)));
      return lines[slot]!;
    });
  } finally {
    await floorBrowser.close();
  }

  // 3. The naive way: a browser per document.
  async function printWithOwnBrowser(i: number) {
    const browser: Browser = await chromium.launch(printerLaunchOptions(executablePath));
    try {
      const page = await browser.newPage({ javaScriptEnabled: false });
      await page.setContent(lockDownHtml(html(i), 'Order'), { waitUntil: 'load' });
      await page.pdf(pdfOptions({ html: '' }));
    } finally {
      await browser.close();
    }
  }
  // A browser per document costs ~1.7 s each on 2 shared cores: 30 of them alone would take a minute
  // of the bench's ten, so the naive reference takes fewer samples (its p50 is stable well before).
  const NAIVE_RUNS = Math.min(RUNS, Number(process.env.BENCH_PDF_NAIVE_RUNS ?? (opts.quick ? 4 : 8)));
  const naive = await sequential(NAIVE_RUNS, printWithOwnBrowser);
  const naiveConcurrent = await concurrent(CONCURRENT, printWithOwnBrowser);

  const floorRatio = warm.p50 / floor.p50;
  const naiveRatio = warm.p50 / naive.p50;
  const section = 'PDF';
  return {
    data: {
      executablePath,
      naiveRuns: NAIVE_RUNS,
      concurrency: CONCURRENCY,
      runs: RUNS,
      concurrent: CONCURRENT,
      first,
      warm,
      warmConcurrent,
      floor,
      floorConcurrent,
      naive,
      naiveConcurrent,
      reused,
      floorRatio,
      naiveRatio,
    },
    tables: [
      {
        title: `Eerste PDF na start (Chromium starten, pagina openen, document): ${first.toFixed(0)} ms`,
        columns: ['aanpak', `${RUNS} na elkaar p50 ms`, 'p95 ms', `${CONCURRENT} tegelijk p50 ms`, 'p95 ms'],
        rows: [
          ["printer (warme pagina's)", warm.p50, warm.p95, warmConcurrent.p50, warmConcurrent.p95],
          ['ondergrens: alleen page.pdf()', floor.p50, floor.p95, floorConcurrent.p50, floorConcurrent.p95],
          [
            `browser per document (${NAIVE_RUNS} na elkaar)`,
            naive.p50,
            naive.p95,
            naiveConcurrent.p50,
            naiveConcurrent.p95,
          ],
          ['hergebruikte PDF (orderPdf, order ongewijzigd)', reused.p50, reused.p95, null, null],
        ],
      },
    ],
    targets: [
      check(section, 'printer p50 / ondergrens p50', floorRatio, '<=', TARGET_FLOOR_RATIO, '×'),
      check(section, 'printer p50 / browser per document p50', naiveRatio, '<=', TARGET_NAIVE_RATIO, '×'),
      check(section, 'hergebruikte PDF p50', reused.p50, '<=', TARGET_REUSED_MS, 'ms'),
    ],
    notes: [
      `Chromium ${executablePath}, PDF_CONCURRENCY=${CONCURRENCY}, één A4-order per document. Tegelijk: printer / ondergrens ${(warmConcurrent.p50 / floorConcurrent.p50).toFixed(2)}, printer / browser per document ${(warmConcurrent.p50 / naiveConcurrent.p50).toFixed(2)}.`,
    ],
  };
}
