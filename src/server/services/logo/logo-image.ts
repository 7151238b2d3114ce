import {
  isLogoContentType,
  LOGO_MAX_BYTES,
  LOGO_MAX_HEIGHT,
  LOGO_MAX_WIDTH,
  logoMessages,
} from '../../../shared/logo';
import { AppError } from '../../errors';

/**
 * An uploaded logo made safe to keep and to print: its real type read from its bytes (not from the
 * header the client sent), decoded within a pixel budget, fitted within LOGO_MAX_WIDTH ×
 * LOGO_MAX_HEIGHT and written again as PNG — every mail client and the PDF printer show PNG, and
 * transparency stays. Writing it again drops every piece of metadata (EXIF with its GPS position,
 * XMP, comments) and anything hidden after the image data.
 */

/**
 * The most pixels an upload may have (6000 × 6000): a PNG of a few KB can claim 100 000 × 100 000
 * pixels and would take gigabytes to decode. The header says how many before anything is decoded.
 */
export const LOGO_MAX_INPUT_PIXELS = 6000 * 6000;

export type NormalizedLogo = {
  content: Buffer;
  contentType: 'image/png';
  width: number;
  height: number;
};

const field = (message: string) => ({ details: { logo: message } });
const wrongType = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', logoMessages.wrongType, field(logoMessages.wrongType));
const tooManyPixels = () =>
  new AppError('BAD_REQUEST', logoMessages.tooManyPixels, field(logoMessages.tooManyPixels));
const unreadable = () => new AppError('BAD_REQUEST', logoMessages.unreadable, field(logoMessages.unreadable));

/** The formats by their first bytes; sharp reads many more (SVG, TIFF, HEIF, PDF), none of them taken. */
function sniff(content: Buffer): 'png' | 'jpeg' | 'webp' | null {
  if (content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'jpeg';
  if (content.toString('latin1', 0, 4) === 'RIFF' && content.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

/** Refuses what is no logo, by the shared rules: the declared type, the size, then the bytes themselves. */
export function assertLogoUpload(content: Buffer, declaredType: string): void {
  const type = declaredType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!isLogoContentType(type)) throw wrongType();
  if (content.length === 0) throw new AppError('BAD_REQUEST', logoMessages.empty, field(logoMessages.empty));
  if (content.length > LOGO_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', logoMessages.tooLarge, field(logoMessages.tooLarge));
  if (sniff(content) === null) throw wrongType();
}

/** sharp is native and large: loaded with the first upload, not at start-up. */
const loadSharp = async () => (await import('sharp')).default;

export async function normalizeLogo(content: Buffer, declaredType: string): Promise<NormalizedLogo> {
  assertLogoUpload(content, declaredType);
  const sharp = await loadSharp();
  const options = { limitInputPixels: LOGO_MAX_INPUT_PIXELS, failOn: 'error', animated: false } as const;
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(content, options).metadata();
  } catch (err) {
    // sharp reads the header only, and already refuses there what claims too many pixels.
    throw err instanceof Error && /pixel limit/i.test(err.message) ? tooManyPixels() : unreadable();
  }
  if (meta.format !== 'png' && meta.format !== 'jpeg' && meta.format !== 'webp') throw wrongType();
  if (!meta.width || !meta.height) throw unreadable();
  if (meta.width * meta.height > LOGO_MAX_INPUT_PIXELS) throw tooManyPixels();
  try {
    const { data, info } = await sharp(content, options)
      // A photo's EXIF orientation is applied before the EXIF goes.
      .rotate()
      .resize({ width: LOGO_MAX_WIDTH, height: LOGO_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9, adaptiveFiltering: true })
      .toBuffer({ resolveWithObject: true });
    return { content: data, contentType: 'image/png', width: info.width, height: info.height };
  } catch {
    throw unreadable();
  }
}
