// E-paper answers (docs/frame.md#e-paper-frames) on a real `serve`, from a 3840x2160 photo-like JPEG
// (a fresh home per run, so the first request is cold): a 7.5" panel's 800x480 and a 13.3" panel's
// 1600x1200, dithered to bw, acep7 and spectra6, as PNG and BMP. Per case: the cold answer against
// a plain JPEG variant of the same box made cold in the same server (the baseline: what the resize
// alone costs), the cached answer (median of 20 requests once made) against the cached plain JPEG's,
// and serve's peak RSS against the README's figure for variants (300 MB).
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startWallpaper } from '../lib/servers.js';
import { scene } from './big-variants.js';

const TARGET_MB = 300;
const CASES = [
  { name: '800x480 bw BMP (TRMNL-style)', query: 'w=800&h=480&palette=bw&as=bmp' },
  { name: '800x480 acep7 PNG', query: 'w=800&h=480&palette=acep7' },
  { name: '1600x1200 spectra6 PNG', query: 'w=1600&h=1200&palette=spectra6' },
  { name: '1600x1200 spectra6 BMP', query: 'w=1600&h=1200&palette=spectra6&as=bmp' },
];

let lastBytes = 0;
async function timed(url) {
  const started = performance.now();
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${body.toString().slice(0, 200)}`);
  lastBytes = body.length;
  return (performance.now() - started) / 1000;
}

/** The median of 20 requests of `url` (made already), in ms. */
async function cachedMs(url) {
  const again = [];
  for (let i = 0; i < 20; i++) again.push(await timed(url));
  return median(again) * 1000;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function epaperFigures({ options, scratch, log }) {
  const top = join(scratch, 'epaper');
  rmSync(top, { recursive: true, force: true });
  mkdirSync(join(top, 'photos'), { recursive: true });
  await scene(join(top, 'photos', 'scene-3840x2160.jpg'), 3840, 2160);
  const runs = options.quick ? 1 : Math.min(3, options.runs);
  const rows = [];
  for (const item of CASES) {
    const [w, h] = item.query.match(/w=(\d+)&h=(\d+)/).slice(1);
    const cold = [];
    const plain = [];
    const cached = [];
    const cachedPlain = [];
    const peaks = [];
    const bytes = {};
    for (let run = 0; run < runs; run++) {
      const home = join(top, `home-${rows.length}-${run}`);
      const server = await startWallpaper(home, { args: [join(top, 'photos')] });
      try {
        const list = await (await fetch(`${server.base}/api/wallpapers`)).json();
        const url = `${server.base}/api/wallpapers/${list.wallpapers[0].id}/image`;
        plain.push(await timed(`${url}?w=${w}&h=${h}&as=jpeg`));
        bytes.plain = lastBytes;
        cold.push(await timed(`${url}?${item.query}`));
        bytes.epaper = lastBytes;
        cached.push(await cachedMs(`${url}?${item.query}`));
        cachedPlain.push(await cachedMs(`${url}?w=${w}&h=${h}&as=jpeg`));
        peaks.push(server.rss().peak / 1e6);
        log(
          `  ${item.query}: cold ${cold.at(-1).toFixed(3)} s (plain JPEG ${plain.at(-1).toFixed(3)} s), cached ${cached.at(-1).toFixed(2)} ms, peak ${peaks.at(-1).toFixed(0)} MB`,
        );
      } finally {
        await server.stop();
        rmSync(home, { recursive: true, force: true });
      }
    }
    rows.push(
      {
        name: `e-paper ${item.name}, cold, vs a plain JPEG of the same box (cold)`,
        subject: { label: 'cold', values: cold, unit: 's' },
        baseline: { label: 'plain JPEG', values: plain, unit: 's' },
        ratio: { kind: 'time', target: 4 },
      },
      {
        name: `e-paper ${item.name}, cached (median of 20), vs the cached plain JPEG`,
        subject: { label: 'cached', values: cached, unit: 'ms' },
        baseline: { label: 'plain JPEG', values: cachedPlain, unit: 'ms' },
        ratio: { kind: 'time', target: 2 },
        note: `${bytes.epaper} bytes against the JPEG's ${bytes.plain}`,
      },
      {
        name: `\`serve\` peak RSS, e-paper ${item.name}`,
        subject: { label: 'peak RSS', values: peaks, unit: 'MB' },
        ratio: { kind: 'absolute', target: TARGET_MB, unit: 'MB' },
      },
    );
  }
  return rows;
}
