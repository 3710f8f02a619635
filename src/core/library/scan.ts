// A scan: walk the folders, diff against the index, read and analyse each new or changed file once
// (hash, analysis and thumbnail from one buffer and one decode), write results in batched
// transactions, drop what is gone. A scan killed at any moment leaves a consistent index: every
// batch is one transaction, and the next scan's diff picks up whatever was not written.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { readFile } from 'node:fs/promises';
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
import { ownFolders } from '../settings/index.js';
import type { FileResult, Store } from '../store/index.js';
import type { ThumbnailCache } from './thumbnails.js';
import type { ScanProblem, ScanProgress, ScanSummary, Settings } from '../types.js';
import { walkFolders } from './walk.js';
import { TIMED_ONLY, analyseDynamic } from './read-dynamic.js';
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
  const diff = diffFiles(store.fileStates(), walk.files, walk.unreachable);
  const toRead = [...diff.added, ...diff.changed];
  const progress: ScanProgress = { toRead: toRead.length, read: 0, failed: 0 };
  const vanished: ScanProblem[] = [];
  const summary = { added: 0, updated: 0, removed: 0 };
  // A wallpaper added in one batch and settled in a later one (a KDE package's link read before
  // the file it points to) was added by this scan, not updated (issue 24).
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
      while (next < toRead.length) {
        const path = toRead[next++]!;
        const state = walk.files.get(path)!;
        const result = await readOne(path, state, settings.thumbnail_size, analyzeImage, thumbnails);
        progress.read++;
        if (result === 'vanished') vanished.push({ path, error: 'vanished during the scan' });
        else batch.push(result);
        if (result === 'vanished' || result.error) progress.failed++;
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
    skipped: walk.skipped,
    unavailable,
  };
}

type Analyze = Analyzer['analyzeImage'];

const extOf = (path: string) => path.slice(path.lastIndexOf('.') + 1).toLowerCase();
/** The largest timed XML or .stw read (dynamic/xml.ts's bound). */
const MAX_TIMED_FILE_BYTES = 1024 * 1024;

/** Read, hash, analyse and thumbnail one file; a failure becomes a reported result, never a throw.
 * A file that vanished since the walk is not recorded at all. */
async function readOne(
  path: string,
  state: FileState,
  thumbnailSize: number,
  analyzeImage: Analyze,
  thumbnails: ThumbnailCache,
): Promise<FileResult | 'vanished'> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
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
    await thumbnails.write(analysis.id, thumbnailSize, thumbnail);
    return { path, state: readState, analysis };
  } catch (error) {
    return { path, state: readState, error: oneLine(error) };
  }
}
