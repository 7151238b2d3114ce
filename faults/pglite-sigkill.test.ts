import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, customerOverHttp, type HttpAccount, signUpOverHttp } from '../src/test/http-account';
import { orderPayload } from '../src/test/orders-fixtures';
import { type ServerProcess, startServerProcess } from '../src/test/server-process';
import { waitFor } from '../src/test/webhook-receiver';
import { faultsServerEntry, installedDataDir } from './support/server';

/**
 * The built server on the embedded PGlite killed outright (SIGKILL: no handler runs, nothing is
 * closed) while it saves orders from several clients at once. Started again on the same DATA_DIR,
 * the database opens, and every order the server had answered 200 for is there.
 */
describe('SIGKILL while writing to the embedded database', () => {
  let dataDir: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    dataDir = installedDataDir('faults-sigkill-');
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const server = await startServerProcess({
      entry: faultsServerEntry(),
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    });
    servers.push(server);
    await server.healthy();
    return server;
  };

  it('keeps every order it confirmed, and opens again', async () => {
    const first = await start();
    const account: HttpAccount = await signUpOverHttp(first.url);
    const api = apiAs(first.url, account);
    const customerId = await customerOverHttp(api);

    // Four clients saving orders one after another until the server is gone.
    const confirmed: { id: string; orderNumber: string }[] = [];
    const clients = Array.from({ length: 4 }, async (_, client) => {
      for (let n = 0; ; n++) {
        let res: Response;
        try {
          res = await api.post('/api/orders', orderPayload(customerId, { reference: `K${client}-${n}` }));
        } catch {
          return; // the connection died with the server
        }
        if (res.status !== 200) throw new Error(`order ${client}-${n}: ${res.status} ${await res.text()}`);
        const order = (await res.json()) as { _id: string; orderNumber: string };
        confirmed.push({ id: order._id, orderNumber: order.orderNumber });
      }
    });
    await waitFor('orders to be saved', () => confirmed.length >= 40, 120_000);
    const exit = await first.stop('SIGKILL');
    expect(exit.signal).toBe('SIGKILL');
    await Promise.all(clients);

    expect(new Set(confirmed.map((o) => o.orderNumber)).size).toBe(confirmed.length);

    const second = await start();
    const after = apiAs(second.url, account);
    for (const { id, orderNumber } of confirmed) {
      const res = await after.get(`/api/orders/${id}`);
      expect(res.status, `order ${orderNumber}`).toBe(200);
      expect(((await res.json()) as { orderNumber: string }).orderNumber).toBe(orderNumber);
    }
    // Writable again, and numbering goes on past every number handed out.
    const next = await after.post('/api/orders', orderPayload(customerId));
    expect(next.status).toBe(200);
    const { orderNumber } = (await next.json()) as { orderNumber: string };
    expect(confirmed.map((o) => o.orderNumber)).not.toContain(orderNumber);
  });
});
