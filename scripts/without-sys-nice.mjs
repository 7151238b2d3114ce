// Chromium raises its display and IO threads to nice -8 when it may, and a process run as root may
// (it holds CAP_SYS_NICE). Then every browser of the end-to-end lane, and the printer's, outranks the
// test runners, the server under test and PostgreSQL, and on two cores the other lane all but stops.
// Without that capability Chromium's request fails quietly and its threads stay at the priority
// they were started with, like everything else the suite runs.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CAP_SYS_NICE = 23n;

function holdsSysNice() {
  try {
    const status = fs.readFileSync('/proc/self/status', 'utf8');
    const effective = /^CapEff:\s*([0-9a-f]+)$/m.exec(status)?.[1];
    return effective ? ((BigInt(`0x${effective}`) >> CAP_SYS_NICE) & 1n) === 1n : false;
  } catch {
    return false; // not Linux: nothing to drop
  }
}

const setprivWorks = () => spawnSync('setpriv', ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * Runs this same script again without CAP_SYS_NICE when it holds it and `setpriv` (util-linux) is
 * there, and resolves to that run's exit code; resolves to null when there is nothing to drop.
 */
export function rerunWithoutSysNice() {
  if (!holdsSysNice() || !setprivWorks()) return Promise.resolve(null);
  const child = spawn(
    'setpriv',
    ['--bounding-set', '-sys_nice', '--', process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    { stdio: 'inherit' },
  );
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}
