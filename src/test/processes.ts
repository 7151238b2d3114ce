import fs from 'node:fs';

/**
 * The process tree as Linux shows it in /proc, for tests that must find (and kill) a process a
 * server started: its Chromium, its password-hashing child.
 */

/**
 * `command`: the command line as one text. Chromium rewrites its own (one string with spaces, not
 * one argument each), so match on the text, not on the arguments.
 */
export type ProcessInfo = { pid: number; ppid: number; command: string };

function readProcess(pid: number): ProcessInfo | null {
  try {
    // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so read after the last ')'.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return { pid, ppid, command };
  } catch {
    return null; // gone meanwhile
  }
}

/** Every process below `pid` (children, their children, …). */
export function descendantsOf(pid: number): ProcessInfo[] {
  const all = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProcess(Number(name)))
    .filter((p): p is ProcessInfo => p !== null);
  const found: ProcessInfo[] = [];
  const parents = new Set([pid]);
  // Parents come before their children in no particular order: repeat until nothing is added.
  for (let added = true; added; ) {
    added = false;
    for (const p of all) {
      if (parents.has(p.ppid) && !parents.has(p.pid)) {
        parents.add(p.pid);
        found.push(p);
        added = true;
      }
    }
  }
  return found;
}

/**
 * The Chromium browser process a server launched for its PDFs: the Chromium below it that is not one
 * of the browser's own helpers (renderer, GPU, zygote…, which carry `--type=`).
 */
export function chromiumBrowserOf(serverPid: number): ProcessInfo | undefined {
  return descendantsOf(serverPid).find(
    (p) => /^\S*chrom/i.test(p.command) && !p.command.includes(' --type='),
  );
}

/** The renderer processes of a Chromium browser: where its pages are laid out and printed. */
export function chromiumRenderersOf(browserPid: number): ProcessInfo[] {
  return descendantsOf(browserPid).filter((p) => p.command.includes(' --type=renderer'));
}

/** Whether `pid` still runs (a zombie has exited; only its parent has not collected it yet). */
export function isAlive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** CPU time `pid` has used so far, in clock ticks (user + system); 0 once it is gone. */
export function cpuTicks(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the comm: state is field 3, utime 14 and stime 15 (proc(5)), here at 11 and 12.
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/**
 * Kills `p` with SIGKILL if it still runs — and is still that process: its id may have been given to
 * another one since, which is then left alone.
 */
export function killIfStillRunning(p: ProcessInfo): void {
  if (isAlive(p.pid) && readProcess(p.pid)?.command === p.command) process.kill(p.pid, 'SIGKILL');
}
