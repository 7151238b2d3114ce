// `npm start` as a user runs it, on the node first on PATH: a fresh data folder, a free port, no other
// configuration. Passes when /api/health answers {"status":"ok"} and SIGTERM then ends it with exit 0.
//
//   node .ci/start-smoke.mjs
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '..');
const HEALTHY_WITHIN_MS = 300_000; // a first start builds the client and the server
const STOPPED_WITHIN_MS = 15_000;

const port = await new Promise((resolve, reject) => {
  const probe = net.createServer();
  probe.once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkooporders-start-'));
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
for (const name of ['DATABASE_URL', 'SMTP_URL', 'APP_URL', 'HOST', 'NODE_ENV']) delete env[name];

console.log(`npm start op node ${process.version}, poort ${port}, DATA_DIR ${dataDir}`);
const child = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
let ended = null;
exited.then((exit) => {
  ended = exit;
});

async function health() {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return { status: res.status, body: await res.text() };
  } catch {
    return null;
  }
}

function fail(message) {
  console.error(`start-smoke: ${message}`);
  if (!ended) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}

const deadline = Date.now() + HEALTHY_WITHIN_MS;
let answer = null;
while (!ended && Date.now() < deadline) {
  answer = await health();
  if (answer?.status === 200) break;
  await delay(250);
}
if (ended) fail(`npm start stopped before it was healthy (${JSON.stringify(ended)})`);
if (answer?.status !== 200) fail(`/api/health did not answer 200 within ${HEALTHY_WITHIN_MS / 1000} s`);
if (JSON.parse(answer.body).status !== 'ok') fail(`/api/health answered ${answer.body}`);
console.log(`/api/health: ${answer.body}`);

child.kill('SIGTERM');
const exit = await Promise.race([exited, delay(STOPPED_WITHIN_MS, null)]);
if (!exit) fail(`still running ${STOPPED_WITHIN_MS / 1000} s after SIGTERM`);
if (exit.code !== 0) fail(`SIGTERM ended npm start with ${JSON.stringify(exit)}, expected exit code 0`);
fs.rmSync(dataDir, { recursive: true, force: true });
console.log('npm start: gezond, en na SIGTERM gestopt met exit code 0');
