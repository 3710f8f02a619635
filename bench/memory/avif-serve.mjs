// Measurement scripts of memory, JPEG XL decoders and large AVIF (bench/RESULTS.md, "Memory, JPEG XL decoders, large AVIF"). They
// read Debian's wallpapers unpacked under /tmp/fm/root (`apt-get download plasma-workspace-wallpapers
// mate-backgrounds gnome-backgrounds`, then `dpkg-deb -x` each) and write under /tmp/fm; jxl.mjs
// also needs `npm install --no-save jxl-oxide-wasm@0.12`. Run from the checkout after `npm run build`.
// first 3840x2160 AVIF of Elephants_5640x3172.jpg through a real serve: wall s, serve's CPU s, peak MB
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
const env = { ...process.env, WALLPAPER_TOKEN: '' };
delete env.MALLOC_ARENA_MAX;
const home = mkdtempSync('/tmp/fm/ah-');
const lib = mkdtempSync('/tmp/fm/al-');
copyFileSync('/tmp/fm/root/usr/share/backgrounds/mate/abstract/Elephants_5640x3172.jpg', `${lib}/e.jpg`);
const child = spawn(
  process.execPath,
  [process.env.BIN ?? new URL('../../bin/wallpaper.js', import.meta.url).pathname, '--home', home, 'serve', '--port', '0', lib],
  { env, stdio: ['ignore', 'pipe', 'inherit'] },
);
const base = await new Promise((res) => {
  let o = '';
  child.stdout.on('data', (c) => {
    o += c;
    const m = /Listening on (\S+)/.exec(o);
    if (m) res(m[1]);
  });
});
await new Promise((r) => setTimeout(r, 3000));
let { wallpapers } = await (await fetch(`${base}/api/wallpapers`)).json();
while (!wallpapers.length) {
  await new Promise((r) => setTimeout(r, 1000));
  ({ wallpapers } = await (await fetch(`${base}/api/wallpapers`)).json());
}
const kids = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
const pid = kids[0] ?? child.pid;
const ticks = () => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};
const c0 = ticks();
const t0 = performance.now();
const a = await fetch(`${base}/api/wallpapers/${wallpapers[0].id}/image?w=3840&h=2160&as=avif`);
const bytes = (await a.arrayBuffer()).byteLength;
const wall = (performance.now() - t0) / 1000;
const cpu = ticks() - c0;
const hwm = Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);
console.log(
  `${process.env.BIN ?? 'new'}: status ${a.status} ${bytes} bytes, wall ${wall.toFixed(1)} s, serve CPU ${cpu.toFixed(1)} s, serve peak ${hwm} MB`,
);
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
rmSync(home, { recursive: true, force: true });
rmSync(lib, { recursive: true, force: true });
