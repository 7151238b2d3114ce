// Builds the React client with Vite into a fresh folder and renames it into place, so a server (or
// a parallel test run) never serves half a build. vite.config.ts also writes the .br/.gz copies.
//
//   node scripts/build-client.mjs [outDir]    (default: CLIENT_DIST_DIR or dist/client)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { replaceDir, tempDirBeside } from './build/atomic-dir.mjs';
import { dependencyInputs, writeBuildInputs } from './build/staleness.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** Where the built client goes; CLIENT_DIST_DIR lets parallel test runs each build and serve their own. */
export const clientDistDir = () => path.resolve(root, process.env.CLIENT_DIST_DIR ?? 'dist/client');

/** A change in any of these makes `npm start` build the client again. */
export const clientSources = [
  'src/client',
  'src/shared',
  'vite.config.ts',
  'scripts/build/compress-assets.mjs',
].map((p) => path.join(root, p));

/** The file whose mtime is the build's (written last by Vite). */
export const clientIndex = (outDir) => path.join(outDir, 'index.html');

/** `inputs`: the installed packages the build is made from (staleness.mjs), recorded beside it. */
export function buildClient(outDir = clientDistDir(), inputs = dependencyInputs(root)) {
  const tmp = tempDirBeside(outDir);
  const r = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      tmp,
      '--emptyOutDir',
    ],
    // Always a production bundle, whatever NODE_ENV the server runs under (tests use NODE_ENV=test).
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (r.status !== 0) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw new Error(`vite build mislukt (exit ${r.status})`);
  }
  replaceDir(tmp, outDir);
  writeBuildInputs(outDir, inputs);
  return outDir;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildClient(process.argv[2] ? path.resolve(process.argv[2]) : clientDistDir());
}
