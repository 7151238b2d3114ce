import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { compressAssets, MIN_COMPRESS_BYTES } from './compress-assets.mjs';

describe('compressAssets', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compress-assets-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz copies that decode to the asset, for text assets above 1 KB only', async () => {
    const js = Buffer.from(
      Array.from({ length: 400 }, (_, i) => `export const v${i} = ${i} * 2; // régel ${i}\n`).join(''),
    );
    const css = Buffer.from('.a{color:red}'.repeat(200));
    const small = Buffer.alloc(MIN_COMPRESS_BYTES, 'x');
    fs.writeFileSync(path.join(dir, 'app-abc.js'), js);
    fs.writeFileSync(path.join(dir, 'app-abc.css'), css);
    fs.writeFileSync(path.join(dir, 'tiny-abc.js'), small);
    fs.writeFileSync(path.join(dir, 'app-abc.js.map'), js);
    fs.writeFileSync(path.join(dir, 'font-abc.woff2'), js);

    const written = await compressAssets(dir);
    expect(written.sort()).toEqual(['app-abc.css', 'app-abc.js']);

    for (const [name, bytes] of [
      ['app-abc.js', js],
      ['app-abc.css', css],
    ] as const) {
      const br = fs.readFileSync(path.join(dir, `${name}.br`));
      const gz = fs.readFileSync(path.join(dir, `${name}.gz`));
      expect(zlib.brotliDecompressSync(br).equals(bytes)).toBe(true);
      expect(zlib.gunzipSync(gz).equals(bytes)).toBe(true);
      expect(br.length).toBeLessThan(bytes.length);
    }
    // At most 1 KB, a source map (devtools only) or an already compressed format: left alone.
    for (const name of ['tiny-abc.js', 'app-abc.js.map', 'font-abc.woff2']) {
      expect(fs.existsSync(path.join(dir, `${name}.br`))).toBe(false);
      expect(fs.existsSync(path.join(dir, `${name}.gz`))).toBe(false);
    }
  });

  it('is idempotent: a second run does not compress the compressed copies', async () => {
    await compressAssets(dir);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.br.br') || f.endsWith('.gz.gz'))).toEqual([]);
  });
});
