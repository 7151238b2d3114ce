// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every built asset larger
// than 1 KB, once at build time, so the server sends them as they are (@fastify/static preCompressed)
// instead of compressing on every request or not at all.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Smaller files gain nothing worth a second request path: headers alone are a few hundred bytes. */
export const MIN_COMPRESS_BYTES = 1024;
// Source maps only reach a developer's devtools; brotli 11 over them would triple the build time.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|wasm)$/;

/** Compresses the assets of `dir` (not recursing; already compressed copies skipped). */
export async function compressAssets(dir) {
  const written = [];
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    if (!COMPRESSIBLE.test(name) || !fs.statSync(file).isFile()) continue;
    const bytes = fs.readFileSync(file);
    if (bytes.length <= MIN_COMPRESS_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzip(bytes, { level: 9 }),
    ]);
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
    written.push(name);
  }
  return written;
}

/** The Vite plugin: compresses dist/…/assets once the bundle is written. */
export function precompressAssets() {
  let outDir = '';
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const assets = path.join(outDir, 'assets');
      if (fs.existsSync(assets)) await compressAssets(assets);
    },
  };
}
