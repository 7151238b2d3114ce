import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, logoMessages } from '../../shared/logo';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { noisePng, pngBomb, SVG_LOGO, solidImage } from '../../test/logo-images';
import { createCapturingMailer } from '../../test/mailer';
import { orderPayload } from '../../test/orders-fixtures';
import { createSignedInUser } from '../../test/users';
import { createApiKey } from '../services/api-keys/api-keys';
import { JSON_ONLY_MESSAGE } from './error-body';
import { buildOpenApiDocument } from './openapi-document';

describe('/api/auth/logo (integration)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(testDeps(database.db, createCapturingMailer()));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const put = (token: string, payload: Buffer, contentType: string) =>
    app.inject({
      method: 'PUT',
      url: '/api/auth/logo',
      headers: { ...bearer(token), 'content-type': contentType },
      payload,
    });

  it('takes the image as the body, answers its version, and gives it back as PNG', async () => {
    const { token } = await createSignedInUser(database.db);
    const saved = await put(token, await solidImage(1600, 400, 'jpeg', { Artist: 'Jan' }), 'image/jpeg');
    expect(saved.statusCode).toBe(200);
    const body = saved.json();
    expect(body).toMatchObject({ success: true, message: logoMessages.saved, width: 800, height: 200 });

    const got = await app.inject({ method: 'GET', url: '/api/auth/logo', headers: bearer(token) });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toBe('private, no-cache');
    expect(got.headers.etag).toBe(`"${body.version}"`);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(got.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['png', 800, 200, undefined]);

    // The version the app asks for may be kept; the same ETag is a 304 without the image.
    const versioned = await app.inject({
      method: 'GET',
      url: `/api/auth/logo?v=${body.version}`,
      headers: bearer(token),
    });
    expect(versioned.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const again = await app.inject({
      method: 'GET',
      url: '/api/auth/logo',
      headers: { ...bearer(token), 'if-none-match': `"${body.version}"` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('refuses SVG and other types with 415 and the Dutch reason in the error body', async () => {
    const { token } = await createSignedInUser(database.db);
    for (const type of ['image/svg+xml', 'application/json', 'image/gif', 'image/png']) {
      const res = await put(token, SVG_LOGO, type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({
        message: logoMessages.wrongType,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        details: { logo: logoMessages.wrongType },
      });
    }
  });

  it('refuses a body over 1 MB with 413 in Dutch, and a bomb and broken bytes with 400', async () => {
    const { token } = await createSignedInUser(database.db);
    const big = await noisePng(700);
    expect(big.length).toBeGreaterThan(LOGO_MAX_BYTES);
    const tooLarge = await put(token, big, 'image/png');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: logoMessages.tooLarge });

    const bomb = await put(token, pngBomb(50_000), 'image/png');
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json()).toMatchObject({
      message: logoMessages.tooManyPixels,
      details: { logo: logoMessages.tooManyPixels },
    });

    const empty = await app.inject({
      method: 'PUT',
      url: '/api/auth/logo',
      headers: { ...bearer(token), 'content-type': 'image/png' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(logoMessages.empty);
  });

  it('GET and DELETE without a logo are a Dutch 404; DELETE removes it', async () => {
    const { token } = await createSignedInUser(database.db);
    const none = await app.inject({ method: 'GET', url: '/api/auth/logo', headers: bearer(token) });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: logoMessages.notFound, code: 'NOT_FOUND' });
    await put(token, await solidImage(40, 20, 'webp'), 'image/webp');
    const removed = await app.inject({ method: 'DELETE', url: '/api/auth/logo', headers: bearer(token) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: logoMessages.removed });
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/logo', headers: bearer(token) })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/auth/logo', headers: bearer(token) })).statusCode,
    ).toBe(404);
  });

  it('each user sees only their own logo; without a session it is a 401', async () => {
    const a = await createSignedInUser(database.db);
    const b = await createSignedInUser(database.db);
    await put(a.token, await solidImage(60, 20, 'png'), 'image/png');
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/logo', headers: bearer(b.token) })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/auth/logo', headers: bearer(b.token) })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/logo', headers: bearer(a.token) })).statusCode,
    ).toBe(200);
    const anonymous = await app.inject({ method: 'GET', url: '/api/auth/logo' });
    expect(anonymous.statusCode).toBe(401);
    const anonymousPut = await app.inject({
      method: 'PUT',
      url: '/api/auth/logo',
      headers: { 'content-type': 'image/png' },
      payload: await solidImage(10, 10, 'png'),
    });
    expect(anonymousPut.statusCode).toBe(401);
  });

  it('a read-only API key may fetch the logo but not change it', async () => {
    const { user, token } = await createSignedInUser(database.db);
    await put(token, await solidImage(60, 20, 'png'), 'image/png');
    const { secret } = await createApiKey(
      database.db,
      { organizationId: user.id, userId: user.id },
      { name: 'Boekhouding', access: 'read' },
      new Date(),
    );
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/logo', headers: bearer(secret) })).statusCode,
    ).toBe(200);
    expect((await put(secret, await solidImage(10, 10, 'png'), 'image/png')).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/auth/logo', headers: bearer(secret) })).statusCode,
    ).toBe(403);
  });

  it('a page of another site cannot upload with the session cookie', async () => {
    const { token } = await createSignedInUser(database.db);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/auth/logo',
      headers: { cookie: `session=${token}`, origin: 'https://evil.example', 'content-type': 'image/png' },
      payload: await solidImage(10, 10, 'png'),
    });
    expect(res.statusCode).toBe(403);
  });

  it('a form encoding is refused as on every other change, before the logo is looked at', async () => {
    const { token } = await createSignedInUser(database.db);
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await put(token, await solidImage(10, 10, 'png'), type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json().message).toBe(JSON_ONLY_MESSAGE);
    }
  });

  it('other routes still take JSON only', async () => {
    const { token } = await createSignedInUser(database.db);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/auth/pdf-settings',
      headers: { ...bearer(token), 'content-type': 'image/png' },
      payload: await solidImage(10, 10, 'png'),
    });
    expect(res.statusCode).toBe(415);
  });

  it('prints the logo on the PDF of every template (inside the page: the printer fetches nothing), and a new logo makes a new file', async () => {
    const { token } = await createSignedInUser(database.db);
    const headers = bearer(token);
    const customer = await app.inject({
      method: 'POST',
      url: '/api/customers',
      headers,
      payload: { name: 'Petra Jansen', company: 'Jansen Bouw B.V.', email: 'petra@jansenbouw.nl' },
    });
    const order = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: orderPayload(customer.json()._id),
    });
    const orderId = order.json()._id as string;
    const pdf = async () => {
      const made = await app.inject({ method: 'GET', url: `/api/pdf/orders/${orderId}`, headers });
      expect(made.statusCode, made.body).toBe(200);
      const file = await app.inject({
        method: 'GET',
        url: `/api/pdf/download/${made.json().filename}`,
        headers,
      });
      return file.rawPayload.toString('latin1');
    };
    const images = (text: string) => text.split('/Subtype /Image').length - 1;

    expect(images(await pdf())).toBe(0);
    await put(token, await solidImage(300, 100, 'png'), 'image/png');
    for (const template of ['classic', 'modern', 'minimal']) {
      const settings = await app.inject({
        method: 'PUT',
        url: '/api/auth/pdf-settings',
        headers,
        payload: { template },
      });
      expect(settings.statusCode).toBe(200);
      expect(images(await pdf()), template).toBeGreaterThan(0);
    }
    await app.inject({ method: 'DELETE', url: '/api/auth/logo', headers });
    expect(images(await pdf())).toBe(0);
  }, 60_000);

  it('is described in the OpenAPI document', () => {
    const doc = buildOpenApiDocument('http://localhost:3000');
    const path = doc.paths?.['/auth/logo'];
    expect(Object.keys(path ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(
      Object.keys(
        path?.put?.requestBody && 'content' in path.put.requestBody ? path.put.requestBody.content : {},
      ),
    ).toEqual(['image/png', 'image/jpeg', 'image/webp']);
  });
});
