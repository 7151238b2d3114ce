import fs from 'node:fs/promises';
import { type Download, expect } from '@playwright/test';
import { pdfRawText } from '../../src/test/pdf-text';

/** Files the browser downloaded, read back the way their user would open them. */

/**
 * An order's PDF as the browser got it: named `<orderNumber>.pdf`, a real PDF (the '%PDF-' header)
 * whose text (pdftotext, reading order) names the order. Answers that text, spaces collapsed.
 */
export async function readOrderPdf(download: Download, orderNumber: string): Promise<string> {
  expect(download.suggestedFilename()).toBe(`${orderNumber}.pdf`);
  const bytes = await fs.readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = (await pdfRawText(bytes)).replace(/\s+/g, ' ');
  expect(text).toContain(orderNumber);
  return text;
}

/**
 * A CSV export as a spreadsheet opens it: UTF-8 with a byte-order mark (so Excel reads the accents),
 * lines ending in CRLF, the last one too. Answers the lines, header first.
 */
export async function readCsv(download: Download): Promise<string[]> {
  const bytes = await fs.readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines.at(-1), 'the file ends with a line break').toBe('');
  return lines.slice(0, -1);
}

/** The header of the orders export (lib/orders-csv.ts). */
export const ORDERS_CSV_HEADER =
  'Ordernummer;Datum;Klant;Bedrijf;Project;Referentie;Status;Subtotaal;BTW;Totaal;BTW verlegd';
