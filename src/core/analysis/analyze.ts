// One decode of an image's bytes -> its analysis (docs/design.md#analysis) and its WebP thumbnail.
// This is the only module that loads sharp; callers import it lazily so `list` and `random` never pay
// sharp's start-up cost.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import {
  ANALYSIS_SIZE,
  classifyShapeAndBrightness,
  pixelStats,
  type AspectRatio,
  type Brightness,
  type Hue,
  type Orientation,
} from './classify.js';
import { FINGERPRINT_SIZE, barsCut, fingerprintOf, insideBars } from './fingerprint.js';
import { gridOf } from './grid.js';
import { type PaletteEntry, paletteOf } from './palette.js';
import { decodeBudget } from './decode-budget.js';
import { WallpaperError, oneLine } from '../errors.js';
import { type FormatName, contentTypeOf, decodeCost, decodeImage, formatInfo, probeImage } from '../formats/index.js';
import { MAX_PIXELS, THUMBNAIL_QUALITY } from '../limits.js';

/** Every indexed format (formats/table.ts). */
export type ImageFormat = FormatName;

export interface Analysis {
  id: string;
  format: ImageFormat;
  content_type: string;
  width: number;
  height: number;
  luminance: number;
  brightness: Brightness;
  aspect_ratio: AspectRatio;
  orientation: Orientation;
  dominant_hue: Hue;
  /** Up to 5 colours, largest share first (palette.ts). */
  palette: PaletteEntry[];
  /** What near-duplicate search compares (fingerprint.ts), and what confirms it (grid.ts, compared in curate/detail.ts). */
  fingerprint: Buffer;
  /** Absent only where an analysis is made by hand (tests, the bench's generated records). */
  grid?: Buffer;
}

export interface AnalysedImage {
  analysis: Analysis;
  thumbnail: Buffer;
}

/** libwebp effort (0-6) of thumbnails, the largest cost of a scan after decoding. Measured on 8
 * corpus thumbnails at 480 px: effort 0 13 ms and 36.7 KiB, 2 20 ms and 38.3 KiB, 4 (the default)
 * 35 ms and 37.2 KiB: at these sizes more effort buys no bytes. */
const THUMBNAIL_EFFORT = 0;

// Sharp's operation cache only helps when the same file is processed twice; we never do, and in a
// long-running server it would hold memory for nothing.
sharp.cache(false);

/** The stable id of a file: the first 16 hex characters of the SHA-256 of its bytes. */
export function contentId(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16);
}

/**
 * Decode `bytes` once: the displayed size, the analysis, and a thumbnail that fits inside
 * `thumbnailSize` pixels a side (never enlarged).
 * Throws WallpaperError 'unsupported' for anything that is not a strictly decodable image of an
 * indexed format (formats/), and 'too_large' over MAX_PIXELS, read from the header before decoding.
 * @param ext the file's extension where there is a file (`.heif` is served as image/heif)
 * @param options.image a HEIC's image by index (a dynamic wallpaper's noon frame), not its primary one
 */
export async function analyzeImage(
  bytes: Buffer,
  thumbnailSize: number,
  ext?: string,
  options: { image?: number } = {},
): Promise<AnalysedImage> {
  let label = 'image';
  try {
    const probe = await probeImage(bytes);
    label = `${formatInfo(probe.format).label} image`;
    const { width, height } = probe;
    // An SVG is drawn at the thumbnail's size, not at its nominal one.
    const scale = Math.min(1, thumbnailSize / Math.max(width, height));

    // The one decode: oriented, sRGB, shrunk on load to thumbnail size (JPEG and WebP decode at a
    // fraction of their size), within the process's pixel budget. It runs on libvips threads, so the
    // id is hashed on this thread meanwhile instead of after it.
    const decoding = decodeBudget.run(decodeCost(probe.format, width, height), async () =>
      (await decodeImage(bytes, probe, { scale, ...options }))
        .rotate()
        .resize(thumbnailSize, thumbnailSize, { fit: 'inside', withoutEnlargement: true, fastShrinkOnLoad: true })
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true }),
    );
    const id = contentId(bytes);
    const { data, info } = await decoding;
    // Already shrunk to thumbnail size, but every decode carries the limit all the same.
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels }, limitInputPixels: MAX_PIXELS };

    // Near-duplicate search sees the picture inside any letterbox bars, squeezed to a square.
    const bars = insideBars(data, info.width, info.height, info.channels);
    const [thumbnail, small, square] = await Promise.all([
      sharp(data, raw).webp({ quality: THUMBNAIL_QUALITY, effort: THUMBNAIL_EFFORT }).toBuffer(),
      sharp(data, raw)
        .flatten({ background: '#000000' })
        .resize(ANALYSIS_SIZE, ANALYSIS_SIZE, { fit: 'inside' })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true }),
      sharp(data, raw)
        .extract(bars)
        .flatten({ background: '#000000' })
        .resize(FINGERPRINT_SIZE, FINGERPRINT_SIZE, { fit: 'fill' })
        .removeAlpha()
        .raw()
        .toBuffer(),
    ]);
    const { luminance, dominant_hue } = pixelStats(small.data, small.info.channels);
    return {
      thumbnail,
      analysis: {
        id,
        format: probe.format,
        content_type: contentTypeOf(probe.format, ext),
        width,
        height,
        luminance,
        ...classifyShapeAndBrightness(width, height, luminance),
        dominant_hue,
        palette: paletteOf(small.data, small.info.channels),
        fingerprint: fingerprintOf(square, 3, (bars.width * bars.height) / (info.width * info.height), barsCut(bars, info)),
        grid: gridOf(square, 3),
      },
    };
  } catch (error) {
    if (error instanceof WallpaperError) throw error;
    const message = oneLine(error);
    if (/pixel limit/i.test(message)) {
      throw new WallpaperError('too_large', `image is over the limit of ${MAX_PIXELS} pixels`, { cause: error });
    }
    throw new WallpaperError('unsupported', `not a decodable ${label}: ${message}`, { cause: error });
  }
}

/** A thumbnail of an image file already indexed (for a thumbnail missing from the cache). */
export async function makeThumbnail(bytes: Buffer, thumbnailSize: number): Promise<Buffer> {
  return (await analyzeImage(bytes, thumbnailSize)).thumbnail;
}
