// `npm run dev`: the API server with restart-on-change (tsx watch) and Vite with hot reload for the client.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '3001';
const vitePort = process.env.PORT ?? '3000';
const env = { ...process.env, API_PORT: apiPort, VITE_PORT: vitePort };

const children = [
  spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, PORT: apiPort, APP_URL: process.env.APP_URL ?? `http://localhost:${vitePort}` },
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
