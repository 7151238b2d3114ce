/**
 * Dev only: prints the order document the way the printer does, with a local Chromium.
 *   npx tsx scripts/document-shots.ts [outDir=/tmp/document-shots] [font=default]
 *     each template, plain and BTW verlegd, 3 and 120 lines → PDF + PNG per page (SHOTS_DPI, default 60);
 *     PRIMARY / SECONDARY set the colours; LOGO=<file.png> prints that logo in every template;
 *     the 'delivery' variant is a Belgian customer's order with a delivery block.
 *   npx tsx scripts/document-shots.ts --breaks
 *     prints orders of 1 to 80 lines and the 120-line one in each template and checks the page breaks:
 *     the totals share a page with the last line, every later page starts with the table header, and
 *     every page says 'Pagina x van y'.
 * Needs /usr/bin/chromium (or CHROMIUM_PATH) and poppler-utils (pdftoppm, pdftotext, pdfinfo).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { renderDocumentHtml } from '../src/server/services/pdf/document-html';
import {
  DOCUMENT_HEADER_TEMPLATE,
  DOCUMENT_PAGE_MARGINS,
  documentFooterTemplate,
} from '../src/shared/document/page';
import type { DocumentLine, OrderDocumentData } from '../src/shared/document/types';
import { PDF_FONTS, PDF_TEMPLATES, type PdfFont } from '../src/shared/schemas/pdf-settings';
import { BELGIAN_CUSTOMER, DELIVERY_ORDER, documentFixture, longLines } from '../src/test/document-fixtures';

const NOTES = 'Levering franco huis.\nGraag het ordernummer vermelden op de pakbon en de factuur.';

async function print(page: Page, data: OrderDocumentData): Promise<Buffer> {
  await page.setContent(renderDocumentHtml(data), { waitUntil: 'load' });
  return page.pdf({
    format: 'A4',
    printBackground: true,
    tagged: true,
    displayHeaderFooter: true,
    headerTemplate: DOCUMENT_HEADER_TEMPLATE,
    footerTemplate: documentFooterTemplate(data),
    margin: DOCUMENT_PAGE_MARGINS,
  });
}

function pageTexts(file: string): string[] {
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())?.[1]);
  return Array.from({ length: pages }, (_, i) =>
    execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), '-layout', file, '-']).toString(),
  );
}

/** The problems with the page breaks of one printed order ([] when there are none). */
function breakProblems(texts: string[], lines: DocumentLine[]): string[] {
  const problems: string[] = [];
  const last = lines.at(-1)!.description.slice(0, 30);
  const totalsPage = texts.findIndex((t) => t.includes('Subtotaal'));
  const lastLinePage = texts.findIndex((t) => t.includes(last));
  if (totalsPage !== lastLinePage)
    problems.push(`totals on page ${totalsPage + 1}, last line on ${lastLinePage + 1}`);
  texts.forEach((text, i) => {
    if (!text.includes(`Pagina ${i + 1} van ${texts.length}`))
      problems.push(`page ${i + 1} has no page number`);
    if (i > 0 && i <= totalsPage && !/^omschrijving/i.test(text.trimStart()))
      problems.push(`page ${i + 1} does not start with the table header`);
  });
  return problems;
}

const shortLines = (n: number): DocumentLine[] =>
  Array.from({ length: n }, (_, i) => ({
    description: `Artikel ${i + 1}`,
    quantity: 1,
    unit: 'stuk',
    priceCents: 1000,
    vat: 21,
  }));

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage({ javaScriptEnabled: false });
await page.route('**/*', (route) => route.abort());
const tmp = fs.mkdtempSync('/tmp/document-breaks-');

if (process.argv[2] === '--breaks') {
  let failures = 0;
  for (const template of PDF_TEMPLATES) {
    const cases: [string, DocumentLine[]][] = [
      ...Array.from(
        { length: 80 },
        (_, i) => [`${i + 1} lines`, shortLines(i + 1)] as [string, DocumentLine[]],
      ),
      ['120 lines', longLines()],
    ];
    for (const [name, lines] of cases) {
      const file = path.join(tmp, 'doc.pdf');
      fs.writeFileSync(
        file,
        await print(page, documentFixture({ order: { lines }, settings: { template, footerNotes: NOTES } })),
      );
      const problems = breakProblems(pageTexts(file), lines);
      if (problems.length) {
        failures += 1;
        console.log(`${template}, ${name}: ${problems.join('; ')}`);
      }
    }
    console.log(`${template}: checked ${cases.length} orders`);
  }
  console.log(failures ? `${failures} orders break badly` : 'all page breaks are clean');
} else {
  const outDir = process.argv[2] ?? '/tmp/document-shots';
  const font = (process.argv[3] ?? 'default') as PdfFont;
  if (!PDF_FONTS.includes(font)) throw new Error(`Onbekend lettertype: ${font}`);
  fs.mkdirSync(outDir, { recursive: true });
  const logo = process.env.LOGO
    ? `data:image/png;base64,${fs.readFileSync(process.env.LOGO).toString('base64')}`
    : null;
  const colors = {
    ...(process.env.PRIMARY ? { primaryColor: process.env.PRIMARY } : {}),
    ...(process.env.SECONDARY ? { secondaryColor: process.env.SECONDARY } : {}),
  };
  for (const template of PDF_TEMPLATES) {
    for (const [variant, order] of [
      ['plain', {}],
      ['verlegd', { btwVerlegd: true }],
      ['long', { lines: longLines() }],
      ['long-verlegd', { lines: longLines(), btwVerlegd: true }],
      ['delivery', DELIVERY_ORDER],
    ] as const) {
      const fixture = documentFixture({
        order,
        settings: { template, fontFamily: font, footerNotes: NOTES, ...colors },
      });
      // The delivery variant is for a customer abroad: every block that varies by country at once.
      const customer = variant === 'delivery' ? BELGIAN_CUSTOMER : fixture.customer;
      const data = { ...fixture, customer, logo };
      const pdf = await print(page, data);
      const base = path.join(outDir, `${template}-${variant}-${font}`);
      fs.writeFileSync(`${base}.pdf`, pdf);
      execFileSync('pdftoppm', ['-png', '-r', process.env.SHOTS_DPI ?? '60', `${base}.pdf`, base]);
      console.log(`${base}.pdf  ${(pdf.length / 1024).toFixed(1)} KB`);
    }
  }
}
fs.rmSync(tmp, { recursive: true, force: true });
await browser.close();
