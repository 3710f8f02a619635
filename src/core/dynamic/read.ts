// A file -> the dynamic wallpaper it holds, by its extension: GNOME's timed XML, a .stw, an Apple
// HEIC; and the check a scan makes before indexing one: every frame file there and an image.
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { oneLine } from '../errors.js';
import { probeImage } from '../formats/index.js';
import { parseAppleHeic } from './apple.js';
import { MalformedDynamic } from './frames.js';
import { parseGnomeXml } from './gnome.js';
import { parseStw } from './stw.js';
import type { Dynamic } from './timeline.js';

/** Extensions (lowercase, with the dot) of the timed files a library folder may hold besides images. */
export const TIMED_FILE_EXTENSIONS: readonly string[] = ['.xml', '.stw'];

/** The dynamic wallpaper in `bytes` (the file at `path`), or undefined when the file holds none (an
 * XML that is no timed background, an ordinary HEIC, any other image). MalformedDynamic when it is
 * one that cannot be played. */
export function readDynamic(path: string, bytes: Buffer): Dynamic | undefined {
  const ext = extname(path).toLowerCase();
  if (ext === '.xml') return parseGnomeXml(bytes.toString('utf8'), path);
  if (ext === '.stw') return parseStw(bytes.toString('utf8'), path);
  if (ext === '.heic' || ext === '.heif') return parseAppleHeic(bytes);
  return undefined;
}

/** Each frame file of a timed file exists and is an image (its header read, as for any image before
 * decoding); MalformedDynamic naming the first that is not. */
export async function checkFrames(dynamic: Dynamic): Promise<void> {
  for (const frame of dynamic.frames) {
    if (!('path' in frame)) continue;
    let bytes: Buffer;
    try {
      bytes = await readFile(frame.path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') throw new MalformedDynamic(`a missing frame file: ${frame.path}`);
      throw new MalformedDynamic(`frame ${frame.path} cannot be read: ${oneLine(error)}`);
    }
    try {
      await probeImage(bytes);
    } catch (error) {
      throw new MalformedDynamic(`frame ${frame.path} is not a decodable image: ${oneLine(error)}`);
    }
  }
}
