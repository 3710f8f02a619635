// From bytes to a sharp pipeline, in two steps so nothing is decoded before it is allowed:
// probeImage reads the format from the content and the size from the header alone, and refuses a
// header over the pixel limit; decodeImage then gives the first frame / primary image as a sharp
// pipeline, whoever decodes it (sharp itself, librsvg after svg.ts's rewrite, the BMP reader, djxl,
// or the WebAssembly decoders in their recycled threads). sharp is loaded lazily: the commands
// that never decode must not pay its start-up.
import type { Sharp } from 'sharp';
import { WallpaperError, oneLine } from '../errors.js';
import { MAX_PIXELS } from '../limits.js';
import { decodeBmp, readBmpHeader } from './bmp.js';
import { decodeWithDjxl, systemDjxl } from './djxl.js';
import { asStillAvif, readHeifHeader } from './isobmff.js';
import { readJxlHeader } from './jxl-header.js';
import { sniffFormat } from './sniff.js';
import { svgForRendering, svgLayout } from './svg.js';
import { type FormatName, formatInfo } from './table.js';
import { collectAround, systemDecodersOn, wasmDecoders } from './decoders.js';

export interface Probe {
  format: FormatName;
  /** Pixels as displayed (orientation applied). */
  width: number;
  height: number;
}

const sharpModule = async () => (await import('sharp')).default;

const tooLarge = (width: number, height: number) =>
  new WallpaperError('too_large', `image is ${width}x${height}, over the limit of ${MAX_PIXELS} pixels`);

/** Format and displayed size from the bytes, no pixel decoded. Throws 'unsupported' for what is no
 * image of an indexed format, 'too_large' over MAX_PIXELS. */
export async function probeImage(bytes: Uint8Array): Promise<Probe> {
  const format = sniffFormat(bytes);
  if (!format)
    throw new WallpaperError('unsupported', 'not an image of a known format (JPEG, PNG, WebP, AVIF, HEIC, JPEG XL, SVG, GIF, TIFF or BMP)');
  const size = await sizeOf(format, bytes);
  if (!(size.width > 0 && size.height > 0))
    throw new WallpaperError('unsupported', `not a decodable ${formatInfo(format).label} image: it has no size`);
  if (size.width * size.height > MAX_PIXELS) throw tooLarge(size.width, size.height);
  return { format, ...size };
}

async function sizeOf(format: FormatName, bytes: Uint8Array): Promise<{ width: number; height: number }> {
  switch (format) {
    case 'jxl':
      return readJxlHeader(bytes);
    case 'heif':
    case 'avif': {
      const { width, height } = readHeifHeader(bytes);
      return { width, height };
    }
    case 'bmp': {
      const { width, height } = readBmpHeader(bytes);
      return { width, height };
    }
    case 'svg': {
      const { width, height } = svgLayout(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
      return { width, height };
    }
    default: {
      const sharp = await sharpModule();
      try {
        // A header read: libvips opens the file lazily and decodes nothing here.
        const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
        const swapped = (meta.orientation ?? 1) >= 5;
        const width = meta.width ?? 0;
        const height = meta.height ?? 0;
        return swapped ? { width: height, height: width } : { width, height };
      } catch (error) {
        throw new WallpaperError('unsupported', `not a decodable ${formatInfo(format).label} image: ${oneLine(error)}`, { cause: error });
      }
    }
  }
}

export interface DecodeOptions {
  /** Scale of an SVG's rendering to its laid-out size (1 by default): drawn at the size wanted,
   * never drawn small and scaled up. Raster formats ignore it. */
  scale?: number;
  /** A HEIC's image by its index among its top-level images (a frame of an Apple dynamic wallpaper)
   * instead of its primary one; other formats ignore it. */
  image?: number;
}

/** The image (first frame, primary image) as a sharp pipeline, EXIF orientation still to apply with
 * `.rotate()` (a no-op for the formats whose decoder has applied it). */
export async function decodeImage(bytes: Buffer, probe: Probe, options: DecodeOptions = {}): Promise<Sharp> {
  const sharp = await sharpModule();
  const label = formatInfo(probe.format).label;
  const raw = (pixels: { data: Buffer; width: number; height: number }, channels: 1 | 2 | 3 | 4 = 4) =>
    sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels }, limitInputPixels: MAX_PIXELS });
  try {
    switch (probe.format) {
      case 'svg': {
        const scale = options.scale ?? 1;
        const width = Math.max(1, Math.round(probe.width * scale));
        const height = Math.max(1, Math.round(probe.height * scale));
        if (width * height > MAX_PIXELS) throw tooLarge(width, height);
        const drawn = svgForRendering(bytes, width, height);
        return sharp(drawn, { limitInputPixels: MAX_PIXELS });
      }
      case 'bmp':
        return raw(decodeBmp(bytes, readBmpHeader(bytes)));
      case 'heif':
        collectAround(probe.width * probe.height);
        return raw(await wasmDecoders.decode('heic', bytes, options.image));
      case 'jxl': {
        collectAround(probe.width * probe.height);
        const djxl = systemDecodersOn() ? await systemDjxl() : undefined;
        if (!djxl) return raw(await wasmDecoders.decode('jxl', bytes));
        // djxl's memory is its own process's, outside the decode budget's view: a WebAssembly thread
        // left idle by a HEIC just decoded (~90 MB for 4K, kept IDLE_MS) is ended first, or the two
        // added up (docs/formats.md#memory).
        await wasmDecoders.endIdle();
        const out = await decodeWithDjxl(djxl, bytes);
        return raw(out, out.channels as 1 | 2 | 3 | 4);
      }
      case 'avif': {
        // An image sequence by its first frame, which libavif also writes as the primary image.
        const still = asStillAvif(bytes);
        return sharp(still, { limitInputPixels: MAX_PIXELS });
      }
      default:
        // sharp reads the first frame of an animation and the first page of a TIFF by default.
        return sharp(bytes, { limitInputPixels: MAX_PIXELS });
    }
  } catch (error) {
    if (error instanceof WallpaperError) throw error;
    throw new WallpaperError('unsupported', `not a decodable ${label} image: ${oneLine(error)}`, { cause: error });
  }
}
