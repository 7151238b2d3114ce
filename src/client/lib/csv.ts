/**
 * A small CSV builder for the exports (customers, orders), made for Dutch Excel: UTF-8 with a BOM (so
 * 'é' and '€' survive a double-click open), ';' between cells (Excel in nl-NL reads ',' as the decimal
 * sign), CRLF line ends, RFC 4180 quoting (also of a ',' or a tab, for a spreadsheet that splits on
 * those), and a guard against formula injection.
 */
import { amsterdamDay } from '../../shared/dates';

export const CSV_SEPARATOR = ';';
export const CSV_LINE_END = '\r\n';
export const CSV_BOM = '\uFEFF';
export const CSV_MIME = 'text/csv;charset=utf-8';

export type CsvValue = string | number | boolean | null | undefined | Date;

export type CsvColumn<T> = {
  header: string;
  value: (row: T) => CsvValue;
};

export type CsvOptions = {
  separator?: string;
  /** Start with the UTF-8 byte-order mark (default true). */
  bom?: boolean;
};

/** A number written the way Dutch Excel reads it: decimal comma, no thousands separator ('-12,5'). */
function formatNumber(value: number): string {
  return Number.isFinite(value) ? String(value).replace('.', ',') : '';
}

/** What a value looks like in a cell: booleans 'Ja'/'Nee', dates ISO 8601, numbers with a decimal comma. */
function cellText(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nee';
  if (typeof value === 'number') return formatNumber(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  return value;
}

/** A plain number such as '-12' or '+31 6 12345678' is data, not a formula: it needs no guard. */
const PLAIN_NUMBER = /^[+-]?[0-9][0-9 .]*$/;
/**
 * A part that spreadsheets read as a formula (or a DDE call): one starting, after any spaces, with
 * '=', '+', '-' or '@', or their full-width forms, which some spreadsheets take for the ASCII ones.
 */
const FORMULA_PART = /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
/**
 * Where a reader may start a new cell or line inside one of ours: our ';', the ',' of a spreadsheet
 * set to English (which splits 'Acme,=2+3,BV' into three cells), a tab, a line break. Kept in the
 * split, so that joining the parts gives the text back.
 */
const PART_BREAK = /([,;\t\r\n])/;

const guardPart = (part: string) =>
  FORMULA_PART.test(part) && !PLAIN_NUMBER.test(part.trim()) ? `'${part}` : part;

/**
 * Neutralises text a spreadsheet would run as a formula ('=HYPERLINK(…)', '@SUM(…)', '+cmd|…') by
 * putting an apostrophe in front (OWASP "CSV injection") — of the cell, and of every part after a
 * separator or line break inside it, for a reader that splits where we did not mean it to. A cell
 * starting with a tab or a carriage return is guarded too (a reader may trim them and find a
 * formula). Plain numbers are left alone.
 */
export function guardFormula(text: string): string {
  const guarded = text
    .split(PART_BREAK)
    .map((part, i) => (i % 2 === 0 ? guardPart(part) : part))
    .join('');
  return /^[\t\r]/.test(text) ? `'${guarded}` : guarded;
}

/** Quoted: whatever a reader could take for the end of a cell or a line, whichever separator it uses. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** One cell: text, guarded, quoted when it holds a separator (',' or ';'), a quote, a tab or a line break. */
export function csvCell(value: CsvValue, separator = CSV_SEPARATOR): string {
  const text = guardFormula(cellText(value));
  const needsQuotes = text.includes(separator) || NEEDS_QUOTES.test(text);
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells → CSV text (each line ends with CRLF). */
export function csvFromRows(rows: readonly (readonly CsvValue[])[], options: CsvOptions = {}): string {
  const separator = options.separator ?? CSV_SEPARATOR;
  const body = rows.map((row) => row.map((v) => csvCell(v, separator)).join(separator) + CSV_LINE_END);
  return (options.bom === false ? '' : CSV_BOM) + body.join('');
}

/** Records and their columns → CSV text with a header line. */
export function buildCsv<T>(
  records: readonly T[],
  columns: readonly CsvColumn<T>[],
  options: CsvOptions = {},
): string {
  const header = columns.map((c) => c.header);
  const rows = records.map((record) => columns.map((c) => c.value(record)));
  return csvFromRows([header, ...rows], options);
}

/**
 * 'klanten' → 'klanten-2025-03-07.csv': the calendar day in the Netherlands, as everywhere in the
 * app, whatever the clock of the browser is set to.
 */
export function datedFileName(prefix: string, date: Date = new Date(), extension = 'csv'): string {
  return `${prefix}-${amsterdamDay(date)}.${extension}`;
}

/** Saves content as a file through a temporary link (the browser's normal download). */
export function downloadFile(content: BlobPart, fileName: string, mimeType: string): void {
  const blob = new Blob([content], { type: mimeType });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start reading the blob before it is released.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadCsv(csv: string, fileName: string): void {
  downloadFile(csv, fileName, CSV_MIME);
}
