import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfMessages } from '../src/server/services/pdf/messages';
import { type Api, apiAs, customerOverHttp, signUpOverHttp } from '../src/test/http-account';
import { orderPayload } from '../src/test/orders-fixtures';
import { chromiumBrowserOf, chromiumRenderersOf, cpuTicks, isAlive } from '../src/test/processes';
import { type ServerProcess, startServerProcess } from '../src/test/server-process';
import { waitFor } from '../src/test/webhook-receiver';
import { faultsServerEntry, installedDataDir } from './support/server';

/**
 * The PDF printer's Chromium killed (SIGKILL, the real browser process the built server launched)
 * while it renders a document: that request answers the Dutch 503 at once — no hang, no 500 — and
 * the next PDF is made by a newly launched browser, without a restart of the server.
 */
describe('Chromium killed in the middle of a document (built server)', () => {
  let server: ServerProcess;
  let dataDir: string;
  let api: Api;
  let customerId: string;

  beforeAll(async () => {
    dataDir = installedDataDir('faults-chromium-');
    server = await startServerProcess({ entry: faultsServerEntry(), env: { DATA_DIR: dataDir } });
    await server.healthy();
    api = apiAs(server.url, await signUpOverHttp(server.url), 90_000);
    customerId = await customerOverHttp(api);
  });

  afterAll(async () => {
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const newOrder = async (lines: number) => {
    const items = Array.from({ length: lines }, (_, i) => ({
      description: `Artikel ${i + 1}: ${'omschrijving van een regel die over meerdere regels loopt '.repeat(6)}`,
      quantity: 1,
      unit: 'stuk' as const,
      price: 10,
      vat: 21,
    }));
    const res = await api.post('/api/orders', orderPayload(customerId, { items }));
    expect(res.status).toBe(200);
    return ((await res.json()) as { _id: string })._id;
  };
  const printed = async (orderId: string) => {
    const res = await api.get(`/api/pdf/orders/${orderId}`);
    const body = await res.text();
    return { status: res.status, body };
  };

  it('fails that request with the Dutch 503 and prints the next PDF with a new browser', async () => {
    // The first PDF launches the browser.
    expect((await printed(await newOrder(1))).status).toBe(200);
    expect(chromiumBrowserOf(server.pid), 'the Chromium the server launched').toBeDefined();

    // A document of many pages, and the browser killed once a renderer is busy with it. Should
    // Chromium finish first after all (a fast machine), that PDF is fine and a new order is tried.
    let killed: { status: number; body: string } | undefined;
    let killedPid = 0;
    for (let attempt = 0; attempt < 5 && !killed; attempt++) {
      const before = chromiumBrowserOf(server.pid);
      const idle = new Map(
        (before ? chromiumRenderersOf(before.pid) : []).map((p) => [p.pid, cpuTicks(p.pid)]),
      );
      let done = false;
      const request = printed(await newOrder(500)).finally(() => {
        done = true;
      });
      let browserPid = 0;
      await waitFor(
        'a renderer at work on the document, or its answer',
        () => {
          if (done) return true;
          browserPid = chromiumBrowserOf(server.pid)?.pid ?? 0;
          return (
            browserPid > 0 &&
            chromiumRenderersOf(browserPid).some((p) => cpuTicks(p.pid) > (idle.get(p.pid) ?? 0) + 5)
          );
        },
        60_000,
      );
      if (!done) {
        process.kill(browserPid, 'SIGKILL');
        killedPid = browserPid;
      }
      const outcome = await request;
      if (outcome.status !== 200) killed = outcome;
    }
    expect(killed, 'a request caught while Chromium rendered it').toBeDefined();
    expect(killed!.status).toBe(503);
    expect(JSON.parse(killed!.body)).toEqual({ message: pdfMessages.failed, code: 'SERVICE_UNAVAILABLE' });
    await waitFor('the killed browser to be gone', () => !isAlive(killedPid));

    // The next PDF: a new browser, a real PDF to download.
    const next = await printed(await newOrder(2));
    expect(next.status, next.body).toBe(200);
    const { filename } = JSON.parse(next.body) as { filename: string };
    const download = await api.get(`/api/pdf/download/${filename}`);
    expect(download.status).toBe(200);
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const relaunched = chromiumBrowserOf(server.pid);
    expect(relaunched?.pid).toBeDefined();
    expect(relaunched?.pid).not.toBe(killedPid);
    expect(server.child.exitCode).toBeNull();
  });
});
