import { execFile } from 'node:child_process';

/** Runs a poppler tool with the PDF on stdin ('-' as the input file) and answers its stdout. */
function poppler(tool: string, args: string[], pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(tool, args, { maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${tool} failed: ${stderr || err.message}`));
      else resolve(stdout);
    });
    child.stdin?.end(pdf);
  });
}

/** The PDF's text as `pdftotext -layout` reads it (poppler-utils), pages separated by form feeds. */
export const pdfText = (pdf: Buffer) => poppler('pdftotext', ['-layout', '-', '-'], pdf);

/** The PDF's text in reading order (`pdftotext` without -layout): side-by-side blocks stay whole. */
export const pdfRawText = (pdf: Buffer) => poppler('pdftotext', ['-', '-'], pdf);

/** `pdfinfo`'s fields, e.g. Pages: '1', Title: 'Order', 'Page size': '595.276 x 841.89 pts (A4)', Tagged: 'yes'. */
export async function pdfInfo(pdf: Buffer): Promise<Record<string, string>> {
  const out = await poppler('pdfinfo', ['-'], pdf);
  const info: Record<string, string> = {};
  for (const line of out.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) info[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return info;
}

/** The names of the fonts in the PDF (`pdffonts`), e.g. 'AAAAAA+Lato-Regular'. */
export async function pdfFonts(pdf: Buffer): Promise<string[]> {
  const out = await poppler('pdffonts', ['-'], pdf);
  return out
    .split('\n')
    .slice(2)
    .map((line) => line.split(/\s+/)[0] ?? '')
    .filter(Boolean);
}

/** How many images the PDF draws (`pdfimages -list`). */
export async function pdfImageCount(pdf: Buffer): Promise<number> {
  const out = await poppler('pdfimages', ['-list', '-'], pdf);
  return out
    .split('\n')
    .slice(2)
    .filter((line) => line.trim()).length;
}
