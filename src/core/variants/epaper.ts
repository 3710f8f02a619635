// The last steps of an e-paper or BMP variant (docs/frame.md#e-paper-frames): a turn of the resized
// picture for a panel mounted sideways, and its pixels (transparency on white, as on paper)
// dithered to a palette and written as an indexed PNG or BMP (on a thread: epaper-threads.ts), or
// written as a 24-bit BMP.
import type { Sharp } from 'sharp';
import { encodeRgbBmp } from './bmp.js';
import { epaperThreads } from './epaper-threads.js';
import { paletteColours } from './palettes.js';
import type { OutputFormat, VariantSpec } from './spec.js';

/** The picture of `make` turned clockwise, as a pipeline to open again (sharp turns before it
 * resizes in one pipeline, so the resized pixels are turned in a second one). */
export async function turned(make: () => Sharp, angle: 90 | 180 | 270): Promise<() => Sharp> {
  const { default: sharp } = await import('sharp');
  const { data, info } = await make().raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return () => sharp(data, { raw }).rotate(angle);
}

/** Have a dithering thread ready by the time the pixels are (render.ts calls it before the resize). */
export const warmEpaper = (): void => epaperThreads.warm();

/** The bytes of a palette's PNG or BMP, or a 24-bit BMP, from the picture of `open`. */
export async function encodePixels(open: () => Sharp, spec: VariantSpec, format: OutputFormat): Promise<Buffer> {
  const { data, info } = await open().flatten({ background: '#ffffff' }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected 3 channels of sRGB, got ${info.channels}`);
  if (spec.palette === undefined) return encodeRgbBmp(data, info.width, info.height);
  // Dithered and encoded on a thread of its own (epaper-threads.ts): the server answers meanwhile.
  const rgb = new Uint8Array(data.byteLength);
  rgb.set(data);
  return epaperThreads.encode({
    rgb,
    width: info.width,
    height: info.height,
    palette: paletteColours(spec.palette),
    dither: spec.dither ?? 'fs',
    format: format === 'bmp' ? 'bmp' : 'png',
  });
}
