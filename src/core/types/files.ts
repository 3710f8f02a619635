// Files the core hands out: a wallpaper's file checked against the index (verified or opened), an
// image file on disk, a sized variant, and the files of an upload.
import type { FileHandle } from 'node:fs/promises';
import type { Wallpaper } from './records.js';

/** A wallpaper's file checked against the index: same size and mtime as when it was indexed. */
export interface VerifiedFile {
  wallpaper: Wallpaper;
  /** The path whose identity matched (the canonical one, or another indexed path of the same bytes). */
  path: string;
  size: number;
  mtimeMs: number;
}

/** An open file whose size and mtime matched the index; the caller must close `handle`. */
export interface OpenedFile {
  handle: FileHandle;
  path: string;
  size: number;
  mtimeMs: number;
  /** Set when this is the frame for now of a timed wallpaper (a GNOME XML, a .stw: docs/design.md#the-time-of-day),
   * opened in place of the timed file `of` (checked as indexed): the frame's own type and name. */
  frame?: { of: string; contentType: string; filename: string };
}

/** A variant's bytes: an open cached file, or bytes just rendered. */
export type VariantBody = { handle: FileHandle; size: number; mtimeMs: number } | { bytes: Buffer; size: number; mtimeMs: number };

/** A sized variant of a wallpaper, ready to send. */
export interface VariantFile {
  body: VariantBody;
  contentType: string;
  /** `<stem>-<w>x<h>.<ext>` */
  filename: string;
  /** Strong, per wallpaper and variant. */
  etag: string;
  /** The canonical query of this variant: its {id} URL is `/api/wallpapers/<id>/image?<query>`. */
  query: string;
  width: number;
  height: number;
  /** Made from a timed wallpaper's frame for now: another frame later under the same URL. */
  frame?: true;
}

export interface UploadedFile {
  /** A temporary file holding the uploaded bytes (moved into place or removed by `add`). */
  tempPath: string;
  /** The client's file name, untrusted. */
  originalName: string;
}

/** The files of one upload request (Library.startUpload). */
export interface UploadBatch {
  /** A new temp file in the upload folder for one uploaded file; the caller writes its bytes there. */
  file(originalName: string): string;
  /** Files handed out so far. */
  readonly size: number;
  /** Decode, place and index them all, or none (Library.add). */
  commit(): Promise<Wallpaper[]>;
  /** Remove every temp file still there: call it on every path, after commit or instead of it. */
  discard(): Promise<void>;
}

export interface ImageFile {
  path: string;
  size: number;
  mtimeMs: number;
  contentType: string;
  filename: string;
}

// A sized variant's words and request (docs/design.md#beyond-the-specification; parsed in variants/spec.ts).
export const FITS = ['cover', 'contain', 'inside'] as const;
export const CROPS = ['attention', 'entropy', 'center'] as const;
export const OUTPUT_FORMATS = ['jpeg', 'webp', 'avif', 'png', 'bmp'] as const;
export type Fit = (typeof FITS)[number];
export type Crop = (typeof CROPS)[number];
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** A requested variant, defaults applied except the output format (the source's own by default). */
export interface VariantSpec {
  w?: number;
  h?: number;
  fit: Fit;
  crop: Crop;
  as?: OutputFormat;
  quality?: number;
  enlarge: boolean;
  /** E-paper (docs/frame.md#e-paper-frames): a palette's canonical text (a name or RRGGBB,...), its
   * dithering, and a clockwise turn of the answer. */
  palette?: string;
  dither?: 'fs' | 'atkinson' | 'none';
  rotate?: 90 | 180 | 270;
}
