import zlib from 'node:zlib';
import sharp from 'sharp';

/** Images for the logo's tests, made on the spot. */

/** A solid image of the given size and format; `exif` writes these IFD0 fields into it. */
export async function solidImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp',
  exif?: Record<string, string>,
): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 64, b: 175 } } });
  if (exif) image = image.withExif({ IFD0: exif });
  return image.toFormat(format).toBuffer();
}

/** A PNG of noise, which compresses to nothing: `side` 700 makes one of about 1.5 MB. */
export async function noisePng(side: number): Promise<Buffer> {
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a PNG of a few hundred bytes whose header claims `side` × `side` pixels (its
 * rows would be all zeros). Decoding it would take side² × 3 bytes of memory.
 */
export function pngBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows = zlib.deflateSync(Buffer.alloc(1 + side * 3 * 4)); // the first rows only
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG_LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
