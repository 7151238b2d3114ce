import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../../project-root';
import { FAVICON_SVG, registerApiDocs } from './api-docs';
import { buildOpenApiDocument } from './openapi-document';

const BASE_URL = 'http://localhost:3000';

/** A fresh app each time: the document is made on the first request, whichever route that is. */
async function docsApp(baseUrl = BASE_URL) {
  const app = Fastify({ logger: false });
  await registerApiDocs(app, baseUrl);
  return app;
}

describe('registerApiDocs', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('serves the whole document at /api/openapi.json', async () => {
    app = await docsApp();
    const res = await app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(BASE_URL))));
  });

  it("serves the same document as the reference's JSON when that is asked for first", async () => {
    app = await docsApp();
    const fromDocs = await app.inject('/api/docs/json');
    expect(fromDocs.statusCode).toBe(200);
    expect(fromDocs.json()).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(BASE_URL))));
    expect((await app.inject('/api/openapi.json')).json()).toEqual(fromDocs.json());
  });

  it("serves the document as the reference's YAML when that is asked for first", async () => {
    app = await docsApp();
    const res = await app.inject('/api/docs/yaml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-yaml');
    expect(res.body).toContain('title: Inkooporders API');
    expect(res.body).toContain('/auth/login:');
  });

  it('serves the interactive reference as the product’s: its name and icon, no library top bar', async () => {
    app = await docsApp();
    const res = await app.inject('/api/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Inkooporders API — documentatie</title>');
    expect(res.body).toContain('favicon.svg');
    // BaseLayout is swagger-ui's layout without the top bar (its logo and 'Explore' field).
    const init = await app.inject('/api/docs/static/swagger-initializer.js');
    expect(init.body).toContain('"layout":"BaseLayout"');
    const icon = await app.inject('/api/docs/static/theme/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.body).toBe(FAVICON_SVG);
  });

  it.each([
    ['/api/docs/', 'the page'],
    ['/api/docs/static/swagger-ui.css', 'its style sheet'],
  ])('asks no upgrade to https for %s (%s) served over plain http, and does under https', async (url) => {
    // Chromium on http://192.0.2.2:3000/api/docs/ fetched the reference's own files from https://… (no
    // such server): a blank page. localhost and 127.0.0.1 are spared that, so only the header shows it.
    app = await docsApp('http://192.0.2.2:3000');
    const plain = String((await app.inject(url)).headers['content-security-policy']);
    expect(plain).not.toContain('upgrade-insecure-requests');
    expect(plain).toContain("frame-ancestors 'none'");
    expect(plain).toContain("script-src 'self'");
    await app.close();
    app = await docsApp('https://inkoop.example');
    expect(String((await app.inject(url)).headers['content-security-policy'])).toContain(
      'upgrade-insecure-requests',
    );
  });

  it('uses the app’s own icon', () => {
    const file = fs
      .readFileSync(path.join(projectRoot(import.meta.url), 'src/client/public/favicon.svg'), 'utf8')
      .trim();
    expect(FAVICON_SVG).toBe(file);
  });

  it('opens with Aan de slag and a download link for the document', () => {
    const { info } = buildOpenApiDocument(BASE_URL);
    expect(info.description).toContain('## Aan de slag');
    expect(info.description).toContain('[OpenAPI-document](/api/openapi.json)');
    expect(info.description).toContain(`curl "${BASE_URL}/api/orders?limit=50"`);
  });
});
