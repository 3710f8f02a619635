// The image formats the library indexes (docs/design.md#every-format): each one's extensions, media type,
// name for people, and which decoder reads it. The one table every other list derives from.

/** A format, named as sharp names the ones it reads (`heif` is HEIC/HEIF, `jxl` JPEG XL). */
export type FormatName = 'jpeg' | 'png' | 'webp' | 'avif' | 'heif' | 'jxl' | 'svg' | 'gif' | 'tiff' | 'bmp';

/** Who turns the bytes into pixels: sharp's own libvips, or a decoder of ours (WebAssembly in a
 * worker for JPEG XL and HEVC-coded HEIC, which sharp's prebuilt libvips does not hold). */
export type DecoderKind = 'sharp' | 'svg' | 'jxl' | 'heic' | 'bmp';

export interface FormatInfo {
  name: FormatName;
  label: string;
  /** Lowercase, without the dot; the first one is what an upload of this format is saved as. */
  extensions: readonly string[];
  decoder: DecoderKind;
}

export const FORMAT_TABLE: readonly FormatInfo[] = [
  { name: 'jpeg', label: 'JPEG', extensions: ['jpg', 'jpeg'], decoder: 'sharp' },
  { name: 'png', label: 'PNG', extensions: ['png'], decoder: 'sharp' },
  { name: 'webp', label: 'WebP', extensions: ['webp'], decoder: 'sharp' },
  { name: 'avif', label: 'AVIF', extensions: ['avif'], decoder: 'sharp' },
  { name: 'heif', label: 'HEIC/HEIF', extensions: ['heic', 'heif'], decoder: 'heic' },
  { name: 'jxl', label: 'JPEG XL', extensions: ['jxl'], decoder: 'jxl' },
  { name: 'svg', label: 'SVG', extensions: ['svg'], decoder: 'svg' },
  { name: 'gif', label: 'GIF', extensions: ['gif'], decoder: 'sharp' },
  { name: 'tiff', label: 'TIFF', extensions: ['tif', 'tiff'], decoder: 'sharp' },
  { name: 'bmp', label: 'BMP', extensions: ['bmp'], decoder: 'bmp' },
];

const BY_NAME = new Map(FORMAT_TABLE.map((format) => [format.name, format]));
const BY_EXTENSION = new Map(FORMAT_TABLE.flatMap((format) => format.extensions.map((ext) => [ext, format] as const)));

export const formatInfo = (name: FormatName): FormatInfo => BY_NAME.get(name)!;

/** The extension a file of this format is saved under (an upload, a download): its first one. */
export const extensionOf = (name: FormatName): string => formatInfo(name).extensions[0]!;

/** Every indexed extension, lowercase without the dot (the `format` filter's words). */
export const INDEXED_EXTENSIONS: readonly string[] = FORMAT_TABLE.flatMap((format) => format.extensions);

/** The format a file name's extension promises (any case), or undefined. */
export function formatOfExtension(ext: string): FormatInfo | undefined {
  return BY_EXTENSION.get(ext.replace(/^\./, '').toLowerCase());
}

/** The media type a file of this extension is served with (docs/design.md#every-format: `.heif` is image/heif,
 * `.heic` image/heic, whatever codec is inside). */
export function contentTypeOf(format: FormatName, ext?: string): string {
  switch (format) {
    case 'heif':
      return ext?.toLowerCase().replace(/^\./, '') === 'heif' ? 'image/heif' : 'image/heic';
    case 'svg':
      return 'image/svg+xml';
    default:
      return `image/${format}`;
  }
}

/** Formats a browser shows by itself: the rest reach the gallery through variants. */
export const BROWSER_FORMATS: ReadonlySet<FormatName> = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'svg', 'bmp']);

/** Extensions every desktop's setter shows as they are (docs/design.md#every-format): the rest are set through a
 * rendition. */
const SHOWN_EVERYWHERE = new Set(['jpg', 'jpeg', 'png', 'webp']);
export const shownEverywhere = (path: string): boolean => SHOWN_EVERYWHERE.has(path.slice(path.lastIndexOf('.') + 1).toLowerCase());
