// Measurement scripts of memory, JPEG XL decoders and large AVIF (bench/RESULTS.md, "Memory, JPEG XL decoders, large AVIF"). They
// read Debian's wallpapers unpacked under /tmp/fm/root (`apt-get download plasma-workspace-wallpapers
// mate-backgrounds gnome-backgrounds`, then `dpkg-deb -x` each) and write under /tmp/fm; jxl.mjs
// also needs `npm install --no-save jxl-oxide-wasm@0.12`. Run from the checkout after `npm run build`.
// serve started as a user starts it (env minus MALLOC_ARENA_MAX), indexes DIR's 30 via refresh,
// serves 6 variants; peak of process tree RSS (sampled 50 ms) and tree RSS 25 s after.
import { spawn } from 'node:child_process';
import { processTree, residentBytes, treeResidentBytes } from '../lib/proc-memory.js';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
const [dir, ...extraEnv] = process.argv.slice(2);
const env = { ...process.env, WALLPAPER_TOKEN: '' };
delete env.BIN;
delete env.MALLOC_ARENA_MAX;
for (const kv of extraEnv) {
  const [k, v] = kv.split('=');
  env[k] = v;
}
const home = mkdtempSync('/tmp/fm/home-');
const lib = mkdtempSync('/tmp/fm/lib-');
const child = spawn(
  process.execPath,
  [process.env.BIN ?? new URL('../../bin/wallpaper.js', import.meta.url).pathname, '--home', home, 'serve', '--port', '0', lib],
  { env, stdio: ['ignore', 'pipe', 'pipe'] },
);
let err = '';
child.stderr.on('data', (c) => (err += c));
const base = await new Promise((res) => {
  let o = '';
  child.stdout.on('data', (c) => {
    o += c;
    const m = /Listening on (\S+)/.exec(o);
    if (m) res(m[1]);
  });
});
const tree = () => treeResidentBytes(child.pid) / 1024 / 1024;
await new Promise((r) => setTimeout(r, 3000));
const rest = tree();
let peak = 0;
let at = '';
/** The highest VmHWM seen of each kind of process (djxl's own peak, however short it lived). */
const hwm = {};
const watch = setInterval(() => {
  const ps = processTree(child.pid);
  for (const p of ps) {
    try {
      const name = readFileSync(`/proc/${p}/comm`, 'utf8').trim();
      const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))[1]);
      hwm[name] = Math.max(hwm[name] ?? 0, Math.round(kb / 1024));
    } catch {}
  }
  const parts = ps.map((p) => Math.round(residentBytes(p) / 1024 / 1024));
  const sum = parts.reduce((a, b) => a + b, 0);
  if (sum > peak) {
    peak = sum;
    at = ps.map((p, i) => `${readFileSync(`/proc/${p}/comm`, 'utf8').trim()}:${parts[i]}`).join(' ');
  }
}, 50);
cpSync(dir, lib, { recursive: true });
const t0 = Date.now();
const answer = await fetch(`${base}/api/refresh`, { method: 'POST' });
const summary = await answer.json();
const { wallpapers } = await (await fetch(`${base}/api/wallpapers?per_page=100`)).json();
const sizes = [
  [1920, 1080],
  [2560, 1440],
  [1280, 720],
  [3840, 2160],
  [1366, 768],
  [1920, 1200],
];
for (const [i, [w, h]] of sizes.entries()) {
  const a = await fetch(`${base}/api/wallpapers/${wallpapers[i].id}/image?w=${w}&h=${h}`);
  await a.arrayBuffer();
  if (a.status !== 200) console.log('variant', a.status);
}
const work = (Date.now() - t0) / 1000;
clearInterval(watch);
const after = [];
for (let s = 5; s <= 30; s += 5) {
  await new Promise((r) => setTimeout(r, 5000));
  after.push(Math.round(tree()));
}
/** CPU seconds of the tree so far: each process's own and its reaped children's (djxl). */
const ticks = processTree(child.pid).reduce((sum, p) => {
  const f = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
  return sum + Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
}, 0);
console.log(`CPU of the tree: ${(ticks / 100).toFixed(1)} s`);
console.log('at peak', at, '; highest VmHWM by process name', JSON.stringify(hwm));
console.log(
  `${dir} ${extraEnv.join(' ')}: added ${summary.added} failed ${summary.failed ?? JSON.stringify(summary.failures ?? '')}; rest ${Math.round(rest)} MB, peak ${Math.round(peak)} MB, after 5..30 s: ${after.join(' ')} MB; work ${work.toFixed(0)} s; main HWM ${Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024)} MB`,
);
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
rmSync(home, { recursive: true, force: true });
rmSync(lib, { recursive: true, force: true });
if (err.includes('rror')) console.log(err.slice(-500));
