import { describe, expect, it } from 'vitest';
import type { AuditLogEntry } from '../../../shared/schemas/audit-log';
import { auditLogCsv, fetchAllAuditEntries } from './audit-log-csv';

const entry = (id: string, at: string): AuditLogEntry => ({
  id,
  at,
  actor: { type: 'api_key', id: 'k1', name: 'Webshop' },
  ip: '203.0.113.7',
  action: 'order.updated',
  objectType: 'order',
  objectId: 'o1',
  fields: ['project', 'paymentTerm'],
});

describe('the Logboek CSV', () => {
  it('has Dutch headers, Dutch labels and the minute in Dutch time (dd-mm-jjjj HH:mm)', () => {
    // 23:30 UTC on 31 March (summer time) is 1 April 01:30 in Amsterdam.
    const lines = auditLogCsv([entry('1', '2026-03-31T23:30:45Z')])
      .slice(1)
      .split('\r\n');
    expect(lines[0]).toBe('Tijdstip;Wie;Soort;Actie;Actiecode;Object;Object-id;Velden;IP-adres');
    expect(lines[1]).toBe(
      '01-04-2026 01:30;Webshop;API-sleutel;Order gewijzigd;order.updated;Order;o1;"Betalingstermijn, Project";203.0.113.7',
    );
  });

  it('fetches every page of the server’s maximum, each entry once', async () => {
    const all = Array.from({ length: 450 }, (_, i) => entry(String(i), '2026-01-01T00:00:00Z'));
    const offsets: string[] = [];
    const result = await fetchAllAuditEntries(
      async (q) => {
        offsets.push(q.offset ?? '');
        const from = Number(q.offset);
        // An entry arriving meanwhile shifts the second page by one.
        const shift = from > 0 ? 1 : 0;
        return { entries: all.slice(from - shift, from - shift + Number(q.limit)), total: all.length };
      },
      { action: 'order.updated' },
    );
    expect(offsets).toEqual(['0', '200', '400']);
    expect(result.map((e) => e.id)).toEqual(all.map((e) => e.id));
  });
});
