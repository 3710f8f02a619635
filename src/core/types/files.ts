// Files the core hands out: a wallpaper's file checked against the index (verified or opened), an
// image file on disk, a sized variant, and the files of an upload.
import type { FileHandle } from 'node:fs/promises';
import type { VariantSpec } from '../variants/spec.js';
import type { Wallpaper } from './records.js';

export type { VariantSpec };

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
