import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfSettings } from '../../db/schema';
import {
  DEFAULT_PDF_SETTINGS,
  pdfSettingsMessages as m,
  type PdfSettings,
} from '../../shared/schemas/pdf-settings';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createCapturingMailer } from '../../test/mailer';
import { createSignedInUser } from '../../test/users';

const URL = '/api/auth/pdf-settings';

describe('GET|PUT /api/auth/pdf-settings (integration)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let newUser: () => Promise<{ authorization: string }>;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(testDeps(database.db, createCapturingMailer()));
    newUser = async () => ({ authorization: `Bearer ${(await createSignedInUser(database.db)).token}` });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const get = async (headers: { authorization: string }) =>
    (await app.inject({ method: 'GET', url: URL, headers })).json() as PdfSettings;
  const put = (headers: { authorization: string }, payload: Record<string, unknown>) =>
    app.inject({ method: 'PUT', url: URL, headers, payload });

  it('answers 401 without a session', async () => {
    expect((await app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url: URL, payload: { template: 'modern' } })).statusCode).toBe(
      401,
    );
  });

  it('gives the spec’s defaults while nothing is saved', async () => {
    const res = await app.inject({ method: 'GET', url: URL, headers: await newUser() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      primaryColor: '#1E40AF',
      secondaryColor: '#F3F4F6',
      template: 'classic',
      showBankAccount: true,
      footerNotes: '',
      fontFamily: 'default',
    });
  });

  it('saves all fields and reads them back; a later partial save keeps the others', async () => {
    const auth = await newUser();
    const saved = {
      primaryColor: '#0f766e',
      secondaryColor: '#ECFDF5',
      template: 'modern',
      showBankAccount: false,
      footerNotes: 'Levering franco huis.\nRetouren binnen 8 dagen.',
      fontFamily: 'lato',
    };
    const res = await put(auth, saved);
    expect(res.statusCode).toBe(200);
    const expected = { ...saved, primaryColor: '#0F766E' };
    expect(res.json()).toEqual(expected);
    expect(await get(auth)).toEqual(expected);

    const partial = await put(auth, { template: 'minimal' });
    expect(partial.json()).toEqual({ ...expected, template: 'minimal' });
    expect(await get(auth)).toEqual({ ...expected, template: 'minimal' });
  });

  it('refuses a bad colour, template, font or too long notes with 400 and details, and stores nothing', async () => {
    const auth = await newUser();
    await put(auth, { template: 'modern', footerNotes: 'Eerste versie' });
    const before = await get(auth);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ primaryColor: '#12345' }, { primaryColor: m.primaryColor }],
      [{ secondaryColor: 'lichtgrijs' }, { secondaryColor: m.secondaryColor }],
      [{ template: 'fancy' }, { template: m.template }],
      [{ fontFamily: 'comic' }, { fontFamily: m.fontFamily }],
      [{ footerNotes: 'x'.repeat(1001) }, { footerNotes: m.footerNotesMax }],
      // A bad field spoils the whole request: the good one beside it is not saved either.
      [{ template: 'minimal', primaryColor: 'blue' }, { primaryColor: m.primaryColor }],
    ];
    for (const [payload, details] of cases) {
      const res = await put(auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details).toEqual(details);
    }
    expect(await get(auth)).toEqual(before);
  });

  it('keeps each user’s settings apart', async () => {
    const a = await newUser();
    const b = await newUser();
    await put(a, { primaryColor: '#111111', fontFamily: 'courier' });
    expect(await get(b)).toEqual(DEFAULT_PDF_SETTINGS);
    await put(b, { template: 'minimal' });
    expect(await get(a)).toEqual({ ...DEFAULT_PDF_SETTINGS, primaryColor: '#111111', fontFamily: 'courier' });
    expect(await get(b)).toEqual({ ...DEFAULT_PDF_SETTINGS, template: 'minimal' });
  });

  it('is described in the OpenAPI document, with the fields explained', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const path = doc.paths['/auth/pdf-settings'];
    expect(Object.keys(path).sort()).toEqual(['get', 'put']);
    const body = path.put.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties).sort()).toEqual(
      ['fontFamily', 'footerNotes', 'primaryColor', 'secondaryColor', 'showBankAccount', 'template'].sort(),
    );
    expect(body.properties.template.description).toContain('Klassiek');
  });

  it('prints a font stored outside the list in the default font', async () => {
    const { user, token } = await createSignedInUser(database.db);
    await database.db.insert(pdfSettings).values({ organizationId: user.id, fontFamily: 'wingdings' });
    expect(await get({ authorization: `Bearer ${token}` })).toEqual(DEFAULT_PDF_SETTINGS);
  });
});
