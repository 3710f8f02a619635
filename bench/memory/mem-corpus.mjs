// Measurement scripts of memory, JPEG XL decoders and large AVIF (bench/RESULTS.md, "Memory, JPEG XL decoders, large AVIF"). They
// read Debian's wallpapers unpacked under /tmp/fm/root (`apt-get download plasma-workspace-wallpapers
// mate-backgrounds gnome-backgrounds`, then `dpkg-deb -x` each) and write under /tmp/fm; jxl.mjs
// also needs `npm install --no-save jxl-oxide-wasm@0.12`. Run from the checkout after `npm run build`.
// 30 pictures of 3840x2160 from real wallpapers (plasma's 4K/5K PNG and JPEG, each also mirrored):
// /tmp/fm/mem/jpeg (30 JPEG q90), /tmp/fm/mem/large (15 JPEG XL via cjxl + 15 HEIC via heif-enc)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
const W = '/tmp/fm/root/usr/share/wallpapers';
const srcs = [];
for (const name of readdirSync(W).sort()) {
  for (const sub of ['images', 'images_dark']) {
    const dir = join(W, name, 'contents', sub);
    if (!existsSync(dir)) continue;
    const big = readdirSync(dir)
      .filter((f) => /^(3840x2160|5120x2880)\./.test(f))
      .sort()
      .at(-1);
    if (big) srcs.push(join(dir, big));
  }
}
console.log(srcs.length, 'sources');
const pics = [];
for (const flop of [false, true]) for (const s of srcs) pics.push({ s, flop });
const out = '/tmp/fm/mem';
for (const d of ['jpeg', 'large', 'png']) mkdirSync(join(out, d), { recursive: true });
for (const [i, { s, flop }] of pics.slice(0, 30).entries()) {
  const png = join(out, 'png', `p${i}.png`);
  if (!existsSync(png)) await sharp(s).resize(3840, 2160).flop(flop).png({ compressionLevel: 1 }).toFile(png);
  const jpg = join(out, 'jpeg', `p${i}.jpg`);
  if (!existsSync(jpg)) await sharp(png).jpeg({ quality: 90 }).toFile(jpg);
  if (i % 2 === 0) {
    const f = join(out, 'large', `p${i}.jxl`);
    if (!existsSync(f)) execFileSync('cjxl', [png, f, '--quiet', '-e', '4']);
  } else {
    const f = join(out, 'large', `p${i}.heic`);
    if (!existsSync(f)) execFileSync('heif-enc', ['-q', '80', '-p', 'preset=fast', png, '-o', f]);
  }
  process.stdout.write(`${i} `);
}
