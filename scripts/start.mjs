// `npm start`: builds the client when dist/ is missing or older than its sources, then runs the server.
// One command on a fresh clone, no separate build step to remember.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// CLIENT_DIST_DIR (default dist/client) lets parallel test runs each build and serve their own copy.
const distDir = path.resolve(root, process.env.CLIENT_DIST_DIR ?? 'dist/client');
const builtIndex = path.join(distDir, 'index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = ['src/client', 'src/shared'].map((d) => path.join(root, d));
const stale =
  !fs.existsSync(builtIndex) ||
  Math.max(...sources.map(newestMtime), fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs) >
    fs.statSync(builtIndex).mtimeMs;

if (stale) {
  console.log('De client wordt gebouwd…');
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', distDir],
    // Always a production bundle, whatever NODE_ENV the server runs under (tests use NODE_ENV=test).
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
