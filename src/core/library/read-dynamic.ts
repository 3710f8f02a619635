// A scan's read of a file that may be a dynamic wallpaper (docs/design.md#the-time-of-day): a timed XML, a .stw or
// an Apple dynamic HEIC is one wallpaper, its id its own bytes', its analysis, thumbnail and
// filters its noon frame's (a timed file's `format` is its frame's extension: the bytes /image
// sends). An XML that is no timed background is no wallpaper at all. Every frame file must be there
// and an image, or the file is malformed and skipped with the reason.
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { type Analyzer, loadAnalyzer } from '../analysis/index.js';
import { checkFrames, noonFrame, readDynamic, summaryOf } from '../dynamic/index.js';
import { INDEXED_EXTENSIONS, extensionOf } from '../formats/index.js';
import type { DynamicInfo } from '../types.js';

type Analysed = Awaited<ReturnType<Analyzer['analyzeImage']>> & { dynamic: DynamicInfo; format?: string };

/** Extensions whose files may hold a dynamic wallpaper. */
const MAY_BE_DYNAMIC = new Set(['xml', 'stw', 'heic', 'heif']);

/**
 * The dynamic wallpaper `bytes` hold, analysed by its noon frame; undefined when they hold none (an
 * ordinary HEIC, an XML of another kind). Throws MalformedDynamic (and the analyser's errors, for a
 * noon frame that does not decode) with the reason.
 */
export async function analyseDynamic(path: string, bytes: Buffer, ext: string, thumbnailSize: number): Promise<Analysed | undefined> {
  if (!MAY_BE_DYNAMIC.has(ext)) return undefined;
  const dynamic = readDynamic(path, bytes);
  if (!dynamic) return undefined;
  await checkFrames(dynamic);
  const { analyzeImage, contentId } = await loadAnalyzer();
  const frame = dynamic.frames[noonFrame(dynamic)]!;
  if ('image' in frame) return { ...(await analyzeImage(bytes, thumbnailSize, ext, { image: frame.image })), dynamic: summaryOf(dynamic) };
  const frameExt = extname(frame.path).slice(1).toLowerCase();
  const analysed = await analyzeImage(await readFile(frame.path), thumbnailSize, frameExt);
  const format = (INDEXED_EXTENSIONS as readonly string[]).includes(frameExt) ? frameExt : extensionOf(analysed.analysis.format);
  return { ...analysed, analysis: { ...analysed.analysis, id: contentId(bytes) }, dynamic: summaryOf(dynamic), format };
}
