// First-load JavaScript per route, as a browser meets it: opens /login (a visitor) and / (a signed-in
// user, dashboard) in Chromium, collects every JavaScript response until the network is idle and sums
// their gzip -9 sizes. The server must run already (with the outbox: the account is verified through it).
//
//   node scripts/build/first-load-js.mjs http://127.0.0.1:4310

import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
};

async function registerVerified(base) {
  const email = `first-load-${Date.now().toString(36)}@voorbeeld.nl`;
  const password = 'Welkom123!';
  const post = (p, body) =>
    fetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const reg = await post('/api/auth/register', {
    name: 'Eva Meting',
    email,
    password,
    company: 'Meetbedrijf BV',
  });
  if (!reg.ok) throw new Error(`registreren: ${reg.status} ${await reg.text()}`);
  for (let i = 0; i < 100; i++) {
    const mails = await (await fetch(`${base}/dev/mail.json?to=${encodeURIComponent(email)}`)).json();
    const link = mails.flatMap((m) => m.links).find((l) => l.includes('/verify-email/'));
    if (link) {
      const token = new URL(link).pathname.split('/verify-email/')[1];
      const v = await fetch(`${base}/api/auth/verify-email/${token}`);
      if (!v.ok) throw new Error(`verifiëren: ${v.status}`);
      return { email, password };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('geen verificatiemail');
}

/** Opens `path` in a fresh page of `context`; the JS files it loaded with their gzip -9 sizes. */
async function jsOf(context, base, path) {
  const page = await context.newPage();
  const bodies = [];
  page.on('response', (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (res.request().resourceType() === 'script' || type.includes('javascript'))
      bodies.push(
        res.body().then((b) => ({ url: res.url(), raw: b.length, gzip: gzipSync(b, { level: 9 }).length })),
      );
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  const files = await Promise.all(bodies);
  const url = page.url();
  await page.close();
  return { path, landedOn: new URL(url).pathname, files, gzip: files.reduce((s, f) => s + f.gzip, 0) };
}

export async function measureFirstLoadJs(base) {
  const user = await registerVerified(base);
  const browser = await chromium.launch(launchOptions);
  try {
    const visitor = await browser.newContext();
    const login = await jsOf(visitor, base, '/login');
    const member = await browser.newContext();
    const res = await member.request.post(`${base}/api/auth/login`, {
      data: { email: user.email, password: user.password, rememberMe: true },
    });
    if (!res.ok()) throw new Error(`inloggen: ${res.status()}`);
    const dashboard = await jsOf(member, base, '/');
    return [login, dashboard];
  } finally {
    await browser.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const base = process.argv[2] ?? 'http://127.0.0.1:4310';
  for (const r of await measureFirstLoadJs(base)) {
    console.log(
      `${r.path} (landed on ${r.landedOn}): ${(r.gzip / 1024).toFixed(1)} KB gzip in ${r.files.length} files`,
    );
    if (process.env.VERBOSE)
      for (const f of r.files.sort((a, b) => b.gzip - a.gzip))
        console.log(`  ${(f.gzip / 1024).toFixed(1).padStart(6)} KB  ${new URL(f.url).pathname}`);
  }
}
