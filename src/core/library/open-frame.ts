// The bytes behind a timed wallpaper's {id} (docs/design.md#the-time-of-day): a GNOME timed XML or a .stw, checked
// as indexed like any file, stands for the image file of its frame for now, and that file is what
// /image sends (its own bytes and type), what variants and thumbnails are made from. Its frame
// files are not the index's (they may live outside every library folder): each is opened as it is
// now, a regular file only. An Apple HEIC is one file: it is sent as itself.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { readRange } from '../common/index.js';
import { frameAt, readDynamic } from '../dynamic/index.js';
import { contentTypeOf, formatOfExtension, sniffFormat } from '../formats/index.js';
import type { OpenedFile } from '../types.js';
import { isTimedOnly } from './timed-only.js';

/** `opened` itself, or, for a timed file, its frame for `now` opened in its place (the timed file
 * closed); undefined when that frame cannot be opened now (gone since the scan). */
export async function frameInstead(opened: OpenedFile, now = new Date()): Promise<OpenedFile | undefined> {
  if (!isTimedOnly(opened.path)) return opened;
  let path: string;
  try {
    const dynamic = readDynamic(opened.path, await readRange(opened.handle, 0, opened.size));
    const frame = dynamic?.frames[frameAt(dynamic, now).frame];
    if (!frame || !('path' in frame)) return undefined;
    path = frame.path;
  } catch {
    return undefined; // changed into something unplayable since the scan: the rescan will say why
  } finally {
    await opened.handle.close();
  }
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK).catch(() => undefined);
  if (!handle) return undefined;
  const info = await handle.stat();
  if (!info.isFile()) {
    await handle.close();
    return undefined;
  }
  const head = await readRange(handle, 0, Math.min(info.size, 64));
  const format = formatOfExtension(extname(path).slice(1).toLowerCase())?.name ?? sniffFormat(head);
  return {
    handle,
    path,
    size: info.size,
    mtimeMs: info.mtimeMs,
    frame: {
      of: opened.path,
      contentType: format ? contentTypeOf(format, extname(path).slice(1)) : 'application/octet-stream',
      filename: basename(path),
    },
  };
}
