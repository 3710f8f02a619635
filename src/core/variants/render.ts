// Making one variant with sharp: the image as displayed (EXIF orientation applied), resized to the
// box of spec.ts (cover crops by attention, entropy or the centre; contain letterboxes in black;
// inside keeps the whole image), encoded as asked. The decode and the encode take their pixels from
// the process's one budget (two 5000x5000 AVIF encodes at once drove `serve` to 2.1 GB),
// and the source pixel limit holds as at scan time, in every indexed format (formats/). What a large variant holds is bounded (issue
// 32): an attention or entropy crop is chosen on a reduced picture (crop.ts) and a large AVIF is
// encoded tile by tile (avif.ts), so every variant up to 5000x5000 is made at the size asked.
import type { Sharp } from 'sharp';
import { decodeBudget } from '../analysis/index.js';
import { WallpaperError } from '../errors.js';
import { DECODE_PIXEL_BUDGET, MAX_PIXELS } from '../limits.js';
import { encodeAvif, isTiled } from './avif.js';
import { chooseRegion } from './crop.js';
import { type Probe, asStillAvif, decodeCost, decodeImage, formatInfo, probeImage } from '../formats/index.js';
import { type OutputFormat, type VariantSpec, outputBox } from './spec.js';
import { encodePixels, turned, warmEpaper } from './epaper.js';
import { FOCUS_SIDE, type Focus, findFocus } from './focus.js';

/** The most pixels of a progressive JPEG variant with optimised Huffman tables (a 4K screen's): both
 * make libjpeg hold every DCT coefficient of the picture until the end, ~6 bytes a pixel (150 MB at
 * 5000x5000, which took a real `serve` past its 300 MB). A larger JPEG is baseline with the standard
 * tables, written as it streams (+7 MB), for 25-45% more bytes on smooth pictures. */
const STREAMED_JPEG_PIXELS = 3840 * 2160;

/** Encoder settings: sharp's defaults but for effort, which trades a little size for a lot of time
 * on a server making variants while a client waits (webp 4 of 6; AVIF's are in avif.ts). */
const ENCODE: Record<Exclude<OutputFormat, 'avif' | 'bmp'>, (quality: number | undefined, pixels: number) => object> = {
  jpeg: (quality, pixels) => {
    const whole = pixels <= STREAMED_JPEG_PIXELS;
    return { quality: quality ?? 82, mozjpeg: false, progressive: whole, optimiseCoding: whole };
  },
  webp: (quality) => ({ quality: quality ?? 80, effort: 4 }),
  png: () => ({ compressionLevel: 6 }),
};

/** Budget pixels per output pixel, by what resizing and encoding one was measured to hold:
 * a 5000x5000 JPEG ~130 MB (less since it streams, kept as a margin), WebP ~235 MB, PNG ~130 MB;
 * AVIF encoded whole ~30 bytes a pixel. A
 * 5000x5000 of any format, or an AVIF at the most pixels encoded whole, takes the whole budget: it
 * runs alone, never beside another encode or a large decode. */
const ENCODE_COST: Record<OutputFormat, number> = { jpeg: 5, webp: 5, png: 3, avif: 44, bmp: 3 };

/** What a variant takes of the pixel budget: its source's decode (formats' decodeCost: a JPEG XL or
 * HEIC counts more) and its output's encode. A tiled AVIF (avif.ts) takes the whole budget: one at
 * a time, however many are asked for. */
function variantCost(decode: number, box: { w: number; h: number }, format: OutputFormat): number {
  if (format === 'avif' && isTiled(box.w, box.h)) return DECODE_PIXEL_BUDGET;
  return decode + box.w * box.h * ENCODE_COST[format];
}

/** The source as a pipeline to open again (each AVIF tile opens it anew), displayed (orientation
 * applied). What sharp reads is opened from its bytes each time; JPEG XL, HEIC, SVG and BMP are
 * decoded once (formats/; an SVG drawn at the scale the box asks) into raw pixels opened from memory.
 * `width` x `height`: the size the pipeline opens at. */
