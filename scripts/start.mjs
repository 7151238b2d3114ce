// `npm start`: builds the client and the server when their build is missing, older than its sources
// or made from other installed packages, then runs the built server. One command on a fresh clone, no
// separate build step to remember.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIsStale, dependencyInputs } from './build/staleness.mjs';
import { buildClient, clientDistDir, clientIndex, clientSources } from './build-client.mjs';
import { buildServer, serverDistDir, serverEntry, serverSources } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const clientDir = clientDistDir();
const serverDir = serverDistDir();

// package-lock.json and the installed packages are inputs of both builds: after an `npm ci` with new
// versions the bundled ones must not stay old.
const inputs = dependencyInputs(root);
if (buildIsStale({ builtFile: clientIndex(clientDir), sources: clientSources, outDir: clientDir, inputs })) {
  console.log('Building the client…');
  await buildClient(clientDir, inputs);
}
if (buildIsStale({ builtFile: serverEntry(serverDir), sources: serverSources, outDir: serverDir, inputs })) {
  console.log('Building the server…');
  await buildServer(serverDir, inputs);
  // esbuild's service is a child process that would otherwise live as long as this one, which now
  // becomes the server: a stop would leave it behind for a moment.
  await (await import('esbuild')).stop();
}

// The built server runs in this process, as `node dist/server/main.js` would (its signal handlers,
// its exit codes): one node start instead of two. Its working directory is the project's,
// wherever this was started from, and it serves the client this start-up just checked (app.ts reads
// CLIENT_DIST_DIR).
process.chdir(root);
process.env.CLIENT_DIST_DIR = clientDir;
await import(pathToFileURL(serverEntry(serverDir)).href);
