import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropPostgresTemplate, POSTGRES_TEMPLATE_PREFIX, type PostgresTemplate } from './template-databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder for this run of vitest, shared by its test processes (template-databases.ts). */
    testRunDir: string;
  }
}

/**
 * Once per vitest run, before any test file: a folder the test processes share. The template
 * databases are made in it when a test file first asks for one (so a run of unit tests alone makes
 * none); at the end the folder goes, and so do the PostgreSQL templates it lists.
 */
export default function setup(project: TestProject) {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkoop-test-run-'));
  project.provide('testRunDir', runDir);
  return async () => {
    const templates = fs
      .readdirSync(runDir)
      .filter((name) => name.startsWith(POSTGRES_TEMPLATE_PREFIX) && name.endsWith('.json'))
      .map((name) => JSON.parse(fs.readFileSync(path.join(runDir, name), 'utf8')) as PostgresTemplate);
    const names = new Set<string>();
    for (const template of templates) {
      if (names.has(template.name)) continue;
      names.add(template.name);
      await dropPostgresTemplate(template);
    }
    fs.rmSync(runDir, { recursive: true, force: true });
  };
}
