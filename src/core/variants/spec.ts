// What a sized variant is (docs/design.md#beyond-the-specification): the parameters `w`, `h`, `fit`, `crop`, `as`,
// `quality` and `enlarge`, parsed and validated like the filters (400 naming the parameter), and the
// pure geometry of the answer: which box a source of a given size gives, never upscaled unless
// `enlarge=1` (a box larger than the source shrinks to the largest box of its aspect that fits).
import { WallpaperError } from '../errors.js';
import { DITHERS, parsePalette } from './palettes.js';
import type { RawParams } from '../query/index.js';
import { CROPS, type Crop, FITS, OUTPUT_FORMATS, type OutputFormat, type VariantSpec } from '../types/files.js';

export type { Crop, OutputFormat, VariantSpec };

/** The largest side a variant may ask for (imgproxy and weserv cap near here too). */
export const MAX_VARIANT_SIDE = 5000;
const VARIANT_PARAMS = ['w', 'h', 'fit', 'crop', 'as', 'quality', 'enlarge', 'palette', 'dither', 'rotate'] as const;

export const CONTENT_TYPES: Record<OutputFormat, string> = {
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  bmp: 'image/bmp',
};
export const EXTENSIONS: Record<OutputFormat, string> = { jpeg: 'jpg', webp: 'webp', avif: 'avif', png: 'png', bmp: 'bmp' };

/** Sources whose variants are PNG when no `as` is asked: drawings and flat colours (SVG, GIF, BMP),
 * whose edges and transparency JPEG would smear. Photos (JPEG XL, HEIC, TIFF) become JPEG. */
const PNG_SOURCES = new Set(['image/svg+xml', 'image/gif', 'image/bmp']);

/** The output format of a source's media type (image/jpeg -> jpeg; a type no browser-wide encoder
 * writes -> png or jpeg). */
export function formatOfType(contentType: string): OutputFormat {
  const format = contentType.replace(/^image\//, '') as OutputFormat;
  if (OUTPUT_FORMATS.includes(format) && format !== 'bmp') return format;
  return PNG_SOURCES.has(contentType) ? 'png' : 'jpeg';
}

const invalid = (name: string, value: string, expected: string) =>
  new WallpaperError(
    'invalid_param',
    `invalid ${name} ${JSON.stringify(value.length > 64 ? `${value.slice(0, 64)}...` : value)}: expected ${expected}`,
  );

function one(params: RawParams, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || typeof value === 'string') return value?.trim() === '' ? undefined : value?.trim();
  if (value.length > 1) throw new WallpaperError('invalid_param', `invalid ${name}: given ${value.length} times, expected once`);
  return value[0]?.trim() === '' ? undefined : value[0]?.trim();
}

function whole(params: RawParams, name: string, min: number, max: number): number | undefined {
  const text = one(params, name);
  if (text === undefined) return undefined;
  const value = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= min && value <= max)) throw invalid(name, text, `a whole number from ${min} to ${max}`);
  return value;
}

function word<T extends string>(params: RawParams, name: string, words: readonly T[]): T | undefined {
  const text = one(params, name);
  if (text === undefined) return undefined;
  const lower = text.toLowerCase();
  if (!(words as readonly string[]).includes(lower)) throw invalid(name, text, `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`);
  return lower as T;
}

/** The variant a query asks for, or undefined when it names none of the variant parameters (then
 * the endpoint answers as the spec says: the original bytes). */
export function parseVariant(params: RawParams): VariantSpec | undefined {
  if (!VARIANT_PARAMS.some((name) => one(params, name) !== undefined)) return undefined;
  const w = whole(params, 'w', 1, MAX_VARIANT_SIDE);
  const h = whole(params, 'h', 1, MAX_VARIANT_SIDE);
  const fit = word(params, 'fit', FITS) ?? (w !== undefined && h !== undefined ? 'cover' : 'inside');
  const crop = word(params, 'crop', CROPS) ?? 'attention';
  const as = word(params, 'as', OUTPUT_FORMATS);
  const quality = whole(params, 'quality', 1, 100);
  const enlargeText = one(params, 'enlarge');
  if (enlargeText !== undefined && enlargeText !== '1' && enlargeText !== '0')
    throw invalid('enlarge', enlargeText, '1 (allow upscaling) or 0');
  if ((fit === 'cover' || fit === 'contain') && (w === undefined || h === undefined)) {
    throw new WallpaperError('invalid_param', `invalid fit "${fit}": it needs both w and h (inside works with one)`);
  }
  const epaper = parseEpaper(params, as);
  return {
    ...(w !== undefined ? { w } : {}),
    ...(h !== undefined ? { h } : {}),
    fit,
    crop,
    ...(as ? { as } : {}),
    ...(quality ? { quality } : {}),
    // A panel shows exactly the size it fetches: with a palette a smaller picture is enlarged to
    // the box unless enlarge=0 (docs/frame.md#e-paper-frames).
    enlarge: enlargeText === '1' || (enlargeText === undefined && epaper.palette !== undefined),
    ...epaper,
  };
}

