// Making one variant with sharp: the image as displayed (EXIF orientation applied), resized to the
// box of spec.ts (cover crops by attention, entropy or the centre; contain letterboxes in black;
// inside keeps the whole image), encoded as asked. The decode takes its pixels from the process's
// one budget, and the source pixel limit holds as at scan time.
import { decodeBudget } from '../decode-budget.js';
import { WallpaperError } from '../errors.js';
import { MAX_PIXELS } from '../limits.js';
import { type OutputFormat, type VariantSpec, outputBox } from './spec.js';

/** Encoder settings: sharp's defaults but for effort, which trades a little size for a lot of time
 * on a server making variants while a client waits (webp 4 of 6, avif 4 of 9). */
const ENCODE: Record<OutputFormat, (quality?: number) => object> = {
  jpeg: (quality) => ({ quality: quality ?? 82, mozjpeg: false, progressive: true }),
  webp: (quality) => ({ quality: quality ?? 80, effort: 4 }),
  avif: (quality) => ({ quality: quality ?? 55, effort: 4 }),
  png: () => ({ compressionLevel: 6 }),
};

export interface Rendered {
  bytes: Buffer;
  width: number;
  height: number;
  format: OutputFormat;
}

/** Resize `source` (the bytes of a `width` x `height` image) as `spec` says. */
export async function renderVariant(
  source: Buffer,
  width: number,
  height: number,
  spec: VariantSpec,
  format: OutputFormat,
): Promise<Rendered> {
  const { default: sharp } = await import('sharp');
  const box = outputBox(spec, width, height);
  const position = spec.crop === 'attention' ? sharp.strategy.attention : spec.crop === 'entropy' ? sharp.strategy.entropy : 'centre';
  try {
    return await decodeBudget.run(width * height, async () => {
      const { data, info } = await sharp(source, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({
          width: box.w,
          height: box.h,
          // The box already keeps the aspect for inside (and holds no upscale): fill it exactly.
          fit: spec.fit === 'inside' ? 'fill' : spec.fit,
          position,
          background: { r: 0, g: 0, b: 0, alpha: 1 },
        })
        .toFormat(format, ENCODE[format](spec.quality))
        .toBuffer({ resolveWithObject: true });
      return { bytes: data, width: info.width, height: info.height, format };
    });
  } catch (error) {
    if (error instanceof WallpaperError) throw error;
    throw new WallpaperError('io_failed', `cannot make the variant: ${(error as Error).message}`, { cause: error });
  }
}
