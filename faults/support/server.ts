import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

/** The built server the fault tests start (support/global-setup.ts). */
export const faultsServerEntry = (): string => inject('faultsServerEntry');

/**
 * A DATA_DIR of the test's own: a copy of the one the run's first start left, so the server starts
 * as it does on a machine where it has run before. Remove it when done.
 */
export function installedDataDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(inject('faultsDataDir'), dir, { recursive: true });
  return dir;
}
