// Measurement scripts of memory, JPEG XL decoders and large AVIF (bench/RESULTS.md, "Memory, JPEG XL decoders, large AVIF"). They
// read Debian's wallpapers unpacked under /tmp/fm/root (`apt-get download plasma-workspace-wallpapers
// mate-backgrounds gnome-backgrounds`, then `dpkg-deb -x` each) and write under /tmp/fm; jxl.mjs
// also needs `npm install --no-save jxl-oxide-wasm@0.12`. Run from the checkout after `npm run build`.
// CPU seconds per JPEG XL file: djxl (to PPM, child CPU), @jsquash/jxl and jxl-oxide-wasm (in-process,
// + sharp reading oxide's PNG); pixels compared with djxl's (max and mean abs difference, RGB).
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { decodeWithDjxl } from '../../dist/core/formats/djxl.js';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const childTicks = () => {
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(f[13]) + Number(f[14])) / 100;
};
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const { default: jsquash, init: jsInit } = await import('@jsquash/jxl/decode.js');
await jsInit(await WebAssembly.compile(readFileSync(require.resolve('@jsquash/jxl/codec/dec/jxl_dec.wasm'))));
const oxide = await import('jxl-oxide-wasm');
oxide.initSync({ module: readFileSync(require.resolve('jxl-oxide-wasm').replace(/[^/]*$/, 'jxl_oxide_wasm_bg.wasm')) });
const tmp = mkdtempSync('/tmp/fm/jxl-');
const rgb = async (input, opts) => await sharp(input, opts).removeAlpha().raw().toBuffer();
const diff = (a, b) => {
  if (a.length !== b.length) return `size ${a.length} vs ${b.length}`;
  let max = 0,
    sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i] - b[i]);
    sum += d;
    if (d > max) max = d;
  }
  return `max ${max} mean ${(sum / a.length).toFixed(3)}`;
};
const totals = { djxl: 0, jsquash: 0, oxide: 0 };
for (const file of process.argv.slice(2)) {
  const bytes = readFileSync(file);
  let c = childTicks();
  const dj = await decodeWithDjxl('/usr/bin/djxl', bytes);
  const tD = childTicks() - c;
  const ref = await rgb(dj.data, { raw: { width: dj.width, height: dj.height, channels: dj.channels } });
  c = cpu();
  const js = await jsquash(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  const tJ = cpu() - c;
  const jsRgb = await rgb(Buffer.from(js.data.buffer), { raw: { width: js.width, height: js.height, channels: 4 } });
  c = cpu();
  const img = new oxide.JxlImage();
  img.feedBytes(bytes);
  if (!img.tryInit()) throw new Error('not loaded');
  const r = img.render();
  const png = r.encodeToPng();
  img.free();
  const tO1 = cpu() - c;
  const oxRaw = await sharp(png).removeAlpha().raw().toBuffer();
  const tO = cpu() - c;
  totals.djxl += tD;
  totals.jsquash += tJ;
  totals.oxide += tO;
  console.log(
    `${file.split('/').pop()}: djxl ${tD.toFixed(2)} jsquash ${tJ.toFixed(2)} oxide ${tO.toFixed(2)} (render+png ${tO1.toFixed(2)}) | jsquash vs djxl ${diff(jsRgb, ref)} | oxide vs djxl ${diff(oxRaw, ref)}`,
  );
}
console.log(
  'totals CPU s',
  JSON.stringify(totals),
  'rate jsquash',
  (totals.djxl / totals.jsquash).toFixed(2),
  'oxide',
  (totals.djxl / totals.oxide).toFixed(2),
);
