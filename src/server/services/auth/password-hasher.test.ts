import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  childEntry,
  createPasswordHasher,
  type PasswordHasher,
  PasswordHashingError,
} from './password-hasher';
import { HASHING_NICE } from './password-protocol';

const hashers: PasswordHasher[] = [];
const hasher = (opts?: Parameters<typeof createPasswordHasher>[0]) => {
  const h = createPasswordHasher(opts);
  hashers.push(h);
  return h;
};
afterEach(async () => {
  await Promise.all(hashers.splice(0).map((h) => h.close()));
});

const exited = (pid: number) => {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
};

/** Every thread's nice value (field 19 of /proc/<pid>/task/<tid>/stat): on Linux a thread has its own. */
const threadNices = (pid: number) =>
  fs.readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });

/** A stand-in child that says it is ready and dies on every request. */
function dyingChild(): { file: string; execArgv: string[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dying-child-'));
  const file = path.join(dir, 'child.mjs');
  fs.writeFileSync(file, "process.send({ type: 'ready' });\nprocess.on('message', () => process.exit(3));\n");
  return { file, execArgv: [] };
}

describe('the password-hashing child', () => {
  it('hashes and verifies in a child process: the right password true, a wrong one false', async () => {
    const h = hasher();
    const hash = await h.hash('Geheim123');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(h.pid).toBeTypeOf('number');
    expect(h.pid).not.toBe(process.pid);
    expect(await h.verify(hash, 'Geheim123')).toBe(true);
    expect(await h.verify(hash, 'geheim123')).toBe(false);
  });

  it('a hash argon2 cannot read is an error from the child, and the child keeps serving', async () => {
    const h = hasher();
    await expect(h.verify('geen-hash', 'x')).rejects.toThrow();
    expect(await h.verify(await h.hash('x'), 'x')).toBe(true);
  });

  it('runs at the lowest priority, every thread of it, so the server and Postgres go first', async () => {
    const h = hasher();
    await h.hash('x'); // argon2's thread pool exists by now
    const pid = h.pid!;
    expect(os.getPriority(pid)).toBe(HASHING_NICE);
    if (process.platform === 'linux') expect(new Set(threadNices(pid))).toEqual(new Set([HASHING_NICE]));
  });

  it('a child killed mid-request: the request is sent again to a new child and answered', async () => {
    const h = hasher();
    const hash = await h.hash('Geheim123');
    const first = h.pid!;
    const check = h.verify(hash, 'Geheim123');
    process.kill(first, 'SIGKILL');
    expect(await check).toBe(true);
    expect(h.pid).not.toBe(first);
  });

  it('a child that dies again with the same request: rejected with PasswordHashingError, not hung', async () => {
    const h = hasher({ entry: dyingChild() });
    await expect(h.hash('x')).rejects.toBeInstanceOf(PasswordHashingError);
    await expect(h.verify('y', 'x')).rejects.toBeInstanceOf(PasswordHashingError);
  });

  it('when no child can be started, hashes in this process and warns once', async () => {
    const warnings: string[] = [];
    const h = hasher({
      entry: { file: path.join(os.tmpdir(), 'bestaat-niet', 'password-child.js'), execArgv: [] },
      warn: (m) => warnings.push(m),
    });
    const hash = await h.hash('Geheim123');
    expect(await h.verify(hash, 'Geheim123')).toBe(true);
    expect(await h.verify(hash, 'fout')).toBe(false);
    expect(h.pid).toBeUndefined();
    expect(warnings).toHaveLength(1);
  });

  it('a child that exits before it is ready: the request is answered in this process, with one warning', async () => {
    const warnings: string[] = [];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broken-child-'));
    const file = path.join(dir, 'child.mjs');
    fs.writeFileSync(file, 'process.exit(1);\n');
    const h = hasher({ entry: { file, execArgv: [] }, warn: (m) => warnings.push(m) });
    expect(await h.verify(await h.hash('x'), 'x')).toBe(true);
    expect(warnings).toHaveLength(1);
  });

  it('close stops the child; the next request starts a new one', async () => {
    const h = hasher();
    await h.hash('x');
    const first = h.pid!;
    await h.close();
    expect(exited(first)).toBe(true);
    expect(h.pid).toBeUndefined();
    await h.hash('x');
    expect(h.pid).not.toBe(first);
  });

  it('close waits for the requests the child has', async () => {
    const h = hasher();
    const hashing = h.hash('x');
    await h.close();
    expect(await hashing).toMatch(/^\$argon2id\$/);
  });

  it('finds the child beside the module: the .ts through tsx from source, the .js from the bundle', () => {
    const fromSource = childEntry('file:///app/src/server/services/auth/password-hasher.ts');
    expect(fromSource.file).toBe(path.normalize('/app/src/server/services/auth/password-child.ts'));
    expect(fromSource.execArgv[0]).toBe('--import');
    expect(fromSource.execArgv[1]).toMatch(/^file:.*tsx/);
    expect(childEntry('file:///app/dist/server/chunk-ABC.js')).toEqual({
      file: path.normalize('/app/dist/server/password-child.js'),
      execArgv: [],
    });
    expect(fs.existsSync(childEntry().file)).toBe(true);
  });
});
