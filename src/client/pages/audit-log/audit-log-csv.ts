import { formatDateTime } from '../../../shared/dates';
import { API_LIST_LIMIT_MAX } from '../../../shared/schemas/api-list';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_OBJECT_LABELS,
  type AuditLogEntry,
  type AuditLogPage,
  type AuditLogQueryInput,
  auditFieldsText,
} from '../../../shared/schemas/audit-log';
import { buildCsv, type CsvColumn, datedFileName } from '../../lib/csv';

/**
 * The Logboek's 'CSV exporteren' file: one row per entry that matches the filters, newest first, for
 * Dutch Excel as the other exports (csv.ts). Times as dd-mm-jjjj HH:mm in Dutch time.
 */

export const ACTOR_TYPE_LABELS = { member: 'Lid', api_key: 'API-sleutel', customer: 'Klant' } as const;

/** '24-11-2026 10:05': the minute in the Netherlands, whatever the browser's clock says. */
export const auditTime = (iso: string) => formatDateTime(iso).slice(0, 16);

export const AUDIT_CSV_COLUMNS: readonly CsvColumn<AuditLogEntry>[] = [
  { header: 'Tijdstip', value: (e) => auditTime(e.at) },
  { header: 'Wie', value: (e) => e.actor.name },
  { header: 'Soort', value: (e) => ACTOR_TYPE_LABELS[e.actor.type] },
  { header: 'Actie', value: (e) => AUDIT_ACTION_LABELS[e.action] ?? e.action },
  { header: 'Actiecode', value: (e) => e.action },
  { header: 'Object', value: (e) => AUDIT_OBJECT_LABELS[e.objectType] ?? e.objectType },
  { header: 'Object-id', value: (e) => e.objectId },
  { header: 'Velden', value: (e) => auditFieldsText(e.fields) },
  { header: 'IP-adres', value: (e) => e.ip },
];

export function auditLogCsv(entries: readonly AuditLogEntry[]): string {
  return buildCsv(entries, AUDIT_CSV_COLUMNS);
}

export const auditLogCsvFileName = (date: Date = new Date()) => datedFileName('logboek', date);

/** Safety net far beyond a real organisation's two years. */
const MAX_PAGES = 2000;

/** Every entry matching the filters, a page of the server's maximum at a time. */
export async function fetchAllAuditEntries(
  fetchPage: (query: AuditLogQueryInput) => Promise<AuditLogPage>,
  filters: Omit<AuditLogQueryInput, 'limit' | 'offset'>,
): Promise<AuditLogEntry[]> {
  const all: AuditLogEntry[] = [];
  const seen = new Set<string>();
  for (let page = 0; page < MAX_PAGES; page++) {
    const { entries, total } = await fetchPage({
      ...filters,
      limit: String(API_LIST_LIMIT_MAX),
      offset: String(page * API_LIST_LIMIT_MAX),
    });
    for (const entry of entries) {
      // An entry written meanwhile shifts the pages by one: each is listed once.
      if (!seen.has(entry.id)) all.push(entry);
      seen.add(entry.id);
    }
    if (entries.length < API_LIST_LIMIT_MAX || (page + 1) * API_LIST_LIMIT_MAX >= total) break;
  }
  return all;
}
