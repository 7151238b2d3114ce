import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { projectRoot } from '../project-root';

const root = projectRoot(import.meta.url);

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git', 'e2e-artifacts']);

/**
 * The files under `folders` (relative to the root) whose name ends in one of `extensions`, as
 * root-relative paths with forward slashes, sorted; a folder may also be a single file.
 */
export function projectFiles(folders: string[], extensions: string[]): string[] {
  const found: string[] = [];
  const visit = (relative: string) => {
    const full = path.join(root, relative);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isFile()) {
      if (extensions.some((ext) => relative.endsWith(ext))) found.push(relative.split(path.sep).join('/'));
      return;
    }
    for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
      if (SKIPPED_FOLDERS.has(entry.name)) continue;
      visit(path.join(relative, entry.name));
    }
  };
  for (const folder of folders) visit(folder);
  return found.sort();
}

export function readProjectFile(relative: string): string {
  return fs.readFileSync(path.join(root, relative), 'utf8');
}

/** A TypeScript or JavaScript file parsed as what its extension says (JSX for .tsx). */
export function parseSource(relative: string, text = readProjectFile(relative)): ts.SourceFile {
  const kind = relative.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : /\.[cm]?js$/.test(relative)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  return ts.createSourceFile(relative, text, ts.ScriptTarget.Latest, true, kind);
}

/** 1-based line of a position in a file. */
export function lineOf(source: ts.SourceFile, pos: number): number {
  return source.getLineAndCharacterOfPosition(pos).line + 1;
}
