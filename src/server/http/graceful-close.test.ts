import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { startSlowRequest } from '../../test/slow-request';
import { waitFor } from '../../test/webhook-receiver';
import { registerGracefulClose } from './graceful-close';

/**
 * Closing waits for the requests under way and then for nothing else: their keep-alive connections
 * end with them (the whole app on SIGTERM: graceful-close.int.test.ts, faults/sigterm.test.ts).
 */
async function appWithRoutes() {
  const app = Fastify();
  registerGracefulClose(app);
  let arrived = 0;
  app.addHook('onRequest', (_req, _reply, done) => {
    arrived++;
    done();
  });
  const stream = new PassThrough();
  app.post('/echo', async (req) => req.body);
  app.get('/stream', (_req, reply) => {
    stream.write('[1'); // the headers and a first piece go out at once
    return reply.type('application/json').send(stream);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port, arrived: () => arrived, stream };
}

describe('registerGracefulClose', () => {
  it('a request still arriving when closing starts is answered with Connection: close, and closing ends with it', async () => {
    const { app, port, arrived } = await appWithRoutes();
    const request = await startSlowRequest(port, { method: 'POST', path: '/echo', json: { a: 1 } });
    await waitFor('the request to arrive', () => arrived() === 1);
    const closing = app.close();
    await waitFor('the app to stop listening', () => !app.server.listening);
    request.finish();
    const res = await request.response;
    expect(res).toMatchObject({ status: 200, body: '{"a":1}' });
    expect(res.headers.connection).toBe('close');
    await request.closed;
    await closing;
  });

  it('an answer whose headers went out before closing started: its connection is closed once it ends', async () => {
    const { app, port, stream } = await appWithRoutes();
    const agent = new http.Agent({ keepAlive: true });
    const { res, socketClosed } = await new Promise<{
      res: http.IncomingMessage;
      socketClosed: Promise<void>;
    }>((resolve, reject) => {
      const req = http.get({ port, host: '127.0.0.1', path: '/stream', agent }, (res) =>
        resolve({ res, socketClosed: new Promise((r) => req.socket?.once('close', () => r())) }),
      );
      req.once('error', reject);
    });
    expect(res.headers.connection).toBe('keep-alive');
    let body = '';
    res.on('data', (chunk) => {
      body += chunk;
    });
    const ended = new Promise((resolve) => res.once('end', resolve));
    const closing = app.close();
    await waitFor('the app to stop listening', () => !app.server.listening);
    stream.end(',2]');
    await ended;
    expect(body).toBe('[1,2]');
    // Idle now, on a keep-alive connection the client would keep: the server closes it.
    await socketClosed;
    await closing;
    agent.destroy();
  });
});
