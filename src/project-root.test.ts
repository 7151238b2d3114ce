import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from './project-root';

describe('projectRoot', () => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'project-root-')));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds the package.json above a module at any depth (src/db, dist/server, a deeper test build)', () => {
    fs.writeFileSync(path.join(dir, 'package.json'), '{}');
    for (const file of ['src/db/client.ts', 'dist/server/server.js', 'dist/test-builds/x/server.js']) {
      expect(projectRoot(pathToFileURL(path.join(dir, file)).href)).toBe(dir);
    }
  });

  it('is this project for its own modules', () => {
    expect(fs.existsSync(path.join(projectRoot(import.meta.url), 'drizzle'))).toBe(true);
  });
});
