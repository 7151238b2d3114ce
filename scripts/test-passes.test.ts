import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PGLITE_PASS_EXCLUDE } from './test-passes.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** The test files a Vitest run would take, with `env` added to this process's environment. */
function filesOfRun(env: Record<string, string>): string[] {
  const out = execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vitest/vitest.mjs'), 'list', '--filesOnly', '--json'],
    { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  return (JSON.parse(out) as { file: string }[]).map((entry) => path.relative(root, entry.file));
}

describe("npm test's PGlite pass", () => {
  it('leaves out the Postgres-only tests, in both projects, and nothing else', () => {
    const all = filesOfRun({ TEST_EXCLUDE: '' });
    const pglitePass = filesOfRun({ TEST_EXCLUDE: PGLITE_PASS_EXCLUDE });
    const postgresOnly = all.filter((file) => file.endsWith('.pg.test.ts'));
    expect(postgresOnly.length).toBeGreaterThan(0);
    expect([...pglitePass].sort()).toEqual(all.filter((file) => !postgresOnly.includes(file)).sort());
  }, 60_000);
});
