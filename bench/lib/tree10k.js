// The rescan figure's library: 10,000 small real files (one tiny JPEG with a unique trailer each,
// so every file has its own bytes) in 100 folders, indexed through the Store with their real sizes
// and mtimes, so a rescan finds them all unchanged. Cached in bench/.corpus/.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { SCHEMA_VERSION } from '../../dist/core/store/index.js';
import { makeRecord, writeRecords } from './records.js';
import { seededRandom } from './util.js';

export const TREE_FILES = 10_000;
const PER_FOLDER = 100;
const RECIPE_VERSION = 2;

export async function ensureTree10k(root, { log }) {
  const home = join(root, 'home-10k');
  const tree = join(root, 'tree-10k');
  const markerFile = join(home, 'bench-marker.json');
  const marker = JSON.stringify({ version: RECIPE_VERSION, schema: SCHEMA_VERSION, count: TREE_FILES });
  if (existsSync(markerFile) && readFileSync(markerFile, 'utf8') === marker) return { home, tree, count: TREE_FILES };

  log(`making the ${TREE_FILES.toLocaleString('en-US')}-file library in ${tree} (once; cached for later runs)`);
  rmSync(home, { recursive: true, force: true });
  rmSync(tree, { recursive: true, force: true });
  mkdirSync(home, { recursive: true });
  const template = await sharp({ create: { width: 96, height: 54, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const random = seededRandom(10_000);
  const records = [];
  for (let i = 0; i < TREE_FILES; i++) {
    const folder = join(tree, `album-${String(Math.floor(i / PER_FOLDER)).padStart(2, '0')}`);
    if (i % PER_FOLDER === 0) mkdirSync(folder, { recursive: true });
    const record = makeRecord(random, i, join(folder, `photo-${String(i).padStart(5, '0')}`));
    const path = record.path.replace(/\.(png|webp|jpeg)$/, '.jpg');
    // Bytes after the JPEG end marker are ignored by decoders: a cheap way to make distinct files.
    writeFileSync(path, Buffer.concat([template, Buffer.from(`bench-${i}`)]));
    const info = statSync(path);
    records.push({
      path,
      state: { size: info.size, mtimeMs: Math.trunc(info.mtimeMs) },
      analysis: { ...record.analysis, format: 'jpeg', content_type: 'image/jpeg' },
    });
  }
  writeRecords(join(home, 'index.sqlite'), records);
  writeFileSync(join(home, 'settings.json'), JSON.stringify({ folders: [tree] }, null, 2));
  writeFileSync(markerFile, marker);
  return { home, tree, count: TREE_FILES };
}