/** `palette`, `dither` and `rotate` (docs/frame.md#e-paper-frames): a palette's answer is a PNG or
 * BMP (only they keep its exact colours), dithered by Floyd-Steinberg unless asked otherwise. */
function parseEpaper(params: RawParams, as: OutputFormat | undefined): Pick<VariantSpec, 'palette' | 'dither' | 'rotate' | 'as'> {
  const paletteText = one(params, 'palette');
  const palette = paletteText === undefined ? undefined : parsePalette(paletteText);
  const dither = word(params, 'dither', DITHERS);
  const rotateText = one(params, 'rotate');
  if (rotateText !== undefined && !['0', '90', '180', '270'].includes(rotateText))
    throw invalid('rotate', rotateText, '0, 90, 180 or 270 (degrees clockwise)');
  const rotate = rotateText === undefined || rotateText === '0' ? undefined : (Number(rotateText) as 90 | 180 | 270);
  if (dither !== undefined && palette === undefined)
    throw new WallpaperError(
      'invalid_param',
      `invalid dither "${dither}": it needs a palette (palette=bw, gray4, gray16, acep7, spectra6 or RRGGBB,...)`,
    );
  if (palette !== undefined && as !== undefined && as !== 'png' && as !== 'bmp')
    throw new WallpaperError(
      'invalid_param',
      `invalid as "${as}" with a palette: expected png or bmp (only they keep the palette's exact colours)`,
    );
  return {
    ...(palette !== undefined ? { palette, dither: dither ?? 'fs', as: as ?? 'png' } : {}),
    ...(rotate !== undefined ? { rotate } : {}),
  };
}

/** The box of the answer once turned: `outputBox` with its sides swapped for 90 and 270. */
export function answerBox(spec: VariantSpec, width: number, height: number): { w: number; h: number } {
  const box = outputBox(spec, width, height);
  return spec.rotate === 90 || spec.rotate === 270 ? { w: box.h, h: box.w } : box;
}

/** The box of the answer for a source of `width` x `height`: what it is resized to, in every output
 * format (an AVIF is no longer shrunk to bound its encoder's memory; avif.ts tiles it).
 * No upscaling unless enlarge. */
export function outputBox(spec: VariantSpec, width: number, height: number): { w: number; h: number } {
  let w = spec.w;
  let h = spec.h;
  if (w === undefined && h === undefined) return { w: width, h: height };
  if (spec.fit === 'inside') {
    // The source scaled to fit inside the box (one side may be free).
    const scale = Math.min(w === undefined ? Number.POSITIVE_INFINITY : w / width, h === undefined ? Number.POSITIVE_INFINITY : h / height);
    const limited = spec.enlarge ? scale : Math.min(scale, 1);
    return { w: Math.max(1, Math.round(width * limited)), h: Math.max(1, Math.round(height * limited)) };
  }
  w ??= width;
  h ??= height;
  if (!spec.enlarge && (w > width || h > height)) {
    // The largest box of the asked aspect that fits in the source: nothing is made up.
    const shrink = Math.min(width / w, height / h);
    return { w: Math.max(1, Math.floor(w * shrink)), h: Math.max(1, Math.floor(h * shrink)) };
  }
  return { w, h };
}

/** The spec in one canonical text: the variant's cache key and the query of its {id} URL. */
export function canonicalQuery(spec: VariantSpec, sourceFormat: OutputFormat): string {
  const params = new URLSearchParams();
  if (spec.w !== undefined) params.set('w', String(spec.w));
  if (spec.h !== undefined) params.set('h', String(spec.h));
  params.set('fit', spec.fit);
  if (spec.fit === 'cover') params.set('crop', spec.crop);
  params.set('as', spec.as ?? sourceFormat);
  if (spec.quality !== undefined) params.set('quality', String(spec.quality));
  if (spec.enlarge) params.set('enlarge', '1');
  if (spec.palette !== undefined) params.set('palette', spec.palette);
  if (spec.dither !== undefined) params.set('dither', spec.dither);
  if (spec.rotate !== undefined) params.set('rotate', String(spec.rotate));
  return params.toString();
}
