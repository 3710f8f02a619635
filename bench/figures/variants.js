// Figures of sized variants and seeded random picks.
// - cold variant: 6000x4000 JPEG -> 2560x1440 WebP, cover, attention, at concurrency 2, against a
//   bare sharp script doing the same resize on the same file in the same run (target 0.8x);
// - cold variant: a 36 MP JPEG -> inside 500x500, req/s per core against imgproxy's published 9.67
//   req/s on 4 vCPU, 2.4 per core (target 1.0x of that);
// - a warm (cached) variant against sirv serving the very file from the cache (target 0.9x);
// - /random?client= against /random on the 100k index, same server, same run (target 0.8x).
// Cold requests are made cold by a budget of 0 (nothing kept) and a different height per request.
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { openLibrary } from '../../dist/core/library/facade.js';
import { pairedRuns, rateSides } from '../lib/paired.js';
import { startSirv, startWallpaper } from '../lib/servers.js';
import { writeScript } from '../lib/wrk.js';

/** A photo-like JPEG (noise over a gradient: real entropy, so decoding costs what a photo costs). */
async function photo(path, width, height) {
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#1d3b5a"/><stop offset="1" stop-color="#d9a05b"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const noise = await sharp({ create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 24 } } })
    .png()
    .toBuffer();
  await sharp(gradient)
    .composite([{ input: noise, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .toFile(path);
}

/** Requests completed in `seconds` by `concurrency` loops, each asking `next()` for its URL. */
async function timedLoops(seconds, concurrency, work) {
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  let counter = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        await work(counter++);
        done++;
      }
    }),
  );
  return done / seconds;
}

async function fetchOk(url) {
  const response = await fetch(url);
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${Buffer.from(body).toString()}`);
}

export async function variantFigures({ options, scratch, log }) {
  const top = join(scratch, 'variants');
  rmSync(top, { recursive: true, force: true });
  const folder = join(top, 'library');
  mkdirSync(folder, { recursive: true });
  const big = join(folder, 'photo-6000x4000.jpg');
  const huge = join(folder, 'photo-36mp.jpg');
  await photo(big, 6000, 4000);
  await photo(huge, 7360, 4912);
  const home = join(top, 'home');
  const library = openLibrary({ home });
  library.updateSettings({ folders: [folder], variant_cache_bytes: 0 });
  await library.scan();
  const byName = new Map(library.list({}, { page: 1, limit: 10 }).wallpapers.map((w) => [w.filename, w]));
  library.close();
  const seconds = options.duration * 2;
  const rows = [];
  const server = await startWallpaper(home);
  try {
    // 1. Cold 6000x4000 -> 2560x1440 webp cover attention, concurrency 2, vs bare sharp.
    const cold = [];
    const bare = [];
    for (let run = 0; run < options.runs; run++) {
      bare.push(
        await timedLoops(seconds, 2, (i) =>
          sharp(big)
            .rotate()
            .resize({ width: 2560, height: 1440 - (i % 50), fit: 'cover', position: sharp.strategy.attention })
            .webp({ quality: 80, effort: 4 })
            .toBuffer(),
        ),
      );
      const url = (i) => `${server.base}${byName.get('photo-6000x4000.jpg').url}?w=2560&h=${1440 - (i % 50)}&as=webp`;
      cold.push(await timedLoops(seconds, 2, (i) => fetchOk(url(i))));
      log(`  cold variant run ${run + 1}: ${cold.at(-1).toFixed(2)} req/s vs bare sharp ${bare.at(-1).toFixed(2)} ops/s`);
    }
    rows.push({
      name: 'cold variant 6000x4000 JPEG -> 2560x1440 WebP, cover, attention, concurrency 2 (req/s)',
      subject: { label: 'wallpaper', values: cold, unit: 'req/s' },
      baseline: { label: 'bare sharp', values: bare, unit: 'ops/s' },
      ratio: { kind: 'rate', target: 0.8 },
    });

    // 2. Cold 36 MP -> inside 500x500, per core, vs imgproxy's published 9.67 req/s on 4 vCPU.
    const cores = availableParallelism();
    const perCore = [];
    for (let run = 0; run < options.runs; run++) {
      const url = (i) => `${server.base}${byName.get('photo-36mp.jpg').url}?w=${500 - (i % 50)}&h=500&fit=inside`;
      perCore.push((await timedLoops(seconds, cores, (i) => fetchOk(url(i)))) / cores);
      log(`  cold 36 MP run ${run + 1}: ${perCore.at(-1).toFixed(2)} req/s per core`);
    }
    rows.push({
      name: `cold variant 36 MP JPEG -> inside 500x500, per core (${cores} cores, concurrency ${cores}) (req/s)`,
      subject: { label: 'wallpaper', values: perCore, unit: 'req/s/core' },
      baseline: { label: "imgproxy's published", values: perCore.map(() => 9.67 / 4), unit: 'req/s/core' },
      ratio: { kind: 'rate', target: 1 },
      note: 'imgproxy: 9.67 req/s on 4 vCPU (its published benchmark), 2.42 per core; not run here',
    });
  } finally {
    await server.stop();
  }
  rows.push(...(await warmFigure({ home, top, byName, options, scratch, log })));
  return rows;
}

/** 3. A cached variant vs sirv serving the same file from the cache folder. */
async function warmFigure({ home, top, byName, options, scratch, log }) {
  const library = openLibrary({ home });
  library.updateSettings({ variant_cache_bytes: 1024 * 1024 * 1024 });
  library.close();
  const server = await startWallpaper(home);
  const path = `${byName.get('photo-6000x4000.jpg').url}?w=1920&h=1080&as=webp`;
  await fetchOk(server.base + path);
  const variants = join(home, 'variants');
  const [prefix] = readdirSync(variants);
  const [file] = readdirSync(join(variants, prefix)).filter((name) => !name.startsWith('.'));
  const served = join(top, 'sirv', file);
  mkdirSync(join(top, 'sirv'), { recursive: true });
  copyFileSync(join(variants, prefix, file), served);
  const sirv = await startSirv(top);
  try {
    const r = pairedRuns({
      subject: { base: server.base, script: writeScript(scratch, 'variant-warm', [path]) },
      baseline: { base: sirv.base, script: writeScript(scratch, 'variant-warm-sirv', [`/${relative(top, served)}`]) },
      runs: options.runs,
      seconds: options.duration,
      log,
      label: 'warm variant',
    });
    return [
      {
        name: 'warm (cached) variant 1920x1080 WebP (req/s)',
        ...rateSides(r, 'wallpaper', 'sirv'),
        ratio: { kind: 'rate', target: 0.9 },
      },
    ];
  } finally {
    await Promise.all([server.stop(), sirv.stop()]);
  }
}

/** 4. /random?client= vs /random on the 100k index, the same server. */
export function clientFigure({ server, options, scratch, log }) {
  const r = pairedRuns({
    subject: { base: server.base, script: writeScript(scratch, 'random-client', ['/api/wallpapers/random?client=bench']) },
    baseline: { base: server.base, script: writeScript(scratch, 'random-plain', ['/api/wallpapers/random']) },
    runs: options.runs,
    seconds: options.duration,
    log,
    label: 'random?client=',
  });
  return [
    {
      name: 'GET /api/wallpapers/random?client=, 100k index (req/s)',
      ...rateSides(r, 'with client', '/random'),
      ratio: { kind: 'rate', target: 0.8 },
    },
  ];
}
