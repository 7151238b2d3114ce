/**
 * GET /api/orders without parameters (the whole list, Bearer) with `Accept-Encoding: br, gzip` and
 * without: time to the last byte and bytes on the wire; meanwhile /api/health is probed every ~20 ms
 * (p50/p99 beside its idle p99) and the serving process's RSS is sampled (growth = peak − before).
 */
import http from 'node:http';
import { type Session, sleep } from './http-client';
import { probeFor, startProbe } from './probe';
import { rssBytes } from './server-process';
import { type Summary, summarize } from './stats';

export type StreamRun = {
  encoding: string;
  status: number;
  contentEncoding: string;
  ms: number;
  bytes: number;
  health: Summary;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssGrowthMb: number;
};

export type StreamResult = { idleHealth: Summary; runs: StreamRun[] };

const MB = 1024 * 1024;

function fullList(baseUrl: string, session: Session, acceptEncoding: string | null) {
  return new Promise<{
    status: number;
    ms: number;
    bytes: number;
    contentEncoding: string;
    head: string;
    tail: string;
  }>((resolve, reject) => {
    const t0 = performance.now();
    const headers: http.OutgoingHttpHeaders = { authorization: session.bearer };
    if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
    const req = http.get(`${baseUrl}/api/orders`, { headers, agent: false }, (res) => {
      let bytes = 0;
      let head = '';
      let tail = '';
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (head.length < 1) head = chunk.subarray(0, 1).toString('latin1');
        tail = chunk.subarray(-1).toString('latin1');
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - t0,
          bytes,
          contentEncoding: String(res.headers['content-encoding'] ?? 'geen'),
          head,
          tail,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

export async function benchStream(
  baseUrl: string,
  session: Session,
  serverPid: number,
): Promise<StreamResult> {
  const idleHealth = summarize(await probeFor(baseUrl, '/api/health', 2000, { pauseMs: 20 }));
  const runs: StreamRun[] = [];
  for (const acceptEncoding of ['br, gzip', null]) {
    await sleep(500); // let the previous run's garbage go
    const before = rssBytes(serverPid);
    let peak = before;
    const sampler = setInterval(() => {
      const now = rssBytes(serverPid);
      if (now > peak) peak = now;
    }, 20);
    const probe = startProbe(baseUrl, '/api/health', { pauseMs: 20 });
    let list: Awaited<ReturnType<typeof fullList>>;
    try {
      list = await fullList(baseUrl, session, acceptEncoding);
    } finally {
      clearInterval(sampler);
    }
    const health = summarize(await probe.stop());
    if (list.status !== 200) throw new Error(`GET /api/orders: ${list.status}`);
    if (!acceptEncoding && (list.head !== '[' || list.tail !== ']')) {
      throw new Error(
        `GET /api/orders is geen JSON-array (begint met ${list.head}, eindigt met ${list.tail})`,
      );
    }
    runs.push({
      encoding: acceptEncoding ?? 'geen Accept-Encoding',
      status: list.status,
      contentEncoding: list.contentEncoding,
      ms: list.ms,
      bytes: list.bytes,
      health,
      rssBeforeMb: before / MB,
      rssPeakMb: peak / MB,
      rssGrowthMb: (peak - before) / MB,
    });
  }
  return { idleHealth, runs };
}
