// `npm run screens`: the Playwright tests with every screenshot gallery in all four sizes × themes
// (E2E_SCREENS=all), where `npm test` shoots two of them. Arguments go to Playwright as they are:
//   npm run screens -- e2e/order-form.spec.ts
// The shots land in e2e-artifacts/screenshots/, under the same names as in `npm test`.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const child = spawn(
  process.execPath,
  [path.join(root, 'node_modules', '@playwright/test/cli.js'), 'test', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, E2E_SCREENS: 'all' } },
);
child.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
