import type { Browser, Page } from 'playwright-core';
import { lockDownHtml } from './printer-html';

type PdfOptions = NonNullable<Parameters<Page['pdf']>[0]>;

export type PdfMargin = { top?: string; right?: string; bottom?: string; left?: string };

export type PrintJob = {
  /** A whole HTML document with everything inlined (fonts and images as data: URLs). */
  html: string;
  /** The PDF's title metadata; wins over a <title> in the HTML. */
  title?: string;
  /** Chromium's print templates (classes pageNumber, totalPages, …); the caller escapes any data in them. */
  headerTemplate?: string;
  footerTemplate?: string;
  /** Without it the document's own @page rules decide size and margins. */
  margin?: PdfMargin;
  /** Overrides the printer's time limit for this document. */
  timeoutMs?: number;
};

/**
 * A page nothing can reach out of: JavaScript off, service workers blocked, the network emulated as
 * offline and a catch-all route that answers every request itself, so none reaches the network. Each page has its own context, so no
 * cookie or storage is shared with the other pages of the pool.
 */
export async function openLockedPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    serviceWorkers: 'block',
    offline: true,
    acceptDownloads: false,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
  });
  try {
    // A navigation (meta refresh, a frame) gets "204 No Content", which makes Chromium stay where it
    // is: aborting it instead would commit an error page in place of the document.
    await context.route('**/*', (route) =>
      route.request().isNavigationRequest() ? route.fulfill({ status: 204 }) : route.abort('blockedbyclient'),
    );
    return await context.newPage();
  } catch (err) {
    await context.close().catch(() => {});
    throw err;
  }
}

/** Chromium's print settings for a job: A4, backgrounds, tagged with an outline, margins or @page. */
export function pdfOptions(job: PrintJob): PdfOptions {
  const withTemplates = job.headerTemplate !== undefined || job.footerTemplate !== undefined;
  return {
    format: 'A4',
    printBackground: true,
    // Chromium's tagged PDF (structure for screen readers) with the headings as bookmarks.
    tagged: true,
    outline: true,
    ...(job.margin ? { margin: job.margin } : { preferCSSPageSize: true }),
    ...(withTemplates
      ? {
          displayHeaderFooter: true,
          headerTemplate: job.headerTemplate ?? '<span></span>',
          footerTemplate: job.footerTemplate ?? '<span></span>',
        }
      : {}),
  };
}

/**
 * One document on a warm page. setContent replaces the previous document whole (DOM, styles, title),
 * so nothing of the last document reaches this one.
 */
export async function printOnPage(page: Page, job: PrintJob, timeoutMs: number): Promise<Buffer> {
  await page.setContent(lockDownHtml(job.html, job.title), { waitUntil: 'load', timeout: timeoutMs });
  return page.pdf(pdfOptions(job));
}
