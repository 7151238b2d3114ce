import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * What the browser must load before the first screen: main.tsx and all it imports statically (the
 * screens come later, with import()). zod is for the forms, which load with their screens; pulled into
 * the shell through one small shared module, it made every first visit download it. And what a
 * visitor's first screen, /login, loads with it.
 */
const root = path.resolve(import.meta.dirname, '../..');
const HEAVY_FOR_LATER = ['zod'];
const LOGIN = 'src/client/pages/auth/login-page.tsx';

type StaticImports = { files: string[]; packages: string[] };

/** What `entry` loads with it: the files and packages along its static imports. */
let importsOf: (entry: string) => StaticImports;

beforeAll(async () => {
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const result = await cruise(
      ['src/client/main.tsx', LOGIN],
      {
        doNotFollow: { path: 'node_modules' },
        // What the compiled code imports: `import type` is gone by then, import() is not loaded yet.
        tsPreCompilationDeps: false,
      },
      undefined,
      { tsConfig: extractTSConfig(path.join(root, 'tsconfig.json')) },
    );
    if (typeof result.output === 'string') throw new Error('dependency-cruiser answered text, not a result');
    const bySource = new Map(result.output.modules.map((m) => [m.source, m]));
    // From the entry along the static imports only.
    importsOf = (entry) => {
      const seen = new Set<string>([entry]);
      const found = new Set<string>();
      const queue = [entry];
      for (let source = queue.pop(); source !== undefined; source = queue.pop()) {
        for (const dep of bySource.get(source)?.dependencies ?? []) {
          if (dep.dynamic || dep.dependencyTypes.includes('type-only')) continue;
          if (dep.resolved.includes('node_modules')) found.add(dep.module);
          else if (!seen.has(dep.resolved)) {
            seen.add(dep.resolved);
            queue.push(dep.resolved);
          }
        }
      }
      return { files: [...seen], packages: [...found] };
    };
  } finally {
    process.chdir(cwd);
  }
}, 120_000);

describe('the shell of the client: main.tsx and its static imports', () => {
  let shell: string[];
  let packages: string[];
  beforeAll(() => {
    ({ files: shell, packages } = importsOf('src/client/main.tsx'));
  });

  it('is the app frame without its screens (so the check below reads the right set)', () => {
    expect(shell).toContain('src/client/app.tsx');
    expect(shell).toContain('src/client/routes.tsx');
    expect(packages).toContain('react-dom/client');
    // A screen that routes.tsx loads with import() is not part of it.
    expect(shell).not.toContain('src/client/pages/auth/login-page.tsx');
  });

  it.each(HEAVY_FOR_LATER)('does not import %s', (name) => {
    expect(packages.filter((p) => p === name || p.startsWith(`${name}/`))).toEqual([]);
  });
});

describe('the login screen and its static imports', () => {
  it('leaves out the second step of two-step sign-in and its schemas, which only some accounts need', () => {
    const { files } = importsOf(LOGIN);
    expect(files).toContain('src/client/pages/auth/auth-layout.tsx');
    expect(files).toContain('src/shared/schemas/login-form.ts');
    expect(files).not.toContain('src/client/pages/auth/two-factor-step.tsx');
    // Beveiliging imports them too: shared by two screens they are a file of their own, which /login
    // would then load on its first visit as well.
    expect(files).not.toContain('src/shared/schemas/login.ts');
  });

  it('leaves out the euro amount field and the money rules, which only the forms need', () => {
    for (const entry of [LOGIN, 'src/client/main.tsx']) {
      const { files } = importsOf(entry);
      expect(files, entry).not.toContain('src/client/components/euro-field.tsx');
      expect(files, entry).not.toContain('src/shared/money.ts');
    }
  });
});

describe('the lists a signed-in user opens first: the dashboard and the orders list', () => {
  // They show orders, not forms: the approval's states and words reach them from approval-states.ts,
  // not from the schemas of the approval calls, which would bring zod along.
  it.each(['src/client/pages/dashboard/dashboard-page.tsx', 'src/client/pages/orders/orders-page.tsx'])(
    '%s loads no zod with it',
    (entry) => {
      const { files, packages } = importsOf(entry);
      expect(files).toContain('src/shared/approval-states.ts');
      expect(packages.filter((p) => p === 'zod' || p.startsWith('zod/'))).toEqual([]);
    },
  );
});
