import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createCapturingMailer } from '../../test/mailer';
import { startSlowRequest } from '../../test/slow-request';
import { createSignedInUser } from '../../test/users';
import { waitFor } from '../../test/webhook-receiver';

/**
 * Closing the app (what SIGTERM does, main.ts) lets a request under way finish and be stored, and
 * then ends its keep-alive connection, so closing does not wait for the client to hang up (the whole
 * process on SIGTERM: faults/sigterm.test.ts).
 */
describe('closing the app while a request is under way', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('answers the request, stores its change, says Connection: close, and closes without waiting for the client', async () => {
    app = await buildTestApp(testDeps(database.db, createCapturingMailer()));
    // Requests the app has begun to handle (routed, its body still coming).
    let arrived = 0;
    app.addHook('onRequest', (_req, _reply, done) => {
      arrived++;
      done();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const { user, token } = await createSignedInUser(database.db);
    const request = await startSlowRequest(port, {
      method: 'POST',
      path: '/api/customers',
      headers: { Authorization: `Bearer ${token}` },
      json: { name: 'Sara Bakker', company: 'Bakker Advies', email: 'sara@bakker.nl' },
    });

    await waitFor('the request to reach the app', () => arrived === 1);
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    // Closing has begun (no new connections) while the request still waits for the rest of its body.
    await waitFor('the app to stop listening', () => !app.server.listening);
    expect(closed).toBe(false);
    request.finish();

    const res = await request.response;
    expect(res.status, res.body).toBe(200);
    expect(res.headers.connection).toBe('close');
    const { _id } = JSON.parse(res.body) as { _id: string };
    // The server ends the connection itself, and then the app is closed.
    await request.closed;
    await closing;
    const [stored] = await database.db.select().from(customers).where(eq(customers.id, _id));
    expect(stored).toMatchObject({ organizationId: user.id, company: 'Bakker Advies' });
  });
});
