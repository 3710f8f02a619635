// Realistic synthetic wallpaper records for the big indexes: resolutions, formats and analysis
// categories spread as in real wallpaper folders, written through the project's own Store exactly
// as a scan writes them (batched transactions), so the index has the real schema and indexes.
import { createHash } from 'node:crypto';
import { classifyShapeAndBrightness } from '../../dist/core/analysis/classify.js';
import { openStore } from '../../dist/core/store/index.js';
import { curationOf } from './curation-records.js';
import { weighted } from './util.js';

/** Resolutions with rough popularity: 16:9 dominates, then 16:10, ultrawide, 4:3 and phones. */
const RESOLUTIONS = [
  [[1920, 1080], 30],
  [[2560, 1440], 18],
  [[3840, 2160], 16],
  [[5120, 2880], 4],
  [[1920, 1200], 6],
  [[2560, 1600], 5],
  [[3440, 1440], 5],
  [[2560, 1080], 2],
  [[1600, 1200], 3],
  [[1024, 768], 2],
  [[1080, 1920], 5],
  [[1170, 2532], 2],
  [[2048, 2048], 2],
];
const FORMATS = [
  ['jpg', 70],
  ['png', 14],
  ['webp', 11],
  ['jpeg', 5],
];
const HUES = [
  ['blue', 26],
  ['neutral', 22],
  ['warm', 20],
  ['green', 14],
  ['cool', 10],
  ['red', 8],
];
const CONTENT_TYPES = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Records written per transaction: a scan writes 64; bigger only makes building faster. */
const BUILD_BATCH = 2000;

/** Earlier records' curation data, for the planted near-duplicates (a bounded sample). */
const earlier = [];

/** One record: `target(format)` gives the {size, mtimeMs} of the file it stands for. */
export function makeRecord(random, i, path) {
  if (i === 0) earlier.length = 0; // a second index made in one run gets the same records
  const [width, height] = weighted(random, RESOLUTIONS);
  const format = weighted(random, FORMATS);
  // Luminance skewed dark, as wallpaper collections are (dark desktop themes).
  const luminance = Math.round(Math.min(0.98, Math.max(0.02, random() ** 1.4)) * 10000) / 10000;
  const dominant_hue = weighted(random, HUES);
  const curation = curationOf(random, i, luminance, dominant_hue, earlier);
  if (earlier.length < 5000) earlier.push(curation);
  else earlier[i % 5000] = curation;
  return {
    path: `${path}.${format}`,
    format,
    analysis: {
      id: createHash('sha256').update(`bench-wallpaper-${i}`).digest('hex').slice(0, 16),
      format: format === 'jpg' ? 'jpeg' : format,
      content_type: CONTENT_TYPES[format],
      width,
      height,
      luminance,
      ...classifyShapeAndBrightness(width, height, luminance),
      dominant_hue,
      ...curation,
    },
  };
}

/**
 * Write `records` ({path, state, analysis}) through Store.writeFiles in batches; batch k gets an
 * added_at `k` minutes after `start`, like a library that grew over many scans.
 */
export function writeRecords(indexFile, records, start = Date.UTC(2024, 0, 1)) {
  const store = openStore(indexFile);
  try {
    for (let k = 0; k * BUILD_BATCH < records.length; k++) {
      const batch = records.slice(k * BUILD_BATCH, (k + 1) * BUILD_BATCH);
      store.writeFiles(batch, new Date(start + k * 60_000).toISOString());
    }
  } finally {
    store.close();
  }
}
