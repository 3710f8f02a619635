// Making one variant with sharp: the image as displayed (EXIF orientation applied), resized to the
// box of spec.ts (cover crops by attention, entropy or the centre; contain letterboxes in black;
// inside keeps the whole image), encoded as asked. The decode and the encode take their pixels from
// the process's one budget (issue 25: two 5000x5000 AVIF encodes at once drove `serve` to 2.1 GB),
// and the source pixel limit holds as at scan time (the formats room reads every indexed format).
import { decodeBudget } from '../analysis/index.js';
import { WallpaperError } from '../errors.js';
import { decodeImage, probeImage } from '../formats/index.js';
import { type OutputFormat, type VariantSpec, outputBox } from './spec.js';

/** Encoder settings: sharp's defaults but for effort, which trades a little size for a lot of time
 * on a server making variants while a client waits (webp 4 of 6, avif 4 of 9). */
const ENCODE: Record<OutputFormat, (quality?: number) => object> = {
  jpeg: (quality) => ({ quality: quality ?? 82, mozjpeg: false, progressive: true }),
  webp: (quality) => ({ quality: quality ?? 80, effort: 4 }),
  avif: (quality) => ({ quality: quality ?? 55, effort: 4 }),
  png: () => ({ compressionLevel: 6 }),
};

/** Budget pixels per output pixel, by what resizing and encoding one was measured to hold (issue 25):
 * a 5000x5000 JPEG with attention cropping ~270 MB, WebP ~235 MB, PNG ~130 MB; AVIF ~30 bytes a
 * pixel. A 5000x5000 of any format, or an AVIF at its cap (spec.ts), takes the whole budget: it
 * runs alone, never beside another encode or a large decode. */
const ENCODE_COST: Record<OutputFormat, number> = { jpeg: 5, webp: 5, png: 3, avif: 44 };

/** What a variant takes of the pixel budget: its source's decode and its output's encode. */
export const variantCost = (width: number, height: number, box: { w: number; h: number }, format: OutputFormat): number =>
  width * height + box.w * box.h * ENCODE_COST[format];

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
  const box = outputBox(spec, width, height, format);
  const position = spec.crop === 'attention' ? sharp.strategy.attention : spec.crop === 'entropy' ? sharp.strategy.entropy : 'centre';
  try {
    return await decodeBudget.run(variantCost(width, height, box, format), async () => {
      // Any indexed format (formats/): an SVG drawn at the scale the box asks, not scaled up.
      const probe = await probeImage(source);
      const ratio = [box.w / width, box.h / height] as const;
      const scale = spec.fit === 'cover' ? Math.max(...ratio) : Math.min(...ratio);
      const { data, info } = await (await decodeImage(source, probe, { scale }))
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
