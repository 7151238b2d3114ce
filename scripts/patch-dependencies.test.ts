import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyPatches, MARK, patches, patchText } from './patch-dependencies.mjs';

const nodeModules = path.resolve(import.meta.dirname, '..', 'node_modules');

describe('patch-dependencies', () => {
  it('the installed packages carry every patch (npm ci ran the postinstall; --ignore-scripts would skip it)', () => {
    for (const patch of patches) {
      const { version } = JSON.parse(
        fs.readFileSync(path.join(nodeModules, patch.name, 'package.json'), 'utf8'),
      );
      expect(version, patch.name).toBe(patch.version);
      for (const file of patch.files) {
        const text = fs.readFileSync(path.join(nodeModules, patch.name, file), 'utf8');
        expect(text, `${patch.name}/${file}`).toContain(MARK);
        for (const { after } of patch.replacements) expect(text, `${patch.name}/${file}`).toContain(after);
      }
    }
    // Running it again changes nothing.
    expect(applyPatches(nodeModules)).toEqual([]);
  });

  it('replaces each text as often as expected, once; refuses text it does not find', () => {
    const replacements = [
      { before: 'a()\n', after: `a() // ${MARK}\n` },
      { before: 'b()', after: 'b(1)', count: 2 },
    ];
    const patched = patchText('a()\nb()\nb()\n', replacements);
    expect(patched).toBe(`a() // ${MARK}\nb(1)\nb(1)\n`);
    expect(patchText(patched, replacements)).toBe(patched);
    expect(() => patchText('a()\nb()\n', replacements, 'x.js')).toThrow(
      /x\.js: expected 2× the text to patch, found 1×/,
    );
    expect(() => patchText('c()\n', replacements)).toThrow(/found 0×/);
  });
});