async function openSource(source: Buffer, probe: Probe, scale: number): Promise<{ open: () => Sharp; width: number; height: number }> {
  const { default: sharp } = await import('sharp');
  if (formatInfo(probe.format).decoder === 'sharp') {
    // An image sequence AVIF by its first frame (formats/isobmff.ts).
    const still = probe.format === 'avif' ? asStillAvif(source) : source;
    return { open: () => sharp(still, { limitInputPixels: MAX_PIXELS }).rotate(), width: probe.width, height: probe.height };
  }
  const { data, info } = await (await decodeImage(source, probe, { scale })).rotate().raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return { open: () => sharp(data, { raw, limitInputPixels: MAX_PIXELS }), width: info.width, height: info.height };
}

export interface Rendered {
  bytes: Buffer;
  width: number;
  height: number;
  format: OutputFormat;
}

/** Resize `source` (an image file's bytes) as `spec` says, at the size its header gives: a variant is
 * drawn from the file, whatever size the index has for it (a timed wallpaper's frame for now may be
 * another size than the noon frame the record was made from). */
export async function renderVariant(source: Buffer, spec: VariantSpec, format: OutputFormat): Promise<Rendered> {
  const { default: sharp } = await import('sharp');
  const position = spec.crop === 'attention' ? sharp.strategy.attention : spec.crop === 'entropy' ? sharp.strategy.entropy : 'centre';
  try {
    const probe = await probeImage(source);
    const { width, height } = probe;
    const box = outputBox(spec, width, height);
    return await decodeBudget.run(variantCost(decodeCost(probe.format, width, height), box, format), async () => {
      if (spec.palette !== undefined) warmEpaper();
      const ratio = [box.w / width, box.h / height] as const;
      const opened = await openSource(source, probe, spec.fit === 'cover' ? Math.max(...ratio) : Math.min(...ratio));
      const region =
        spec.fit === 'cover' && spec.crop !== 'center'
          ? await chooseRegion(opened.open, opened.width, opened.height, box, spec.crop)
          : undefined;
      const make = () => {
        const image = opened.open();
        if (region) return image.extract(region).resize({ width: box.w, height: box.h, fit: 'fill' });
        return image.resize({
          width: box.w,
          height: box.h,
          // The box already keeps the aspect for inside (and holds no upscale): fill it exactly.
          fit: spec.fit === 'inside' ? 'fill' : spec.fit,
          position,
          background: { r: 0, g: 0, b: 0, alpha: 1 },
        });
      };
      // A turn (rotate=) is made on the resized pixels; a palette or a BMP is encoded from them.
      const open = spec.rotate ? await turned(make, spec.rotate) : make;
      const out = spec.rotate === 90 || spec.rotate === 270 ? { w: box.h, h: box.w } : box;
      const bytes =
        format === 'bmp' || spec.palette !== undefined
          ? await encodePixels(open, spec, format)
          : format === 'avif'
            ? await encodeAvif(open, out.w, out.h, spec.quality)
            : await open()
                .toFormat(format, ENCODE[format](spec.quality, out.w * out.h))
                .toBuffer();
      return { bytes, width: out.w, height: out.h, format };
    });
  } catch (error) {
    if (error instanceof WallpaperError) throw error;
    throw new WallpaperError('io_failed', `cannot make the variant: ${(error as Error).message}`, { cause: error });
  }
}

/** The point of interest of `source` (focus.ts), found on the picture reduced to FOCUS_SIDE a side. */
export async function renderFocus(source: Buffer): Promise<Focus> {
  try {
    const probe = await probeImage(source);
    const { width, height } = probe;
    const scale = Math.min(1, FOCUS_SIDE / Math.max(width, height));
    return await decodeBudget.run(decodeCost(probe.format, width, height), async () => {
      const opened = await openSource(source, probe, scale);
      return findFocus(() => opened.open().resize({ width: FOCUS_SIDE, height: FOCUS_SIDE, fit: 'inside', withoutEnlargement: true }));
    });
  } catch (error) {
    if (error instanceof WallpaperError) throw error;
    throw new WallpaperError('io_failed', `cannot find the point of interest: ${(error as Error).message}`, { cause: error });
  }
}
