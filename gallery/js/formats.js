// @ts-check
// The image formats, as the gallery needs them: what the upload picker offers (every format the
// server indexes, docs/design.md#every-format) and which pictures a browser may not decode itself, so that the
// viewer asks for a variant of them instead of the file's own bytes. The gallery is served as it is
// (no build step): test/gallery/formats-list.test.ts holds these lists equal to the server's table
// (src/core/formats/table.ts), so the two cannot drift apart.

/** Every extension the server indexes, lowercase without the dot. */
export const UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'avif', 'heic', 'heif', 'jxl', 'svg', 'gif', 'tif', 'tiff', 'bmp'];

/** Their media types. A picker filters by both: a system that does not know `image/jxl` or
 * `image/heic` still offers `.jxl` and `.heic` files by their extension. */
export const UPLOAD_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/heic',
  'image/heif',
  'image/jxl',
  'image/svg+xml',
  'image/gif',
  'image/tiff',
  'image/bmp',
];

/** The upload input's `accept`. */
export const UPLOAD_ACCEPT = [...UPLOAD_TYPES, ...UPLOAD_EXTENSIONS.map((ext) => `.${ext}`)].join(',');

/** Types every current browser shows in an <img> (Chromium and Firefox decode neither JPEG XL nor
 * HEIC, nor TIFF): the rest are shown through a variant. */
export const BROWSER_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'image/svg+xml', 'image/bmp'];

/** The longest side of the variant the viewer shows in place of a file the browser cannot decode:
 * a 4K screen's width, the variants' own limit being 5000. */
const VIEW_MAX = 3840;

/**
 * The URL the viewer shows a wallpaper from: its own bytes where the browser decodes them, else a
 * JPEG variant of its full size (at most VIEW_MAX a side).
 * @param {{ url: string, content_type: string, width: number, height: number }} w
 */
export function viewableUrl(w) {
  if (BROWSER_TYPES.includes(w.content_type)) return w.url;
  const scale = Math.min(1, VIEW_MAX / Math.max(w.width, w.height));
  const width = Math.max(1, Math.round(w.width * scale));
  const height = Math.max(1, Math.round(w.height * scale));
  return `${w.url}?w=${width}&h=${height}&fit=inside&as=jpeg`;
}
