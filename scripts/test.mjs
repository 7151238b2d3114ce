// `npm test`: the whole suite, as CI runs it.
//   1. type-check, lint, drizzle-kit check
//   2. unit + integration tests on the embedded PGlite
//   3. the integration tests (*.int.test.ts) again, and the Postgres-only ones (*.pg.test.ts), on PostgreSQL (TEST_DATABASE_URL, default the local server)
//   4. Playwright end-to-end tests in Chromium
//   5. the fault tests (vitest.faults.config.ts: the built server when PostgreSQL restarts, Chromium
//      is killed, the mail server stalls, the process is killed or stopped) and `npm audit --omit=dev`
// It ends with one line "N passed, N failed" summing every runner (the audit counts as one test;
// skipped, when the registry does not answer it, it counts as neither and says so).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runAudit } from './audit.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (p) => path.join(root, 'node_modules', p);
const artifacts = path.join(root, 'e2e-artifacts');
fs.mkdirSync(artifacts, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];

function run(label, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (r.status !== 0) failures.push(label);
  return r.status === 0;
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

const only = process.argv[2]; // optional: 'static' | 'unit' | 'pg' | 'e2e' | 'faults'
const want = (step) => !only || only === step;

if (want('static')) {
  run('Typecheck (tsc)', [bin('typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json']);
  run('Lint (biome)', [bin('@biomejs/biome/bin/biome'), 'check', '.']);
  run('Migraties (drizzle-kit check)', [bin('drizzle-kit/bin.cjs'), 'check']);
}

if (want('unit')) {
  const out = path.join(artifacts, 'vitest-pglite.json');
  fs.rmSync(out, { force: true });
  run(
    'Unit- en integratietests op PGlite (vitest)',
    [
      bin('vitest/vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      // Tests that need a real Postgres (two server processes on one database) run in the next pass.
      '--exclude=**/*.pg.test.ts',
    ],
    { TEST_DATABASE_URL: '' },
  );
  countVitest(out);
}

if (want('pg')) {
  const url = await postgresUrl();
  if (!url) {
    failures.push('PostgreSQL niet bereikbaar');
    failed += 1;
  } else {
    const out = path.join(artifacts, 'vitest-postgres.json');
    fs.rmSync(out, { force: true });
    run(
      'Integratietests op PostgreSQL (vitest)',
      [
        bin('vitest/vitest.mjs'),
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${out}`,
        'int.test',
        'pg.test',
      ],
      { TEST_DATABASE_URL: url },
    );
    countVitest(out);
  }
}

if (want('e2e')) {
  const out = path.join(artifacts, 'report.json');
  fs.rmSync(out, { force: true });
  run('End-to-endtests in Chromium (Playwright)', [bin('@playwright/test/cli.js'), 'test']);
  countPlaywright(out);
}

if (want('faults')) {
  const out = path.join(artifacts, 'vitest-faults.json');
  fs.rmSync(out, { force: true });
  run('Storingstests: het gebouwde serverproces als er iets uitvalt (vitest)', [
    bin('vitest/vitest.mjs'),
    'run',
    '--config',
    'vitest.faults.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  countVitest(out);

  console.log('\n▶ npm audit --omit=dev');
  const audit = runAudit(root);
  console.log(audit.message);
  if (audit.outcome === 'passed') passed += 1;
  if (audit.outcome === 'failed') {
    failed += 1;
    failures.push('npm audit');
  }
}

console.log('');
if (failures.length) console.log(`Mislukt: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
