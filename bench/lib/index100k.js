// The 100,000-wallpaper data home of the HTTP, CLI and memory figures. Records are synthetic but
// realistic (lib/records.js) and written through the Store; each points at a symbolic link to a
// corpus file of its format, so image requests serve real bytes and `serve`'s start-up rescan finds
// every file unchanged (same size and mtime) and keeps the whole index. Cached in bench/.corpus/.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { SCHEMA_VERSION } from '../../dist/core/store/index.js';
import { makeRecord, writeRecords } from './records.js';
import { seededRandom } from './util.js';

export const BIG_INDEX = 100_000;
/** The million-wallpaper index of `--only million`. */
export const MILLION = 1_000_000;
/** Links per folder: a big library is spread over folders, and huge folders are slow to list. */
const PER_FOLDER = 1000;
const RECIPE_VERSION = 3; // 3: palettes and fingerprints

export const ensureIndex100k = (root, corpusFiles, { log }) => ensureBigIndex(root, corpusFiles, { log, count: BIG_INDEX });

/** A data home of `count` synthetic records (1000 links per folder), made once and cached. */
export function ensureBigIndex(root, corpusFiles, { log, count }) {
  const name = `${count / 1000}k`;
  const home = join(root, `home-${name}`);
  const links = join(root, `links-${name}`);
  const markerFile = join(home, 'bench-marker.json');
  const marker = JSON.stringify({
    version: RECIPE_VERSION,
    schema: SCHEMA_VERSION,
    count,
    corpus: corpusFiles.map((f) => f.path),
  });
  if (existsSync(markerFile) && readFileSync(markerFile, 'utf8') === marker) return { home, links, count, marker };

  log(`making the ${count.toLocaleString('en-US')}-wallpaper index in ${home} (once; cached for later runs)`);
  const started = performance.now();
  rmSync(home, { recursive: true, force: true });
  rmSync(links, { recursive: true, force: true });
  mkdirSync(home, { recursive: true });
  writeRecords(join(home, 'index.sqlite'), bigRecords(links, corpusFiles, count, { makeLinks: true }));
  writeFileSync(join(home, 'settings.json'), JSON.stringify({ folders: [links] }, null, 2));
  writeFileSync(markerFile, marker);
  log(`index made in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return { home, links, count, marker };
}

/** The records of a big index ({path, state, analysis}), the same every time for the same corpus;
 * with `makeLinks`, the links they point at are made too. */
export function bigRecords(links, corpusFiles, count, { makeLinks = false } = {}) {
  const byFormat = { jpg: [], jpeg: [], png: [], webp: [] };
  for (const file of corpusFiles) {
    const ext = extname(file.path).slice(1).toLowerCase();
    const info = statSync(file.path);
    const target = { path: file.path, size: info.size, mtimeMs: Math.trunc(info.mtimeMs) };
    byFormat[ext]?.push(target);
    if (ext === 'jpg') byFormat.jpeg.push(target); // a .jpeg link may point at JPEG bytes named .jpg
    if (ext === 'jpeg') byFormat.jpg.push(target);
  }
  const random = seededRandom(100_000);
  const records = [];
  for (let i = 0; i < count; i++) {
    const folder = join(links, `folder-${String(Math.floor(i / PER_FOLDER)).padStart(3, '0')}`);
    if (makeLinks && i % PER_FOLDER === 0) mkdirSync(folder, { recursive: true });
    const record = makeRecord(random, i, join(folder, `wallpaper-${String(i).padStart(6, '0')}`));
    const targets = byFormat[record.format].length ? byFormat[record.format] : byFormat.jpg;
    const target = targets[i % targets.length];
    if (makeLinks) symlinkSync(target.path, record.path);
    records.push({ path: record.path, state: { size: target.size, mtimeMs: target.mtimeMs, link: true }, analysis: record.analysis });
  }
  return records;
}
