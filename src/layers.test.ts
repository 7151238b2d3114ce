import path from 'node:path';
import { cruise, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md's arrows, as the rules of .dependency-cruiser.cjs: no import cycles in the server,
 * the client, the shared code and the database layer; no service (nor the database layer) importing a router,
 * an HTTP module or the app wiring; a service reaching the jobs only to enqueue.
 */
const root = path.resolve(import.meta.dirname, '..');
const RULES = [
  'no-cycles',
  'services-point-down',
  'services-enqueue-only',
  'db-below-server',
  'shared-stands-alone',
];

const describeViolation = (v: IViolation) =>
  v.cycle?.length ? [v.from, ...v.cycle.map((step) => step.name)].join(' → ') : `${v.from} → ${v.to}`;

describe('the layers of src (dependency-cruiser)', () => {
  let violations: IViolation[];
  let cruised: number;
  let configured: string[];
  beforeAll(async () => {
    const cwd = process.cwd();
    // dependency-cruiser reads paths relative to the working directory: the project's root.
    process.chdir(root);
    try {
      const options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.cjs'));
      configured = (options.ruleSet?.forbidden ?? []).map((rule) => rule.name ?? '');
      const result = await cruise(['src'], { ...options, validate: true }, undefined, {
        tsConfig: extractTSConfig(path.join(root, 'tsconfig.json')),
      });
      if (typeof result.output === 'string')
        throw new Error('dependency-cruiser answered text, not a result');
      violations = result.output.summary.violations;
      cruised = result.output.summary.totalCruised;
    } finally {
      process.chdir(cwd);
    }
  }, 120_000);

  it('reads the whole source tree (a rule that sees no files proves nothing)', () => {
    expect(cruised).toBeGreaterThan(500);
  });

  it.each(RULES)('breaks no rule %s', (rule) => {
    expect(violations.filter((v) => v.rule.name === rule).map(describeViolation)).toEqual([]);
  });

  it('checks every rule of the configuration', () => {
    expect(configured).toEqual(RULES);
  });
});
