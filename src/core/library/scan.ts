// A scan: walk the folders, diff against the index, read and analyse each new or changed file once
// (hash, analysis and thumbnail from one buffer and one decode), write results in batched
// transactions, drop what is gone. A scan killed at any moment leaves a consistent index: every
// batch is one transaction, and the next scan's diff picks up whatever was not written.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { diffFiles, type FileState } from './diff.js';
import { folderTagsById } from '../curate/index.js';
import { sourcesRoot } from '../sources/index.js';
import { withSourceTags, withSourceTitles } from '../sources/index.js';
import { findPairs } from '../packages/index.js';
import { findTitles } from '../packages/index.js';
import { oneLine } from '../errors.js';
import { formatInfo } from '../formats/index.js';
import { sweepStaleUploads } from './intake.js';
import { SCAN_BATCH_SIZE, STALE_UPLOAD_AGE_MS } from '../limits.js';
import type { LibraryDirs } from '../settings/index.js';
import { SMALL_HINT, ownFolders, parseMinSize, smallerReason, smallerThan } from '../settings/index.js';
import type { FileResult, Store } from '../store/index.js';
import type { ThumbnailCache } from './thumbnails.js';
import type { ScanProblem, ScanProgress, ScanSummary, Settings } from '../types.js';
import { walkFolders } from './walk.js';
import { ReadBuffer } from './read-buffer.js';
import { analyseDynamic } from './read-dynamic.js';
import { TIMED_ONLY } from './timed-only.js';
import { type Analyzer, loadAnalyzer } from '../analysis/index.js';

export interface ScanContext {
  /** The library's homes: their own folders are never scanned, even inside a library folder. */
  dirs: LibraryDirs;
  store: Store;
  thumbnails: ThumbnailCache;
  settings: Settings;
  onProgress?: (progress: ScanProgress) => void;
}

/** Files decoded at once: one per core keeps both cores busy while one file is being read. */
const CONCURRENCY = Math.max(2, availableParallelism());

export async function runScan({ dirs, store, thumbnails, settings, onProgress }: ScanContext): Promise<ScanSummary> {
  const started = performance.now();
  // Uploads abandoned by a killed server are dropped here too, so cron scans clean up as well.
  await sweepStaleUploads(settings.upload_folder, STALE_UPLOAD_AGE_MS);
  // The sources' folder once a fetch made it (absent, it is nothing to report).
  const fetched = existsSync(sourcesRoot(dirs)) ? [sourcesRoot(dirs)] : [];
  const walk = await walkFolders([...settings.folders, settings.upload_folder, ...fetched], ownFolders(dirs));
  const diff = diffFiles(withMinSize(store, settings.min_size), walk.files, walk.unreachable);
  const toRead = [...diff.added, ...diff.changed];
  const progress: ScanProgress = { toRead: toRead.length, read: 0, failed: 0 };
  const minSize = parseMinSize(settings.min_size);
  const sizeLimit = minSize && minSize[0] > 0 ? { limits: minSize, reason: smallerReason(settings.min_size) } : undefined;
  // With min_size off, the pictures this scan indexed under 320x200 (the summary's hint).
  let small = 0;
  const vanished: ScanProblem[] = [];
  const summary = { added: 0, updated: 0, removed: 0 };
  // A wallpaper added in one batch and settled in a later one (a KDE package's link read before
  // the file it points to) was added by this scan, not updated.
  const addedNow = new Set<string>();
  const count = (effect: { added: string[]; removed: string[]; updated: string[] }) => {
    for (const id of effect.added) addedNow.add(id);
    summary.added += effect.added.length;
    summary.removed += effect.removed.length;
    summary.updated += effect.updated.filter((id) => !addedNow.has(id)).length;
  };
  onProgress?.({ ...progress });

  if (toRead.length > 0) {
    // sharp is loaded only when there is something to decode.
    const { analyzeImage } = await loadAnalyzer();
    let batch: FileResult[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const effect = store.writeFiles(batch, new Date().toISOString());
      batch = [];
      count(effect);
      await thumbnails.drop(effect.removed);
    };
    let next = 0;
    const worker = async () => {
      // Each file is done with (hashed, decoded, its thumbnail written) before the next is read.
      const reader = new ReadBuffer();
      while (next < toRead.length) {
        const path = toRead[next++]!;
        const state = walk.files.get(path)!;
        const result = await readOne(reader, path, state, settings.thumbnail_size, analyzeImage, thumbnails, sizeLimit);
        progress.read++;
        if (result === 'vanished') vanished.push({ path, error: 'vanished during the scan' });
        else batch.push(result);
        if (result === 'vanished' || (result.error && result.error !== sizeLimit?.reason)) progress.failed++;
        const { width = 0, height = 0 } = result === 'vanished' ? {} : (result.analysis ?? {});
        if (!sizeLimit && width > 0 && smallerThan(width, height, [SMALL_HINT.width, SMALL_HINT.height])) small++;
        onProgress?.({ ...progress });
        if (batch.length >= SCAN_BATCH_SIZE) await flush();
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, toRead.length) }, worker));
    await flush();
  }

  const gone = store.removeFiles(diff.removed);
  count(gone);
  await thumbnails.drop(gone.removed);
  const unavailable = store.setAway(diff.away);
  // The pairs, the folder tags and the titles follow from every indexed file's path: read them once.
  // The tags and titles are remade only when a file or the folders changed since they were last made
  // (the pairs also read GNOME's XML files, which the index does not follow: always remade).
  const folders = JSON.stringify(settings.folders);
  const stale = store.folderTagsStale(folders);
  const files = store.filesWithIds();
  store.setPairs(
    await findPairs(
      files.map(([path]) => path),
      settings.folders,
    ),
  );
  if (stale !== undefined) {
    store.setFolderTags(withSourceTags(folderTagsById(files, settings.folders), files, sourcesRoot(dirs)));
    store.setTitles(
      files,
      withSourceTitles(
        await findTitles(
          files.map(([path]) => path),
          settings.folders,
        ),
        store.sources.titles(),
      ),
    );
    store.noteFolderTags(stale, folders);
  }

  return {
    ...summary,
    unchanged: diff.unchanged.length,
    duplicates: store.duplicates(),
    failed: [...walk.problems, ...vanished, ...store.failures()],
    total: store.count(),
    hidden: store.count({ hidden: true }),
    duration_ms: Math.round(performance.now() - started),
    skipped: [...walk.skipped, ...store.smallerSkipped()],
    unavailable,
    ignored: store.ignoredCount(),
    ...(small > 0 ? { small } : {}),
  };
}

