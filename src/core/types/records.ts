// The records the core answers with: the Wallpaper of the API spec (section 2.1), the parsed
// filters, a page of the list, the screen a pick is for. A leaf: it imports only leaf modules, so
// nothing that imports it is imported back (no cycle, type imports included).
import type { SourceCredit } from './sources.js';

// The spec's category words (section 2), the classifiers' answers (analysis/classify.ts).
export const BRIGHTNESS = ['light', 'dark', 'medium'] as const;
export const ASPECT_RATIOS = ['16:9', '4:3', 'ultrawide', 'square', 'portrait', 'custom'] as const;
export const ORIENTATIONS = ['landscape', 'portrait', 'square'] as const;
export const HUES = ['red', 'green', 'blue', 'warm', 'cool', 'neutral'] as const;

export type Brightness = (typeof BRIGHTNESS)[number];
export type AspectRatio = (typeof ASPECT_RATIOS)[number];
export type Orientation = (typeof ORIENTATIONS)[number];
export type Hue = (typeof HUES)[number];

/** One colour of a wallpaper's palette and the share of the picture it covers. */
export interface PaletteColor {
  color: string;
  share: number;
}

export interface CurationFilters {
  /** Colours as 6 lowercase hex digits, each covering at least MIN_COLOR_SHARE of a match. */
  color?: string[];
  /** OKLab distance within which a palette colour counts as the asked one (with `color`). */
  color_tolerance?: number;
  tag?: string[];
  /** The search words, lowercase, joined by one space. */
  q?: string;
  favorite?: boolean;
  /** true: only hidden ones; 'any': hidden or not; absent or false: hidden ones are left out. */
  hidden?: boolean | 'any';
}

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
   * without its extension (docs/design.md#titles). */
  title: string;
  /** Where a fetched wallpaper came from and whom to credit (docs/design.md#sources), or null. */
  source: SourceCredit | null;
  /** A wallpaper that changes with the time of day (docs/design.md#the-time-of-day), or null. */
  dynamic: DynamicInfo | null;
}

/** What a dynamic wallpaper's record says of it: a timed XML, .stw or Apple h24 HEIC is `timed`, an
 * Apple solar HEIC `solar`, an Apple appearance HEIC `light-dark`; `frames`: its distinct images. */
export interface DynamicInfo {
  kind: 'timed' | 'solar' | 'light-dark';
  frames: number;
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
  /** An exact shape, width:height (`16:10`) or a decimal (`1.6`), matched within 1% (query/ratio.ts). */
  ratio?: string;
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

/** A wallpaper as duplicate grouping sees it (curate/duplicates.ts; the store reads them). */
export interface Candidate {
  id: string;
  fingerprint: Uint8Array;
  width: number;
  height: number;
  size_bytes: number;
  content_type: string;
  /** The grey grid (analysis/grid.ts), when the caller has it at hand; otherwise grouping asks the
   * store for it (curate/duplicates.ts). */
  grid?: Uint8Array | null;
}

/** One file on the screen as `current` and `back` report it: on a monitor (null: every one), in a
 * slot (null: both), with its record, or null for a file this library does not know. */
export interface ShownEntry {
  monitor: string | null;
  slot: 'light' | 'dark' | null;
  path: string;
  wallpaper: Wallpaper | null;
}
