import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServerForTest, type ServerProcess, startServerProcess } from '../../src/test/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server bundle every fault test starts, built once per run as `npm start` builds it. */
    faultsServerEntry: string;
    /** A DATA_DIR as the built server's first start left it: migrated, its job queues made. */
    faultsDataDir: string;
  }
}

/**
 * Once per run of the fault tests: the server is bundled, then started once on an empty DATA_DIR
 * and stopped. Each test starts from a copy of that folder (support/server.ts), as on a machine
 * where the app has run before; what they test — signals, crashes, a database or mail server that
 * goes away — comes after the start. The first start itself is tested in src/server/server-bundle.test.ts.
 */
export default async function setup(project: TestProject) {
  const build = await buildServerForTest('faults');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-first-start-'));
  const removeAll = () => {
    build.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess({ entry: build.entry, env: { DATA_DIR: dataDir } });
    await server.healthy(120_000);
    const exit = await server.stop();
    if (exit.code !== 0)
      throw new Error(`the first start ended with ${JSON.stringify(exit)}:\n${server.output()}`);
  } catch (err) {
    // A start that never became healthy must not outlive the run.
    await server?.stop('SIGKILL');
    removeAll();
    throw err;
  }
  project.provide('faultsServerEntry', build.entry);
  project.provide('faultsDataDir', dataDir);
  return removeAll;
}
