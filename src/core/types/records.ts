// The records the core answers with: the Wallpaper of the API spec (section 2.1), the parsed
// filters, a page of the list, the screen a pick is for. A leaf: it imports only leaf modules, so
// nothing that imports it is imported back (no cycle, type imports included).
import type { AspectRatio, Brightness, Hue, Orientation } from '../classify.js';
import type { CurationFilters } from '../curate/filter-params.js';
import type { PaletteColor } from '../curate/palette.js';
import type { SourceCredit } from '../sources/types.js';

/** A wallpaper as the API spec's section 2.1 describes it, fields in the spec's order. */
export interface Wallpaper {
  id: string;
  filename: string;
  path: string;
  url: string;
  thumbnail_url: string;
  width: number;
  height: number;
  size_bytes: number;
  added_at: string;
  content_type: string;
  brightness: Brightness;
  aspect_ratio: AspectRatio;
  orientation: Orientation;
  luminance: number;
  dominant_hue: Hue;
  /** `/api/wallpapers/<id>/download/<filename>`: the bytes of `url` under the file's own name. */
  download_url: string;
  /** Up to 5 colours and the share of the image each covers, largest first. */
  palette: PaletteColor[];
  favorite: boolean;
  hidden: boolean;
  /** Folder tags and user tags, sorted. */
  tags: string[];
  /** The id of its designer light/dark counterpart (a GNOME or KDE pair, or `-light`/`-dark`
   * names), or null. */
  pair_id: string | null;
  /** The name its package gives it (KDE metadata, a GNOME background list), else the file name
   * without its extension (CONTRACT.md 7.6). */
  title: string;
  /** Where a fetched wallpaper came from and whom to credit (CONTRACT.md 7.3), or null. */
  source: SourceCredit | null;
}

/** The `format` filter's words: the extensions of formats/table.ts. */
export type ImageFormatName = 'jpg' | 'jpeg' | 'png' | 'webp' | 'avif' | 'heic' | 'heif' | 'jxl' | 'svg' | 'gif' | 'tif' | 'tiff' | 'bmp';

/** Parsed filters: only the applied ones are present (this object is the `filters` echo). */
export interface Filters extends CurationFilters {
  brightness?: Brightness;
  aspect_ratio?: AspectRatio;
  orientation?: Orientation;
  dominant_hue?: Hue;
  format?: ImageFormatName;
  min_width?: number;
  min_height?: number;
  max_width?: number;
  max_height?: number;
}

export interface Paging {
  page: number;
  limit: number;
}

export interface ListResponse {
  wallpapers: Wallpaper[];
  pagination: { total: number; page: number; limit: number; total_pages: number };
  filters?: Filters;
}

/** A screen in pixels; `upscale` (default 1): how much a wallpaper may be enlarged to fit it and
 * still count as fitting. */
export interface Screen {
  w: number;
  h: number;
  upscale?: number;
}

/** A picked wallpaper with a file that can be handed to a desktop tool. */
export interface PickedFile {
  wallpaper: Wallpaper;
  path: string;
}
