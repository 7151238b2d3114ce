import { describe, expect, it } from 'vitest';
import { type SoakRequest, soakMinutes } from './soak-minutes';

const MB = 1024 * 1024;
const at = (minute: number, second: number) => (minute * 60 + second) * 1000;

describe('soakMinutes', () => {
  it('puts each request in the minute it started in, with that minute’s throughput and percentiles', () => {
    const requests: SoakRequest[] = [
      ...Array.from(
        { length: 60 },
        (_, i): SoakRequest => ({ atMs: at(0, i), ms: 10, step: 'list', ok: true }),
      ),
      { atMs: at(0, 59.5), ms: 900, step: 'pdf-new', ok: true },
      ...Array.from(
        { length: 120 },
        (_, i): SoakRequest => ({ atMs: at(1, i / 2), ms: 20, step: 'read', ok: true }),
      ),
      { atMs: at(1, 30), ms: 5, step: 'read', ok: false },
      // Started after the last whole minute: not part of the table.
      { atMs: at(2, 1), ms: 5, step: 'read', ok: true },
    ];
    const rows = soakMinutes(2, requests, [], []);
    expect(rows.map((r) => [r.minute, r.requests, r.reqPerSec, r.p50, r.failed, r.newPdfs])).toEqual([
      [1, 61, 61 / 60, 10, 0, 1],
      [2, 121, 121 / 60, 20, 1, 0],
    ]);
    expect(rows[0]!.p99).toBe(900);
    expect(rows[0]!.newPdfP50).toBe(900);
    expect(rows[1]!.newPdfP50).toBeNaN();
    expect(rows[0]!.stepP50).toEqual({ list: 10, 'pdf-new': 900 });
    expect(rows[1]!.stepP50).toEqual({ read: 20 });
  });

  it('takes the memory and the store as last sampled in each minute; a minute without a sample has none', () => {
    const rows = soakMinutes(
      3,
      [],
      [
        { atMs: at(0, 10), rss: 100 * MB, heapUsed: 40 * MB, chromiumRss: 300 * MB },
        { atMs: at(0, 50), rss: 120 * MB, heapUsed: 50 * MB, chromiumRss: 310 * MB },
        { atMs: at(1, 5), rss: 130 * MB },
      ],
      [
        { atMs: at(0, 20), pdfFiles: 5, pdfBytes: 2 * MB },
        { atMs: at(1, 59), pdfFiles: 9, pdfBytes: 4 * MB },
      ],
    );
    expect(rows.map((r) => [r.rssMb, r.heapUsedMb, r.chromiumRssMb, r.pdfFiles, r.pdfMb])).toEqual([
      [120, 50, 310, 5, 2],
      [130, Number.NaN, Number.NaN, 9, 4],
      [Number.NaN, Number.NaN, Number.NaN, Number.NaN, Number.NaN],
    ]);
  });
});
