/**
 * Chromium writes a PDF's Title (from <title>) and Lang (from <html lang>), but has no way to set its
 * Author. The document information is replaced by an incremental update (PDF 32000-1 §7.5.6): a new
 * Info dictionary, a one-entry cross-reference section and a trailer pointing back at Chromium's are
 * appended, and not one byte Chromium wrote is changed. Rewriting the whole file with a PDF library
 * would re-serialise the tagged structure and the embedded fonts for the sake of four strings.
 */

export type DocumentInfo = {
  title: string;
  author: string;
  subject?: string;
  /** When the document was made; CreationDate and ModDate. */
  created: Date;
};

/** The name the file states as its maker (Creator); Chromium stays the Producer. */
export const PDF_CREATOR = 'Inkooporders';

/**
 * A PDF text string as UTF-16BE with byte-order mark, in hex: every character survives (é, €, emoji)
 * and nothing in a company name can close the string or the dictionary.
 */
export function pdfTextString(text: string): string {
  const bytes = [0xfe, 0xff];
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes.push(unit >> 8, unit & 0xff);
  }
  return `<${Buffer.from(bytes).toString('hex').toUpperCase()}>`;
}

/** A PDF date in UTC, e.g. D:20261123130501Z. */
export function pdfDate(date: Date): string {
  return `D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}

/** The last trailer's /Size and /Root, and where the last cross-reference section starts. */
function lastTrailer(pdf: Buffer): { size: number; root: string; startxref: number } | null {
  // The trailer and startxref sit in the last few hundred bytes; 4 KiB is far more than enough.
  const tail = pdf.subarray(Math.max(0, pdf.length - 4096)).toString('latin1');
  const start = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  const trailerAt = tail.lastIndexOf('trailer');
  if (!start || trailerAt < 0) return null; // a cross-reference stream: no classic trailer to extend
  const trailer = tail.slice(trailerAt, start.index);
  const size = /\/Size\s+(\d+)/.exec(trailer);
  const root = /\/Root\s+(\d+\s+\d+\s+R)/.exec(trailer);
  if (!size?.[1] || !root?.[1] || !start[1]) return null;
  return { size: Number(size[1]), root: root[1], startxref: Number(start[1]) };
}

/**
 * The PDF with its document information set. A file whose last section is not a classic
 * cross-reference table (Chromium writes one; another producer might not) is returned unchanged.
 */
export function withDocumentInfo(pdf: Buffer, info: DocumentInfo): Buffer {
  const trailer = lastTrailer(pdf);
  if (!trailer) return pdf;

  const objectNumber = trailer.size;
  const date = pdfDate(info.created);
  const entries = [
    `/Title ${pdfTextString(info.title)}`,
    `/Author ${pdfTextString(info.author)}`,
    ...(info.subject ? [`/Subject ${pdfTextString(info.subject)}`] : []),
    `/Creator ${pdfTextString(PDF_CREATOR)}`,
    `/Producer ${pdfTextString('Chromium (Skia/PDF)')}`,
    `/CreationDate (${date})`,
    `/ModDate (${date})`,
  ];
  const separator = pdf[pdf.length - 1] === 0x0a ? '' : '\n';
  const objectOffset = pdf.length + separator.length;
  const object = `${objectNumber} 0 obj\n<<${entries.join('\n')}>>\nendobj\n`;
  const xrefOffset = objectOffset + Buffer.byteLength(object, 'latin1');
  // Each cross-reference entry is exactly 20 bytes: 10-digit offset, 5-digit generation, 'n', SP LF.
  const xref = `xref\n${objectNumber} 1\n${String(objectOffset).padStart(10, '0')} 00000 n \n`;
  const newTrailer =
    `trailer\n<</Size ${objectNumber + 1}\n/Root ${trailer.root}\n/Info ${objectNumber} 0 R\n` +
    `/Prev ${trailer.startxref}>>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(separator + object + xref + newTrailer, 'latin1')]);
}
