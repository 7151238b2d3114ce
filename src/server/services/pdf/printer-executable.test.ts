import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findChromium } from './printer-executable';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chromium-lookup-'));
const executable = (name: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, '#!/bin/sh\n');
  fs.chmodSync(file, 0o755);
  return file;
};
const plainFile = path.join(dir, 'not-executable');
fs.writeFileSync(plainFile, '');
const missing = path.join(dir, 'missing');

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first', () => {
    const configured = executable('configured');
    expect(findChromium(configured, { playwright: executable('pw'), system: executable('sys') })).toEqual({
      path: configured,
      source: 'CHROMIUM_PATH',
    });
  });

  it('asks Playwright (loading it, ~300 ms) only when CHROMIUM_PATH is unset', () => {
    let asked = 0;
    const playwright = () => {
      asked++;
      return executable('pw');
    };
    findChromium(executable('configured'), { playwright, system: executable('sys') });
    findChromium(missing, { playwright, system: executable('sys') });
    expect(asked).toBe(0);
    expect(findChromium(undefined, { playwright, system: executable('sys') }).path).toBe(executable('pw'));
    expect(asked).toBe(1);
  });

  it('reports a CHROMIUM_PATH that is not an executable instead of printing with another browser', () => {
    for (const wrong of [missing, plainFile, dir]) {
      const found = findChromium(wrong, { playwright: executable('pw'), system: executable('sys') });
      expect(found.path).toBeNull();
      expect(found.problem).toContain(`CHROMIUM_PATH=${wrong}`);
    }
  });

  it("falls back to Playwright's browser, then to the system's", () => {
    const pw = executable('pw');
    const sys = executable('sys');
    expect(findChromium(undefined, { playwright: pw, system: sys })).toEqual({
      path: pw,
      source: 'playwright',
    });
    expect(findChromium(undefined, { playwright: missing, system: sys })).toEqual({
      path: sys,
      source: 'system',
    });
    expect(findChromium(undefined, { playwright: null, system: sys })).toEqual({
      path: sys,
      source: 'system',
    });
  });

  it('names every way to provide one when none is found', () => {
    const found = findChromium(undefined, { playwright: missing, system: plainFile });
    expect(found.path).toBeNull();
    expect(found.problem).toContain('CHROMIUM_PATH');
    expect(found.problem).toContain('npx playwright install chromium');
    expect(found.problem).toContain('/usr/bin/chromium');
    expect(found.problem).toContain('503');
  });
});
