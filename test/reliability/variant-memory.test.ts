// What a variant may cost (issue 25): two maximal AVIF variants asked at once (5000x5000, enlarged
// from small sources) once drove `serve` to 2.1 GB. AVIF is capped at 1920x1200's pixel count and
// every encode takes its pixels from the process's one budget, so the peak RSS of a real `serve`
// (VmHWM, a figure, not a timing) stays within the README's "about 300 MB".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import type { ListResponse } from '../../src/core/types.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';
import { startServe, until } from '../helpers/serve.js';

const MB = 1024 * 1024;
const peakOf = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

t.test('serve: two maximal AVIF variants at once stay within the memory figure', async (t) => {
  const folder = tempDir(t);
  await writeImage(join(folder, 'a.jpg'), { width: 1920, height: 1080, color: '#305070', format: 'jpeg' });
  await writeImage(join(folder, 'b.jpg'), { width: 1080, height: 1920, color: '#705030', format: 'jpeg' });
  const server = await startServe(t, { home: tempDir(t), folders: [folder] });
  let ids: string[] = [];
  await until(async () => {
    ids = ((await (await fetch(`${server.base}/api/wallpapers`)).json()) as ListResponse).wallpapers.map((w) => w.id);
    return ids.length === 2;
  }, 30_000);
  t.comment(`serve before: ${Math.round(peakOf(server.pid) / MB)} MB`);
  const answers = await Promise.all(
    ids.map(async (id) => {
      const reply = await fetch(`${server.base}/api/wallpapers/${id}/image?w=5000&h=5000&as=avif&enlarge=1`);
      return { status: reply.status, type: reply.headers.get('content-type'), bytes: Buffer.from(await reply.arrayBuffer()) };
    }),
  );
  for (const answer of answers) {
    t.equal(answer.status, 200);
    t.equal(answer.type, 'image/avif');
    const { width, height } = await sharp(answer.bytes).metadata();
    t.same([width, height], [1517, 1517], 'the 5000x5000 box shrunk to its aspect within 1920x1200 pixels');
  }
  const peak = peakOf(server.pid);
  t.ok(peak <= 300 * MB, `serve peaked at ${Math.round(peak / MB)} MB (README: about 300 MB; 2.1 GB before the cap and budget)`);
});
