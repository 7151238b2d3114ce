import { correction, generate } from 'lean-qr';
import { toSvgDataURL } from 'lean-qr/extras/svg';
import { useMemo } from 'react';

/** The quiet zone around a QR code, in modules: the four its standard asks for. */
const QUIET_ZONE = 4;

export type QrImageProps = {
  text: string;
  alt: string;
  /** About this many CSS pixels wide: a whole number of pixels per module, so every module is as wide. */
  size: number;
  className?: string;
};

/**
 * A QR code drawn in the browser: the key in it never goes to another service. Black on white with
 * the quiet zone, so a camera finds it on the dark theme too; an SVG with crisp edges. Its own module,
 * loaded only when a setup starts (lean-qr).
 */
export function QrImage({ text, alt, size, className }: QrImageProps) {
  const { src, width } = useMemo(() => {
    const code = generate(text, { minCorrectionLevel: correction.M });
    const modules = code.size + 2 * QUIET_ZONE;
    return {
      src: toSvgDataURL(code, { on: '#000', off: '#fff', pad: QUIET_ZONE }),
      width: modules * Math.max(2, Math.round(size / modules)),
    };
  }, [text, size]);
  return <img className={className} src={src} alt={alt} width={width} height={width} />;
}
