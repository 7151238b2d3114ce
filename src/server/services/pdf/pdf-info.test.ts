import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pdfInfo } from '../../../test/pdf-text';
import { pdfDate, pdfTextString, withDocumentInfo } from './pdf-info';

/** A small but complete PDF with a classic cross-reference table, as Chromium writes them. */
function minimalPdf(): Buffer {
  const objects = [
    '<</Type /Catalog /Pages 2 0 R /Lang (nl)>>',
    '<</Type /Pages /Kids [3 0 R] /Count 1>>',
    '<</Type /Page /Parent 2 0 R /MediaBox [0 0 595 842]>>',
    '<</Title (Oude titel) /Producer (Skia/PDF m156)>>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<</Size ${objects.length + 1}\n/Root 1 0 R\n/Info 4 0 R>>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** pdfinfo's complaints: a broken cross-reference makes poppler say so on stderr. */
function popplerComplaints(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('pdfinfo', ['-'], (err, _stdout, stderr) => (err ? reject(err) : resolve(stderr)));
    child.stdin?.end(pdf);
  });
}

const created = new Date('2026-11-23T13:05:01.000Z');

describe('withDocumentInfo', () => {
  it('sets title, author and subject in an update that readers accept without repair', async () => {
    const original = minimalPdf();
    expect((await pdfInfo(original)).Author).toBeUndefined();

    const pdf = withDocumentInfo(original, {
      title: 'INK-2026-1001',
      author: 'Bakkerij Jansen B.V.',
      subject: 'Inkooporder',
      created,
    });

    const info = await pdfInfo(pdf);
    expect(info.Title).toBe('INK-2026-1001');
    expect(info.Author).toBe('Bakkerij Jansen B.V.');
    expect(info.Subject).toBe('Inkooporder');
    expect(info.Creator).toBe('Inkooporders');
    expect(info.Pages).toBe('1');
    expect(await popplerComplaints(pdf)).toBe('');
  });

  it('leaves every byte Chromium wrote in place (an update only appends)', () => {
    const original = minimalPdf();
    const pdf = withDocumentInfo(original, { title: 'T', author: 'A', created });
    expect(pdf.length).toBeGreaterThan(original.length);
    expect(pdf.subarray(0, original.length).equals(original)).toBe(true);
    expect(pdf.subarray(pdf.length - 6).toString()).toBe('%%EOF\n');
  });

  it('keeps accents, euro signs and PDF syntax in a company name as plain text', async () => {
    const author = 'Café “De Hoek” (Zuid) \\ /Author (x) >> € 😀';
    const info = await pdfInfo(withDocumentInfo(minimalPdf(), { title: 'INK-1', author, created }));
    expect(info.Author).toBe(author);
    expect(info.Title).toBe('INK-1');
  });

  it('can be applied twice: the second update points back at the first', async () => {
    const once = withDocumentInfo(minimalPdf(), { title: 'Eerste', author: 'A', created });
    const twice = withDocumentInfo(once, { title: 'Tweede', author: 'B', created });
    const info = await pdfInfo(twice);
    expect(info.Title).toBe('Tweede');
    expect(info.Author).toBe('B');
    expect(await popplerComplaints(twice)).toBe('');
  });

  it('returns a file without a classic trailer unchanged', () => {
    const streamXref = Buffer.from('%PDF-1.5\n1 0 obj\n<<>>\nendobj\nstartxref\n9\n%%EOF\n', 'latin1');
    expect(withDocumentInfo(streamXref, { title: 'T', author: 'A', created })).toBe(streamXref);
  });
});

describe('PDF strings and dates', () => {
  it('writes text as UTF-16BE hex with a byte-order mark', () => {
    expect(pdfTextString('A€')).toBe('<FEFF004120AC>');
  });

  it('writes dates in UTC', () => {
    expect(pdfDate(created)).toBe('D:20261123130501Z');
  });
});
