// Test fixtures made in code: temporary folders and images of known colour and size made with sharp.
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

export interface Teardown {
  teardown(fn: () => unknown): void;
}

/** A fresh temporary folder, removed when the test ends. */
export function tempDir(t: Teardown, prefix = 'wallpaper-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Bytes that cost seconds of CPU to make (a 100-megapixel WebP: 6-16 s), made once per machine and
 * kept under the temporary folder by `name`, which must say everything that makes them (a change
 * makes new ones). Written beside and renamed, so a parallel file never reads half of them. */
export async function madeOnce(name: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const dir = join(tmpdir(), 'wallpaper-test-made');
  const file = join(dir, name);
  try {
    return readFileSync(file);
  } catch {
    const bytes = await make();
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${file}.${process.pid}`, bytes);
    renameSync(`${file}.${process.pid}`, file);
    return bytes;
  }
}

export interface ImageSpec {
  width: number;
  height: number;
  /** Solid colour, e.g. '#102040'. */
  color: string;
  format?: 'jpeg' | 'png' | 'webp';
  /** EXIF orientation tag to store (the pixels are stored as given). */
  orientation?: number;
  /** Add an alpha channel with this opacity (0..1); PNG and WebP only. */
  alpha?: number;
}

/** Encode an image of a solid colour. */
export async function imageBytes(spec: ImageSpec): Promise<Buffer> {
  const channels = spec.alpha === undefined ? 3 : 4;
  const background = spec.alpha === undefined ? spec.color : { ...hexToRgb(spec.color), alpha: spec.alpha };
  let image = sharp({ create: { width: spec.width, height: spec.height, channels, background } });
  if (spec.orientation) image = image.withMetadata({ orientation: spec.orientation });
  const format = spec.format ?? 'jpeg';
  if (format === 'jpeg') return image.jpeg({ quality: 95 }).toBuffer();
  if (format === 'png') return image.png().toBuffer();
  return image.webp({ quality: 95 }).toBuffer();
}

/** A multipart upload of one image under `filename`, sent with Node's own fetch (undici's FormData
 * with Node 24's Blob never completed its body). */
export async function uploadImage(base: string, filename: string, spec: ImageSpec): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await imageBytes(spec))]), filename);
  return fetch(`${base}/api/upload`, { method: 'POST', body: form });
}

/** Write an image file (creating folders) and return its path. */
export async function writeImage(path: string, spec: ImageSpec): Promise<string> {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, await imageBytes(spec));
  return path;
}

/** An image whose halves have two colours (left, right): for hue weights and luminance means. */
export async function twoColourBytes(width: number, height: number, left: string, right: string): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const leftPart = await sharp({ create: { width: half, height, channels: 3, background: left } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: right } })
    .composite([{ input: leftPart, left: 0, top: 0 }])
    .png()
    .toBuffer();
}

function hexToRgb(hex: string): { r: number; g: number; b: number } {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

/** The Wallpaper object's fields in the order of the API spec's section 2.1. */
export const WALLPAPER_FIELDS = [
  'id',
  'filename',
  'path',
  'url',
  'thumbnail_url',
  'width',
  'height',
  'size_bytes',
  'added_at',
  'content_type',
  'brightness',
  'aspect_ratio',
  'orientation',
  'luminance',
  'dominant_hue',
  // docs/design.md#beyond-the-specification: additions after the spec's fields
  'download_url',
  'palette',
  'favorite',
  'hidden',
  'tags',
  'pair_id',
  // docs/design.md#titles
  'title',
  // docs/design.md#sources: a fetched wallpaper's attribution, or null
  'source',
  // docs/design.md#the-time-of-day: {kind, frames} of a dynamic wallpaper, or null
  'dynamic',
];
