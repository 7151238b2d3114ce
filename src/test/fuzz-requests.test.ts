import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FuzzRequest, injection, requestArbitrary } from './fuzz-requests';
import { apiOperations } from './openapi-operations';

/** The fuzz test's requests reach the server as generated: the right ids, bodies and credentials. */
const operation = (id: string) => apiOperations().find((op) => op.operationId === id)!;
const account = {
  session: 'sessie',
  key: 'ik_sleutel',
  own: { order: ['order-a', 'order-b'], customer: ['klant-a'], emailTemplate: ['sjabloon-a'] },
};
const request = (fields: Partial<FuzzRequest>): FuzzRequest => ({
  auth: 'session',
  path: {},
  query: '',
  contentType: 'application/json',
  headers: {},
  body: { kind: 'none' },
  ...fields,
});

describe('injection', () => {
  it('names own objects by position, encodes text and leaves raw URL text as it is', () => {
    const update = operation('orders-update');
    expect(injection(update, request({ path: { id: { own: 3 } } }), account).url).toBe('/api/orders/order-b');
    expect(injection(update, request({ path: { id: { text: 'a/b\uD800' } } }), account).url).toBe(
      '/api/orders/a%2Fb%EF%BF%BD',
    );
    expect(
      injection(update, request({ path: { id: { raw: '%ED%A0%80' } }, query: '?x=1' }), account).url,
    ).toBe('/api/orders/%ED%A0%80?x=1');
  });

  it("sends the document's example with its references to own objects, one field replaced or dropped", () => {
    const send = operation('orders-sendEmail');
    const whole = JSON.parse(
      String(injection(send, request({ body: { kind: 'example' } }), account).payload),
    );
    expect(whole).toMatchObject({ templateId: 'sjabloon-a', recipient: expect.any(String) });
    const paths = Object.keys(whole);
    const changed = JSON.parse(
      String(injection(send, request({ body: { kind: 'example', at: 0, value: 42 } }), account).payload),
    );
    expect(changed[paths[0]!]).toBe(42);
    const dropped = JSON.parse(
      String(injection(send, request({ body: { kind: 'example', at: 0, drop: true } }), account).payload),
    );
    expect(dropped).not.toHaveProperty(paths[0]!);
  });

  it('signs in as asked: bearer session, bearer key, cookie, nothing or a header of its own', () => {
    const get = operation('orders-get');
    const headersFor = (auth: FuzzRequest['auth']) =>
      injection(get, request({ auth, path: { id: { own: 0 } } }), account).headers;
    expect(headersFor('session').authorization).toBe('Bearer sessie');
    expect(headersFor('key').authorization).toBe('Bearer ik_sleutel');
    expect(headersFor('cookie')).toMatchObject({ cookie: 'session=sessie' });
    expect(headersFor('none')).not.toHaveProperty('authorization');
    expect(headersFor({ authorization: 'Basic x' }).authorization).toBe('Basic x');
  });

  it('generates requests for every operation of the document', () => {
    for (const op of apiOperations())
      expect(fc.sample(requestArbitrary(op), { numRuns: 3, seed: 1 })).toHaveLength(3);
  });
});
