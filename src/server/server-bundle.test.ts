import fs from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot as projectRootOf } from '../project-root';
import { STRONG_PASSWORD } from '../test/helpers';
import { postJson, registerAndVerify } from '../test/http-account';
import { solidImage } from '../test/logo-images';
import { buildServerForTest, type ServerBuild, startServerProcess } from '../test/server-process';

/**
 * The server as `npm start` runs it: bundled by scripts/build-server.mjs, started with plain node.
 * Built one folder deeper than dist/server on purpose: files beside the sources (drizzle/ for the
 * migrations) must be found from wherever the bundle lives, not by counting '../'. On the embedded
 * PGlite only: the built server on PostgreSQL is what faults/postgres-restart.test.ts starts.
 */
const projectRoot = projectRootOf(import.meta.url);

describe('the built server', () => {
  let build: ServerBuild;
  let dataDir: string;

  beforeAll(async () => {
    build = await buildServerForTest('server-bundle');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-bundle-'));
  }, 120_000);

  afterAll(async () => {
    build?.remove();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with plain node, migrates, answers /api/health, signs a user in (argon2 in the bundled child) and takes a logo (sharp)', async () => {
    const server = await startServerProcess({
      entry: build.entry,
      env: { DATA_DIR: dataDir },
      // Started from elsewhere: nothing may depend on the working directory.
      cwd: os.tmpdir(),
    });
    try {
      await server.healthy();
      expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({ status: 'ok' });
      const email = await registerAndVerify(server.url);
      const login = (password: string) =>
        postJson(`${server.url}/api/auth/login`, { email, password, rememberMe: false });
      const signedIn = await login(STRONG_PASSWORD);
      expect(signedIn.status).toBe(200);
      expect((await login('Fout123!fout')).status).toBe(401);
      // sharp (native, external to the bundle) re-encodes a logo in the built server.
      const { token } = (await signedIn.json()) as { token: string };
      const logo = await fetch(`${server.url}/api/auth/logo`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
        body: new Uint8Array(await solidImage(1000, 250, 'png')),
      });
      expect(logo.status, await logo.clone().text()).toBe(200);
      expect(await logo.json()).toMatchObject({ width: 800, height: 200 });
      // Hashed by dist/…/password-child.js, not by the fallback in the server's own process.
      expect(fs.existsSync(path.join(build.dir, 'password-child.js'))).toBe(true);
      expect(server.output()).not.toContain('in het serverproces gehasht');
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('loads neither Playwright, the mail and PDF renderers, the OpenAPI generator nor pg-boss at start-up', () => {
    const atStartUp = startUpPackages(build.dir);
    expect(atStartUp).toContain('fastify');
    // Bundled packages (scripts/build-server.mjs) are no import: their code must not be in a start-up chunk.
    expect(startUpCode(build.dir)).toContain('// node_modules/drizzle-orm/');
    expect(startUpCode(build.dir)).not.toContain('// node_modules/zod-openapi/');
    // Bundled packages run as they ship, as they do in the tests: tRPC's own object-spread helper is
    // there, not a rewrite of it.
    expect(startUpCode(build.dir)).toMatch(
      /ownKeys\(Object\(t\), true\)\.forEach\(function\((r2?)\) \{\s*_defineProperty\(e, \1, t\[\1\]\)/,
    );
    for (const lazy of [
      'playwright-core',
      '@react-email/components',
      '@react-email/render',
      'react-dom/server',
      'nodemailer',
      'zod-openapi',
      // Native image processing, loaded with the first logo upload.
      'sharp',
      // The queue's schema is checked with one query (db/queue.ts); the workers start after listening (jobs/).
      'pg-boss',
    ]) {
      expect(atStartUp).not.toContain(lazy);
    }
    // The database starts booting before the server's modules load: the entry (main.ts) imports only
    // the configuration and the PGlite starter, and the rest with import() after starting it.
    const entryStatic = staticPackages(build.dir, 'server.js');
    expect(entryStatic).not.toContain('fastify');
    expect(fs.readFileSync(path.join(build.dir, 'server.js'), 'utf8')).toMatch(
      /import\("\.\/server-[A-Z0-9]+\.js"\)/,
    );
    // The chunks the mails load with import(): the components are there.
    const chunks = fs.readdirSync(build.dir).filter((f) => f.endsWith('.js') && f !== 'server.js');
    const lazy = chunks.map((f) => fs.readFileSync(path.join(build.dir, f), 'utf8')).join('\n');
    expect(lazy).toContain('from "@react-email/components"');
  });

  it('imports only production dependencies: the built server runs after `npm prune --omit=dev`', () => {
    // What `npm prune --omit=dev` keeps: every package of the lockfile not marked dev-only (the
    // production dependencies and theirs).
    const { packages } = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const kept = (name: string) => {
      const entry = packages[`node_modules/${name}`];
      return entry !== undefined && !entry.dev;
    };
    const files = fs.readdirSync(build.dir).filter((f) => f.endsWith('.js'));
    const imported = new Set<string>();
    for (const file of files) {
      const code = fs.readFileSync(path.join(build.dir, file), 'utf8');
      // Static imports, and dynamic ones (the lazy chunks and packages: import("x")).
      for (const [, a, b, c] of code.matchAll(
        /^import\s(?:[^;]*?from\s*"([^"]+)"|\s*"([^"]+)")|\bimport\("([^"]+)"\)/gms,
      )) {
        const spec = a ?? b ?? c ?? '';
        if (!spec.startsWith('.') && !spec.startsWith('node:')) imported.add(packageName(spec));
      }
    }
    expect(imported.size).toBeGreaterThan(5);
    const builtins = new Set(builtinModules);
    const notProduction = [...imported].filter((name) => !builtins.has(name) && !kept(name));
    expect(notProduction).toEqual([]);
  });
});

/** 'a/b' → 'a', '@s/a/b' → '@s/a'. */
const packageName = (spec: string) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * The packages a start-up loads: those server.js (main.ts), the server's chunk (main.ts imports it
 * once the database is booting) and the app's chunk (server.ts imports it at once, beside the
 * database) import, with the chunks they import statically, and so on.
 */
function startUpPackages(dir: string): string[] {
  return [...startUp(dir).packages];
}

function startUp(dir: string) {
  const imports = staticImports(dir);
  imports.visit('server.js');
  // main.ts imports server.ts once the database is booting; server.ts imports app.ts beside opening it.
  for (const file of fs.readdirSync(dir)) if (/^(app|server)-[A-Z0-9]+\.js$/.test(file)) imports.visit(file);
  return imports;
}

/** The code of the files a start-up loads, with esbuild's `// node_modules/…` notes of what it bundled. */
function startUpCode(dir: string): string {
  return [...startUp(dir).seen].map((file) => fs.readFileSync(path.join(dir, file), 'utf8')).join('\n');
}

/** The packages `file` imports statically, with the chunks it imports statically, and so on. */
function staticPackages(dir: string, file: string): string[] {
  const { packages, visit } = staticImports(dir);
  visit(file);
  return [...packages];
}

function staticImports(dir: string) {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const [, from, bare] of code.matchAll(/^import\s(?:[^;]*?from\s*"([^"]+)"|\s*"([^"]+)")/gms)) {
      const spec = from ?? bare ?? '';
      if (spec.startsWith('./')) visit(spec.slice(2));
      else packages.add(spec);
    }
  };
  return { packages, seen, visit };
}
