// The dithering of a large e-paper answer runs off the event loop (docs/frame.md#e-paper-frames):
// while a 1600x1200 spectra6 answer is being dithered, a small list and /healthz are answered. Proven
// by the order of events (the `wallpaper:dither` diagnostics channel says when the dithering of the
// answer starts and ends), not by timing: dithered on the main thread, no other answer could come in
// between its start and its end.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { join } from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import { call, startFixture } from './helpers.js';

const W = 1600;
const H = 1200;

/** A photo-like picture: a gradient with grain, so the dithering has work everywhere. */
function grainy(): Buffer {
  const data = Buffer.alloc(W * H * 3);
  let seed = 7;
  for (let p = 0; p < W * H; p++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const grain = (seed >>> 24) % 32;
    data[p * 3] = Math.min(255, ((p % W) * 200) / W + grain);
    data[p * 3 + 1] = Math.min(255, (Math.floor(p / W) * 200) / H + grain);
    data[p * 3 + 2] = 90 + grain;
  }
  return data;
}

t.test('another request is answered while a 1600x1200 answer is dithered', async (t) => {
  const f = await startFixture(t, { images: {} });
  await sharp(grainy(), { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toFile(join(f.folder, 'grainy.png'));
  await f.library.scan();
  const wallpaper = f.library.list({}, { page: 1, limit: 5 }).wallpapers.find((w) => w.filename === 'grainy.png')!;

  const events: string[] = [];
  let others: Promise<void> | undefined;
  const onDither = (message: unknown) => {
    const { phase, width, height } = message as { phase: string; width: number; height: number };
    events.push(`dither ${phase} ${width}x${height}`);
    if (phase !== 'start' || others) return;
    // Asked the moment the dithering starts.
    others = Promise.all([
      call(f.base, '/healthz').then((reply) => void events.push(`healthz ${reply.status}`)),
      call(f.base, '/api/wallpapers?limit=1').then((reply) => void events.push(`list ${reply.status}`)),
    ]).then(() => undefined);
  };
  subscribe('wallpaper:dither', onDither);
  t.teardown(() => unsubscribe('wallpaper:dither', onDither));

  const answer = await call(f.base, `${wallpaper.url}?w=${W}&h=${H}&palette=spectra6`);
  events.push(`epaper ${answer.status}`);
  await others;
  t.equal(answer.status, 200);
  t.equal(answer.headers['content-type'], 'image/png');
  const start = events.indexOf(`dither start ${W}x${H}`);
  const end = events.indexOf(`dither end ${W}x${H}`);
  t.ok(start >= 0 && end > start, `the dithering started and ended: ${events.join(', ')}`);
  for (const other of ['healthz 200', 'list 200']) {
    const at = events.indexOf(other);
    t.ok(at > start && at < end, `${other} answered while the answer was dithered: ${events.join(', ')}`);
  }
});
