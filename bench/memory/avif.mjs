// Measurement scripts of memory, JPEG XL decoders and large AVIF (bench/RESULTS.md, "Memory, JPEG XL decoders, large AVIF"). They
// read Debian's wallpapers unpacked under /tmp/fm/root (`apt-get download plasma-workspace-wallpapers
// mate-backgrounds gnome-backgrounds`, then `dpkg-deb -x` each) and write under /tmp/fm; jxl.mjs
// also needs `npm install --no-save jxl-oxide-wasm@0.12`. Run from the checkout after `npm run build`.
// time one 3840x2160 AVIF of a 5640x3172 JPEG with given tile side / effort / sharp concurrency
import sharp from 'sharp';

import { readTile, writeGrid } from '../../dist/core/variants/avif-grid.js';
const [tile, effort, conc] = process.argv.slice(2).map(Number);
if (conc) sharp.concurrency(conc);
sharp.cache(false);
const src = '/tmp/fm/root/usr/share/backgrounds/mate/abstract/Elephants_5640x3172.jpg';
const w = 3840,
  h = 2160;
const make = () => sharp(src).resize({ width: w, height: h, fit: 'cover' });
const t0 = performance.now();
const c0 = process.cpuUsage();
const columns = Math.ceil(w / tile),
  rows = Math.ceil(h / tile);
const even = (side, count) => Math.max(64, 2 * Math.ceil(side / count / 2));
const layout = { columns, rows, tileWidth: even(w, columns), tileHeight: even(h, rows), width: w, height: h };
const tiles = [];
for (let r = 0; r < rows; r++)
  for (let c = 0; c < columns; c++) {
    const left = c * layout.tileWidth,
      top = r * layout.tileHeight;
    const width = Math.min(layout.tileWidth, w - left),
      height = Math.min(layout.tileHeight, h - top);
    const t = await make()
      .extract({ left, top, width, height })
      .flatten({ background: { r: 0, g: 0, b: 0 } })
      .extend({ right: layout.tileWidth - width, bottom: layout.tileHeight - height, extendWith: 'copy' })
      .toColourspace('srgb')
      .avif({ quality: 55, effort })
      .toBuffer();
    tiles.push(readTile(t));
  }
const out = writeGrid(tiles, layout);
const cpu = process.cpuUsage(c0);
const hwm = /VmHWM:\s+(\d+)/.exec((await import('node:fs')).readFileSync('/proc/self/status', 'utf8'))[1];
console.log(
  `tile ${tile} effort ${effort} conc ${conc || 'default'}: wall ${((performance.now() - t0) / 1000).toFixed(1)} s cpu ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s bytes ${out.length} peak ${Math.round(hwm / 1024)} MB`,
);
