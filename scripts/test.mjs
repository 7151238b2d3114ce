// `npm test`: the whole suite, as CI runs it, in two lanes that run side by side:
//   lane 1: type-check, lint, drizzle-kit check; unit + integration tests on the embedded PGlite; the
//           integration tests (*.int.test.ts) again, and the Postgres-only ones (*.pg.test.ts), on
//           PostgreSQL (TEST_DATABASE_URL, default the local server)
//   lane 2: Playwright end-to-end tests in Chromium; the fault tests (vitest.faults.config.ts: the built
//           server when PostgreSQL restarts, Chromium is killed, the mail server stalls, the process is
//           killed or stopped); then `npm audit --omit=dev`
// The end-to-end tests spend most of their time waiting on a browser and a server, which leaves a core
// free for the other lane. Each step's output is printed whole when it ends, under its name and time.
// It ends with one line "N passed, N failed" summing every runner (the audit counts as one test;
// skipped, when the registry does not answer it, it counts as neither and says so).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runAudit } from './audit.mjs';
import { PGLITE_PASS_EXCLUDE } from './test-passes.mjs';
import { rerunWithoutSysNice } from './without-sys-nice.mjs';

const rerun = await rerunWithoutSysNice();
if (rerun !== null) process.exit(rerun);

const root = path.resolve(import.meta.dirname, '..');
const bin = (p) => path.join(root, 'node_modules', p);
const artifacts = path.join(root, 'e2e-artifacts');
fs.mkdirSync(artifacts, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];

const only = process.argv[2]; // optional: 'static' | 'unit' | 'pg' | 'e2e' | 'faults'
const want = (step) => !only || only === step;
// One part alone writes straight to the terminal; the whole suite collects each step's output.
const live = Boolean(only);

const seconds = (since) => Math.round((performance.now() - since) / 1000);

/** Runs one step; its output goes to the terminal (one part alone) or is printed whole at its end. */
function run(label, args, env = {}) {
  const started = performance.now();
  if (live) console.log(`\n▶ ${label}`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      if (!ok) failures.push(label);
      if (!live) {
        console.log(`\n▶ ${label} (${seconds(started)} s${ok ? '' : `, ${signal ?? `exit ${code}`}`})`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(ok);
    });
  });
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  failed += (stats?.unexpected ?? 0) + (stats?.skipped ?? 0);
}

async function postgresUrl() {
  // The same default as src/test/postgres.ts, which `npm run test:unit` uses for *.pg.test.ts.
  const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await sql`select 1`;
    return url;
  } catch (err) {
    console.error(
      `\nPostgreSQL is niet bereikbaar op ${url.replace(/:[^:@/]*@/, ':***@')} (${err.message}).\n` +
        'Start PostgreSQL (zie README) of zet TEST_DATABASE_URL op een server waar een database aangemaakt mag worden.',
    );
    return null;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

async function staticChecks() {
  if (!want('static')) return;
  // TypeScript 7's own compiler checks the same rules at a fraction of 5.9's CPU; 5.9 stays for its
  // JavaScript API (the source-scanning tests, dependency-cruiser). One checker: the other lane has
  // the second core.
  await run('Typecheck (tsc)', [
    bin('typescript-7/bin/tsc'),
    '--noEmit',
    '-p',
    'tsconfig.json',
    '--checkers',
    '1',
  ]);
  await run('Lint (biome)', [bin('@biomejs/biome/bin/biome'), 'check', '.']);
  await run('Migraties (drizzle-kit check)', [bin('drizzle-kit/bin.cjs'), 'check']);
}

/** A Vitest run with its JSON report in e2e-artifacts/, counted into the totals. */
async function vitest(label, report, args, env) {
  const out = path.join(artifacts, report);
  fs.rmSync(out, { force: true });
  await run(
    label,
    [
      bin('vitest/vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      ...args,
    ],
    env,
  );
  countVitest(out);
}

async function unitOnPglite() {
  if (!want('unit')) return;
  await vitest(
    'Unit- en integratietests op PGlite (vitest)',
    'vitest-pglite.json',
    [],
    // Tests that need a real Postgres (two server processes on one database) run in the next pass.
    { TEST_DATABASE_URL: '', TEST_EXCLUDE: PGLITE_PASS_EXCLUDE },
  );
}

async function integrationOnPostgres() {
  if (!want('pg')) return;
  const url = await postgresUrl();
  if (!url) {
    failures.push('PostgreSQL niet bereikbaar');
    failed += 1;
    return;
  }
  await vitest('Integratietests op PostgreSQL (vitest)', 'vitest-postgres.json', ['int.test', 'pg.test'], {
    TEST_DATABASE_URL: url,
  });
}

async function endToEnd() {
  if (!want('e2e')) return;
  const out = path.join(artifacts, 'report.json');
  fs.rmSync(out, { force: true });
  await run('End-to-endtests in Chromium (Playwright)', [bin('@playwright/test/cli.js'), 'test']);
  countPlaywright(out);
}

async function faults() {
  if (!want('faults')) return;
  await vitest(
    'Storingstests: het gebouwde serverproces als er iets uitvalt (vitest)',
    'vitest-faults.json',
    ['--config', 'vitest.faults.config.ts'],
  );
}

/** `npm audit`: synchronous, so it runs after both lanes rather than stalling the other lane's output. */
function audit() {
  if (!want('faults')) return;
  console.log('\n▶ npm audit --omit=dev');
  const result = runAudit(root);
  console.log(result.message);
  if (result.outcome === 'passed') passed += 1;
  if (result.outcome === 'failed') {
    failed += 1;
    failures.push('npm audit');
  }
}

const started = performance.now();
await Promise.all([
  (async () => {
    await staticChecks();
    await unitOnPglite();
    await integrationOnPostgres();
  })(),
  (async () => {
    await endToEnd();
    await faults();
  })(),
]);
audit();

console.log('');
if (!live) console.log(`npm test: ${seconds(started)} s`);
if (failures.length) console.log(`Mislukt: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