/** The index's file states, less those min_size says to read again: files left out under another
 * min_size (they may be big enough now), and with min_size on, the files of wallpapers smaller than
 * it (read again, they leave the index: docs/cli.md#wallpaper-config). */
function withMinSize(store: Store, minSize: string): Map<string, FileState> {
  const states = store.fileStates();
  const reason = smallerReason(minSize);
  for (const { path, reason: was } of store.smallerSkipped()) if (was !== reason) states.delete(path);
  const limits = parseMinSize(minSize);
  if (limits && limits[0] > 0) for (const path of store.pathsSmallerThan(limits[0], limits[1])) states.delete(path);
  return states;
}

type Analyze = Analyzer['analyzeImage'];

const extOf = (path: string) => path.slice(path.lastIndexOf('.') + 1).toLowerCase();
/** The largest timed XML or .stw read (dynamic/xml.ts's bound). */
const MAX_TIMED_FILE_BYTES = 1024 * 1024;

/** Read, hash, analyse and thumbnail one file; a failure becomes a reported result, never a throw.
 * A file that vanished since the walk is not recorded at all. Nothing returned keeps `reader`'s bytes. */
async function readOne(
  reader: ReadBuffer,
  path: string,
  state: FileState,
  thumbnailSize: number,
  analyzeImage: Analyze,
  thumbnails: ThumbnailCache,
  sizeLimit?: { limits: [number, number]; reason: string },
): Promise<FileResult | 'vanished'> {
  // Under min_size: left out, its reason recorded (so it is not read again until min_size changes).
  const tooSmall = (width: number, height: number) => sizeLimit !== undefined && smallerThan(width, height, sizeLimit.limits);
  let bytes: Buffer;
  try {
    bytes = await reader.read(path, state.size);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'vanished';
    return { path, state, error: `cannot be read: ${oneLine(error)}` };
  }
  // The state written is what was read, so a file that changed since the walk is read again next time.
  const readState = { ...state, size: bytes.length };
  if (bytes.length === 0) return { path, state: readState, error: 'empty file (0 bytes)' };
  // A timed file is small: a large XML is some other document, not read.
  if (TIMED_ONLY.has(extOf(path)) && bytes.length > MAX_TIMED_FILE_BYTES) return { path, state: readState };
  try {
    const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
    const dynamic = await analyseDynamic(path, bytes, ext, thumbnailSize);
    // An XML that is no timed background: no wallpaper, no failure (recorded, so not read again).
    if (!dynamic && TIMED_ONLY.has(ext)) return { path, state: readState };
    if (dynamic && tooSmall(dynamic.analysis.width, dynamic.analysis.height)) return { path, state: readState, error: sizeLimit!.reason };
    if (dynamic) {
      await thumbnails.write(dynamic.analysis.id, thumbnailSize, dynamic.thumbnail);
      return {
        path,
        state: readState,
        analysis: dynamic.analysis,
        dynamic: dynamic.dynamic,
        ...(dynamic.format ? { format: dynamic.format } : {}),
      };
    }
    const { analysis, thumbnail } = await analyzeImage(bytes, thumbnailSize, ext);
    const { label, extensions } = formatInfo(analysis.format);
    if (!extensions.includes(ext)) return { path, state: readState, error: `a ${label} image named .${ext}` };
    if (tooSmall(analysis.width, analysis.height)) return { path, state: readState, error: sizeLimit!.reason };
    await thumbnails.write(analysis.id, thumbnailSize, thumbnail);
    return { path, state: readState, analysis };
  } catch (error) {
    return { path, state: readState, error: oneLine(error) };
  }
}
