/**
 * A small CSV builder for the exports (customers, orders), made for Dutch Excel: UTF-8 with a BOM (so
 * 'é' and '€' survive a double-click open), ';' between cells (Excel in nl-NL reads ',' as the decimal
 * sign), CRLF line ends, RFC 4180 quoting, and a guard against formula injection.
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

/** A plain number such as '-12,50' or '+31612345678' is data, not a formula: it needs no guard. */
const PLAIN_NUMBER = /^[+-]?[0-9][0-9 .,]*$/;
/** Spreadsheets treat a cell starting with one of these as a formula (or DDE call). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Neutralises a value a spreadsheet would run as a formula ('=HYPERLINK(…)', '@SUM(…)', '+cmd|…')
 * by putting an apostrophe in front (OWASP "CSV injection"). Plain numbers are left alone.
 */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** One cell: text, guarded, quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: CsvValue, separator = CSV_SEPARATOR): string {
  const text = guardFormula(cellText(value));
  const needsQuotes = text.includes(separator) || /["\r\n]/.test(text);
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
