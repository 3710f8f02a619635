// Figures of the largest variants: what the largest variants cost a real `serve`. Each case starts a fresh
// `serve` on a library of one generated photo-like picture (a fresh home: the variant is cold), reads
// its peak RSS (VmHWM) before and after one request, and times the request:
// - AVIF 3840x2160 (cover, attention) of a 3840x2160 JPEG: the size a 4K TV or frame asks for;
// - JPEG and WebP 5000x5000 with the attention crop, enlarged from a 1920x1080 JPEG (the largest box);
// - AVIF 5000x5000, enlarged from the same.
// The target is the README's figure for variants: `serve` under 300 MB. The answer's size is checked
// and printed, so a variant served smaller than asked shows in the table.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { startWallpaper } from '../lib/servers.js';

const TARGET_MB = 300;

/** A photo-like JPEG: a sky gradient, a few soft shapes (a clear subject), light grain. */
export async function scene(path, width, height) {
  const r = Math.round(Math.min(width, height) / 6);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="0" y2="1"><stop offset="0" stop-color="#27496d"/><stop offset="1" stop-color="#e0b07a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${Math.round(width * 0.7)}" cy="${Math.round(height * 0.4)}" r="${r}" fill="#d8402f"/><rect x="${Math.round(width * 0.1)}" y="${Math.round(height * 0.65)}" width="${Math.round(width * 0.3)}" height="${Math.round(height * 0.2)}" fill="#2f6b3a"/></svg>`;
  const grain = await sharp({ create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 10 } } })
    .blur(1.2)
    .png()
    .toBuffer();
  await sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toFile(path);
}

const CASES = [
  { name: 'AVIF 3840x2160 (cover, attention) of a 3840x2160 JPEG', source: '4k', query: 'w=3840&h=2160&as=avif' },
  { name: 'JPEG 5000x5000 attention crop, enlarged from 1920x1080', source: 'hd', query: 'w=5000&h=5000&crop=attention&enlarge=1' },
  { name: 'WebP 5000x5000 attention crop, enlarged from 1920x1080', source: 'hd', query: 'w=5000&h=5000&crop=attention&enlarge=1&as=webp' },
  { name: 'AVIF 5000x5000 (cover, attention), enlarged from 1920x1080', source: 'hd', query: 'w=5000&h=5000&enlarge=1&as=avif' },
];

export async function bigVariantFigures({ options, scratch, log }) {
  const top = join(scratch, 'big-variants');
  rmSync(top, { recursive: true, force: true });
  const sources = { '4k': [3840, 2160], hd: [1920, 1080] };
  for (const [name, [width, height]] of Object.entries(sources)) {
    mkdirSync(join(top, name), { recursive: true });
    await scene(join(top, name, `scene-${width}x${height}.jpg`), width, height);
  }
  const runs = options.quick ? 1 : Math.min(3, options.runs);
  const rows = [];
  for (const item of CASES) {
    const peaks = [];
    const seconds = [];
    const sizes = new Set();
    let before = 0;
    for (let run = 0; run < runs; run++) {
      const home = join(top, `home-${rows.length}-${run}`);
      const server = await startWallpaper(home, { args: [join(top, item.source)] });
      try {
        const list = await (await fetch(`${server.base}/api/wallpapers`)).json();
        const id = list.wallpapers[0].id;
        before = Math.max(before, server.rss().peak / 1e6);
        const started = performance.now();
        const response = await fetch(`${server.base}/api/wallpapers/${id}/image?${item.query}`);
        const body = Buffer.from(await response.arrayBuffer());
        seconds.push((performance.now() - started) / 1000);
        if (response.status !== 200) throw new Error(`${item.query}: ${response.status} ${body.toString().slice(0, 200)}`);
        const { width, height } = await sharp(body).metadata();
        sizes.add(`${width}x${height}`);
        peaks.push(server.rss().peak / 1e6);
        log(`  ${item.query}: ${width}x${height}, ${seconds.at(-1).toFixed(1)} s, peak ${peaks.at(-1).toFixed(0)} MB`);
      } finally {
        await server.stop();
        rmSync(home, { recursive: true, force: true });
      }
    }
    const sorted = [...seconds].sort((a, b) => a - b);
    rows.push({
      name: `\`serve\` peak RSS, ${item.name}`,
      subject: { label: 'peak RSS', values: peaks, unit: 'MB' },
      ratio: { kind: 'absolute', target: TARGET_MB, unit: 'MB' },
      note: `answered ${[...sizes].join(', ')} in ${sorted.map((s) => s.toFixed(1)).join(' / ')} s; serve before the request at most ${before.toFixed(0)} MB`,
    });
  }
  return rows;
}
