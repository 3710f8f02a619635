// What the largest variants cost a real `serve`, as its peak RSS (VmHWM from
// /proc, a figure, not a timing; the program as a user starts it, without tap's hook in NODE_OPTIONS:
// helpers/user-env.ts) against the README's figure for variants, "under 300 MB":
// - an AVIF asked at 3840x2160 is 3840x2160 (it was shrunk to 1920x1200's pixels: 2023x1138 of this
//   source), encoded tile by tile;
// - a 5000x5000 JPEG with the attention crop, enlarged, chooses its box on a reduced picture (it
//   peaked near 400 MB);
// - two 5000x5000 AVIF variants asked at once (2.1 GB once, bench/RESULTS.md) are made one after the other at
//   the size asked.
// Each case runs on a fresh `serve` so its peak is its own.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import t, { type Test } from 'tap';
import type { ListResponse } from '../../src/core/types.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';
import { startServe, until } from '../helpers/serve.js';
import { userEnv } from '../helpers/user-env.js';

const MB = 1024 * 1024;
const FIGURE = 300 * MB;
const peakOf = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

/** A photo-like picture: a gradient sky, a red sun (a clear subject), light grain. */
async function scene(path: string, width: number, height: number): Promise<void> {
  const r = Math.round(Math.min(width, height) / 6);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="0" y2="1"><stop offset="0" stop-color="#27496d"/><stop offset="1" stop-color="#e0b07a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${Math.round(width * 0.7)}" cy="${Math.round(height * 0.4)}" r="${r}" fill="#d8402f"/></svg>`;
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 8 } },
  })
    .png()
    .toBuffer();
  await sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toFile(path);
}

/** A fresh `serve` of `folder` (every file in it scanned), and the ids of its wallpapers. */
async function serveOf(t: Test, folder: string, count: number) {
  const server = await startServe(t, { home: tempDir(t), folders: [folder], env: { NODE_OPTIONS: userEnv().NODE_OPTIONS ?? '' } });
  let ids: string[] = [];
  await until(async () => {
    ids = ((await (await fetch(`${server.base}/api/wallpapers`)).json()) as ListResponse).wallpapers.map((w) => w.id);
    return ids.length === count;
  }, 30_000);
  t.comment(`serve before: ${Math.round(peakOf(server.pid) / MB)} MB`);
  return { server, ids };
}

async function variant(base: string, id: string, query: string) {
  const reply = await fetch(`${base}/api/wallpapers/${id}/image?${query}`);
  const bytes = Buffer.from(await reply.arrayBuffer());
  const meta = reply.status === 200 ? await sharp(bytes).metadata() : undefined;
  return { status: reply.status, type: reply.headers.get('content-type'), size: [meta?.width, meta?.height] };
}

t.test('serve: an AVIF at 3840x2160 is 3840x2160, within the memory figure', async (t) => {
  const folder = tempDir(t);
  await scene(join(folder, 'dunes-4k.jpg'), 3840, 2160);
  const { server, ids } = await serveOf(t, folder, 1);
  const answer = await variant(server.base, ids[0]!, 'w=3840&h=2160&as=avif');
  t.equal(answer.status, 200);
  t.equal(answer.type, 'image/avif');
  t.same(answer.size, [3840, 2160], 'the size asked (it was 2023x1138)');
  const peak = peakOf(server.pid);
  t.ok(peak <= FIGURE, `serve peaked at ${Math.round(peak / MB)} MB (README: under 300 MB)`);
});

t.test('serve: a 5000x5000 JPEG with the attention crop stays within the memory figure', async (t) => {
  const folder = tempDir(t);
  await scene(join(folder, 'sunset.jpg'), 1920, 1080);
  const { server, ids } = await serveOf(t, folder, 1);
  const answer = await variant(server.base, ids[0]!, 'w=5000&h=5000&crop=attention&enlarge=1');
  t.equal(answer.status, 200);
  t.same(answer.size, [5000, 5000]);
  const peak = peakOf(server.pid);
  t.ok(peak <= FIGURE, `serve peaked at ${Math.round(peak / MB)} MB (README: under 300 MB; ~400 MB with the crop chosen full size)`);
});

t.test('serve: two maximal AVIF variants at once, both at the size asked, within the memory figure', async (t) => {
  const folder = tempDir(t);
  await writeImage(join(folder, 'a.jpg'), { width: 1920, height: 1080, color: '#305070', format: 'jpeg' });
  await writeImage(join(folder, 'b.jpg'), { width: 1080, height: 1920, color: '#705030', format: 'jpeg' });
  const { server, ids } = await serveOf(t, folder, 2);
  const answers = await Promise.all(ids.map((id) => variant(server.base, id, 'w=5000&h=5000&as=avif&enlarge=1')));
  for (const answer of answers) {
    t.equal(answer.status, 200);
    t.equal(answer.type, 'image/avif');
    t.same(answer.size, [5000, 5000], 'the size asked (it was 1517x1517)');
  }
  const peak = peakOf(server.pid);
  t.ok(peak <= FIGURE, `serve peaked at ${Math.round(peak / MB)} MB (README: under 300 MB; 2.1 GB before the pixel budget)`);
});
