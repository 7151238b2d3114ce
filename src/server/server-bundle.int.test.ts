import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, root, serverEntry } from '../../scripts/build-server.mjs';
import { openTestDatabase, type TestDatabase } from '../test/db';
import { STRONG_PASSWORD, uniqueEmail } from '../test/helpers';

/**
 * The server as `npm start` runs it: bundled by scripts/build-server.mjs, started with plain node.
 * Built one folder deeper than dist/server on purpose: files beside the sources (drizzle/ for the
 * migrations) must be found from wherever the bundle lives, not by counting '../'.
 */
const outDir = path.join(root, 'dist', 'test-builds', `server-${process.pid}-${Date.now()}`);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

async function healthOf(port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return res.json();
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no health within 60 s:\n${output()}`);
}

describe('the built server', () => {
  let database: TestDatabase | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    await buildServer(outDir);
    // On the Postgres pass a database of its own; else the embedded PGlite in a fresh folder.
    if (process.env.TEST_DATABASE_URL) database = await openTestDatabase();
    else dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-bundle-'));
  }, 120_000);

  afterAll(async () => {
    fs.rmSync(outDir, { recursive: true, force: true });
    try {
      fs.rmdirSync(path.dirname(outDir)); // once empty; another run may still be using it
    } catch {}
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.close();
  });

  it('starts with plain node, migrates, answers /api/health and signs a user in (argon2 in the bundled child)', async () => {
    const port = await freePort();
    let output = '';
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    if (database) env.DATABASE_URL = databaseUrlOf(database.name);
    else env.DATA_DIR = dataDir;
    // Started from elsewhere: nothing may depend on the working directory.
    const child = spawn(process.execPath, [serverEntry(outDir)], {
      cwd: os.tmpdir(),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    try {
      expect(await healthOf(port, child, () => output)).toEqual({ status: 'ok' });
      const email = await registerAndVerify(`http://127.0.0.1:${port}`);
      const login = (password: string) =>
        post(`http://127.0.0.1:${port}/api/auth/login`, { email, password, rememberMe: false });
      expect((await login(STRONG_PASSWORD)).status).toBe(200);
      expect((await login('Fout123!fout')).status).toBe(401);
      // Hashed by dist/…/password-child.js, not by the fallback in the server's own process.
      expect(fs.existsSync(path.join(outDir, 'password-child.js'))).toBe(true);
      expect(output).not.toContain('in het serverproces gehasht');
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }, 120_000);

  it('loads neither Playwright, the mail and PDF renderers nor the OpenAPI generator at start-up', () => {
    const atStartUp = startUpPackages(outDir);
    expect(atStartUp).toContain('fastify');
    for (const lazy of [
      'playwright-core',
      '@react-email/components',
      '@react-email/render',
      'react-dom/server',
      'nodemailer',
      'zod-openapi',
    ]) {
      expect(atStartUp).not.toContain(lazy);
    }
    // The chunks the mails load with import(): the components are there.
    const chunks = fs.readdirSync(outDir).filter((f) => f.endsWith('.js') && f !== 'server.js');
    const lazy = chunks.map((f) => fs.readFileSync(path.join(outDir, f), 'utf8')).join('\n');
    expect(lazy).toContain('from "@react-email/components"');
  });
});

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Registers (hashing the password), then follows the verification link from the outbox. */
async function registerAndVerify(base: string): Promise<string> {
  const email = uniqueEmail('bundel');
  const reg = await post(`${base}/api/auth/register`, {
    name: 'Jan Jansen',
    email,
    password: STRONG_PASSWORD,
    company: 'Jansen BV',
    profileCompleted: false,
  });
  expect(reg.status).toBe(200);
  const deadline = Date.now() + 10_000;
  let link: string | undefined;
  while (!link && Date.now() < deadline) {
    const mails = (await (await fetch(`${base}/dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as {
      links: string[];
    }[];
    link = mails.flatMap((m) => m.links).find((l) => l.includes('/verify-email/'));
    if (!link) await new Promise((r) => setTimeout(r, 50));
  }
  if (!link) throw new Error(`no verification mail for ${email}`);
  const token = link.slice(link.lastIndexOf('/') + 1);
  expect((await fetch(`${base}/api/auth/verify-email/${token}`)).status).toBe(200);
  return email;
}

/**
 * The packages a start-up loads: those server.js and the app's chunk (server.ts imports it at once,
 * beside the database) import, with the chunks they import statically, and so on.
 */
function startUpPackages(dir: string): string[] {
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
  visit('server.js');
  for (const file of fs.readdirSync(dir)) if (/^app-[A-Z0-9]+\.js$/.test(file)) visit(file);
  return [...packages];
}

function databaseUrlOf(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}
