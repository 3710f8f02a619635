// Every format over HTTP (docs/design.md#every-format) against a real server: the `format` filter
// takes each extension in any case; `/image` sends the file's own bytes and type, an SVG sandboxed;
// variants are made from JPEG XL, HEIC and SVG (an SVG drawn at the size asked); an upload is typed
// by its content, whatever its name.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import type { ListResponse, Wallpaper } from '../../src/core/types.js';
import { wasmDecoders } from '../../src/core/formats/index.js';
import { tempDir } from '../helpers/fixtures.js';
import { heifEnc, requireEncoders } from '../helpers/formats.js';
import { call, header, startFixture } from './helpers.js';

t.teardown(() => wasmDecoders.close());

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90"><rect width="160" height="90" fill="#2040d0"/><circle cx="80" cy="45" r="30" fill="#f0c020"/><script>alert(document.domain)</script></svg>`;

t.test('each format is listed, filtered, served as itself and resized', async (t) => {
  if (!requireEncoders(t)) return;
  const f = await startFixture(t, { images: {} });
  const work = tempDir(t);
  const png = join(work, 'hills.png');
  await sharp({ create: { width: 320, height: 180, channels: 3, background: '#3a7a40' } })
    .png()
    .toFile(png);
  const { execFileSync } = await import('node:child_process');
  execFileSync('cjxl', [png, join(f.folder, 'hills.JXL'), '--quiet'], { stdio: 'pipe' });
  heifEnc([png], join(f.folder, 'phone.heic'));
  copyFileSync(join(f.folder, 'phone.heic'), join(work, 'upload.bin'));
  writeFileSync(join(f.folder, 'logo.svg'), SVG);
  const refresh = await call(f.base, '/api/refresh', { method: 'POST' });
  t.equal(refresh.status, 200, refresh.text);
  t.same(refresh.json<{ failed: unknown[] }>().failed, []);

  for (const [format, name, type] of [
    ['jxl', 'hills.JXL', 'image/jxl'],
    ['JXL', 'hills.JXL', 'image/jxl'],
    ['heic', 'phone.heic', 'image/heic'],
    ['svg', 'logo.svg', 'image/svg+xml'],
  ] as const) {
    const list = (await call(f.base, `/api/wallpapers?format=${format}`)).json<ListResponse>();
    t.same(
      list.wallpapers.map((w) => [w.filename, w.content_type]),
      [[name, type]],
      `format=${format}`,
    );
  }
  t.same(
    (await call(f.base, '/api/wallpapers?format=heif')).json<ListResponse>().wallpapers,
    [],
    'heif matches .heif files only (none here)',
  );

  const byName = new Map((await call(f.base, '/api/wallpapers')).json<ListResponse>().wallpapers.map((w) => [w.filename, w]));
  const svg = byName.get('logo.svg')!;
  t.same([svg.width, svg.height], [160, 90], 'the SVG sized by its viewBox');
  const image = await call(f.base, `/api/wallpapers/${svg.id}/image`);
  t.equal(image.status, 200);
  t.equal(header(image, 'content-type'), 'image/svg+xml');
  t.equal(header(image, 'content-security-policy'), 'sandbox', 'a script in it never runs in this origin');
  t.equal(header(image, 'x-content-type-options'), 'nosniff');
  t.equal(image.text, SVG, 'its own bytes');
  const jxl = byName.get('hills.JXL')!;
  const own = await call(f.base, `/api/wallpapers/${jxl.id}/image`);
  t.equal(header(own, 'content-type'), 'image/jxl');
  t.notOk(header(own, 'content-security-policy'), 'only an SVG is sandboxed');
  t.same(own.body, readFileSync(join(f.folder, 'hills.JXL')));

  for (const wallpaper of [jxl, byName.get('phone.heic')!]) {
    const variant = await call(f.base, `/api/wallpapers/${wallpaper.id}/image?w=160`);
    t.equal(variant.status, 200, variant.text);
    t.equal(header(variant, 'content-type'), 'image/jpeg', `${wallpaper.filename}: a JPEG variant by default`);
    const meta = await sharp(variant.body).metadata();
    t.same([meta.width, meta.height], [160, 90], `${wallpaper.filename}: resized`);
  }
  const large = await call(f.base, `/api/wallpapers/${svg.id}/image?w=1600&enlarge=1`);
  t.equal(header(large, 'content-type'), 'image/png', 'an SVG variant is PNG by default');
  const { data, info } = await sharp(large.body).raw().toBuffer({ resolveWithObject: true });
  t.same([info.width, info.height], [1600, 900], 'drawn at the size asked');
  // Drawn, not scaled up: the circle's edge is one or two pixels wide, not ten.
  const row = 450 * info.width * info.channels;
  let blend = 0;
  for (let x = 0; x < info.width; x++) {
    const red = data[row + x * info.channels]!;
    if (red > 0x30 && red < 0xe0) blend++;
  }
  t.ok(blend <= 6, `sharp edges (${blend} blended pixels across)`);

  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(readFileSync(join(work, 'upload.bin')))]), 'from my phone.jpg');
  const upload = await fetch(`${f.base}/api/upload`, { method: 'POST', body: form });
  t.equal(upload.status, 201, await upload.clone().text());
  const [uploaded] = ((await upload.json()) as { wallpapers: Wallpaper[] }).wallpapers;
  t.equal(uploaded?.id, byName.get('phone.heic')?.id, 'the same bytes: the wallpaper already there');
  const other = Buffer.from(readFileSync(join(f.folder, 'logo.svg'), 'utf8').replace('#2040d0', '#20d040'));
  const form2 = new FormData();
  form2.append('file', new Blob([new Uint8Array(other)]), 'drawing.png');
  const svgUpload = await fetch(`${f.base}/api/upload`, { method: 'POST', body: form2 });
  t.equal(svgUpload.status, 201);
  const [drawn] = ((await svgUpload.json()) as { wallpapers: Wallpaper[] }).wallpapers;
  t.same([drawn?.filename, drawn?.content_type], ['drawing.svg', 'image/svg+xml'], 'typed by content, saved with its extension');
});
