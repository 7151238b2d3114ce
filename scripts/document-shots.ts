/**
 * Dev only: prints the order document in each template (plain and BTW verlegd, short and 120 lines)
 * with a local Chromium, the way the printer does, and turns the pages into PNGs to look at.
 *   npx tsx scripts/document-shots.ts [outDir=/tmp/document-shots] [font=default]
 * Needs /usr/bin/chromium (or CHROMIUM_PATH) and pdftoppm (poppler-utils).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { renderDocumentHtml } from '../src/server/services/pdf/document-html';
import {
  DOCUMENT_HEADER_TEMPLATE,
  DOCUMENT_PAGE_MARGINS,
  documentFooterTemplate,
} from '../src/shared/document/page';
import { PDF_FONTS, PDF_TEMPLATES, type PdfFont } from '../src/shared/schemas/pdf-settings';
import { documentFixture, longLines } from '../src/test/document-fixtures';

const outDir = process.argv[2] ?? '/tmp/document-shots';
const font = (process.argv[3] ?? 'default') as PdfFont;
if (!PDF_FONTS.includes(font)) throw new Error(`Onbekend lettertype: ${font}`);
fs.mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage({ javaScriptEnabled: false });
await page.route('**/*', (route) => route.abort());

for (const template of PDF_TEMPLATES) {
  for (const [variant, order] of [
    ['plain', {}],
    ['verlegd', { btwVerlegd: true }],
    ['long', { lines: longLines() }],
    ['long-verlegd', { lines: longLines(), btwVerlegd: true }],
  ] as const) {
    const data = documentFixture({
      order,
      settings: {
        template,
        fontFamily: font,
        footerNotes: 'Levering franco huis.\nGraag het ordernummer vermelden op de pakbon en de factuur.',
      },
    });
    const html = renderDocumentHtml(data);
    await page.setContent(html, { waitUntil: 'load' });
    const pdf = await page.pdf({
      format: 'A4',
      printBackground: true,
      tagged: true,
      displayHeaderFooter: true,
      headerTemplate: DOCUMENT_HEADER_TEMPLATE,
      footerTemplate: documentFooterTemplate(data),
      margin: DOCUMENT_PAGE_MARGINS,
    });
    const base = path.join(outDir, `${template}-${variant}-${font}`);
    fs.writeFileSync(`${base}.pdf`, pdf);
    execFileSync('pdftoppm', ['-png', '-r', process.env.SHOTS_DPI ?? '60', `${base}.pdf`, base]);
    console.log(
      `${base}.pdf  ${(pdf.length / 1024).toFixed(1)} KB, html ${(html.length / 1024).toFixed(1)} KB`,
    );
  }
}
await browser.close();
