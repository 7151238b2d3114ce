// `npm start`: builds the client and the server when their build is missing or older than its
// sources, then runs the built server. One command on a fresh clone, no separate build step to remember.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { needsBuild } from './build/staleness.mjs';
import { buildClient, clientDistDir, clientIndex, clientSources } from './build-client.mjs';
import { buildServer, serverDistDir, serverEntry, serverSources } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const clientDir = clientDistDir();
const serverDir = serverDistDir();

if (needsBuild(clientIndex(clientDir), clientSources)) {
  console.log('De client wordt gebouwd…');
  await buildClient(clientDir);
}
if (needsBuild(serverEntry(serverDir), serverSources)) {
  console.log('De server wordt gebouwd…');
  await buildServer(serverDir);
}

const server = spawn(process.execPath, [serverEntry(serverDir)], {
  cwd: root,
  stdio: 'inherit',
  // The server serves the client this start-up just checked (app.ts reads CLIENT_DIST_DIR).
  env: { ...process.env, CLIENT_DIST_DIR: clientDir },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
