// Figure: resident memory of `wallpaper serve` on the 100,000-wallpaper index after 10,000 mixed
// requests: gallery-like list pages, random picks, single records, images and thumbnails.
import { listPaths } from '../lib/queries.js';
import { sizeOf } from './json.js';
import { startWallpaper } from '../lib/servers.js';
import { runWrk, writeScript } from '../lib/wrk.js';

const REQUESTS = 10_000;
/** Thumbnails requested: a few screens of a gallery, made on demand on first request (the 100k
 * records point at links, so their thumbnails are not cached beforehand). */
const THUMBNAIL_IDS = 20;
/** The RSS targets: 250 MB at 100k, 400 MB at a million. */
const targetMb = (big) => (big.count >= 1_000_000 ? 400 : 250);

async function idsOf(base, count) {
  const response = await fetch(`${base}/api/wallpapers?limit=200&page=7`);
  const { wallpapers } = await response.json();
  return wallpapers.slice(0, count).map((w) => w.id);
}

export async function memoryFigure({ big, options, scratch, log }) {
  const runs = options.quick ? 1 : Math.min(3, options.runs);
  const rss = [];
  const peaks = [];
  for (let run = 0; run < runs; run++) {
    const server = await startWallpaper(big.home);
    try {
      const ids = await idsOf(server.base, 100);
      const lists = listPaths();
      const paths = [];
      // Per 19 requests: 8 list pages, 4 random picks, 3 records, 2 thumbnails, 1 image, 1 random image.
      for (let i = 0; paths.length < 2000; i++) {
        const id = ids[i % ids.length];
        paths.push(...lists.slice((i * 8) % 96, ((i * 8) % 96) + 8));
        paths.push(
          '/api/wallpapers/random',
          '/api/wallpapers/random?brightness=dark',
          '/api/wallpapers/random?orientation=portrait',
          '/api/wallpapers/random?dominant_hue=blue&min_width=2560',
        );
        paths.push(`/api/wallpapers/${id}`, `/api/wallpapers/${ids[(i + 1) % ids.length]}`, `/api/wallpapers/${ids[(i + 2) % ids.length]}`);
        paths.push(`/api/wallpapers/${ids[i % THUMBNAIL_IDS]}/thumbnail`, `/api/wallpapers/${ids[(i + 7) % THUMBNAIL_IDS]}/thumbnail`);
        paths.push(`/api/wallpapers/${id}/image`, '/api/wallpapers/random/image?max_width=1920');
      }
      const script = writeScript(scratch, 'memory', paths, { stopAfter: REQUESTS });
      const started = performance.now();
      const result = runWrk(server.base, script, 600);
      const usage = server.rss();
      rss.push(usage.rss / 1e6);
      peaks.push(usage.peak / 1e6);
      log(
        `  memory run ${run + 1}: ${result.requests} requests in ${((performance.now() - started) / 1000).toFixed(1)} s, RSS ${(usage.rss / 1e6).toFixed(0)} MB (peak ${(usage.peak / 1e6).toFixed(0)} MB)`,
      );
    } finally {
      await server.stop();
    }
  }
  return [
    {
      name: `\`serve\` RSS at ${sizeOf(big)} after ${REQUESTS.toLocaleString('en-US')} mixed requests`,
      subject: { label: 'RSS', values: rss, unit: 'MB' },
      ratio: { kind: 'absolute', target: targetMb(big), unit: 'MB' },
      note: `peak RSS ${Math.round(Math.max(...peaks))} MB`,
    },
  ];
}
