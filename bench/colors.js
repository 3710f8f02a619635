// `wallpaper colors current` against `wallpaper current`, and what the `colors write` setting adds to
// `wallpaper next` (docs/colors.md): hyperfine -N (no shell), interleaved warm-ups, on a library of
// 12 two-colour 1920x1080 PNGs set through `set_command true {path}` (so the desktop costs nothing
// and only the tool's own work is measured). Usage: npm run build && node bench/colors.js [--runs N]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const BIN = fileURLToPath(new URL('../bin/wallpaper.js', import.meta.url));
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 30;
const root = mkdtempSync(join(tmpdir(), 'wallpaper-bench-colors-'));
const pictures = join(root, 'pictures');
mkdirSync(pictures);
for (let i = 0; i < 12; i++) {
  const left = `#${(0x1e3a8a + i * 0x0b1703).toString(16).slice(-6)}`;
  const right = `#${(0xf59e0b - i * 0x070b05).toString(16).slice(-6)}`;
  const half = await sharp({ create: { width: 960, height: 1080, channels: 3, background: left } })
    .png()
    .toBuffer();
  await sharp({ create: { width: 1920, height: 1080, channels: 3, background: right } })
    .composite([{ input: half, left: 0, top: 0 }])
    .png()
    .toFile(join(pictures, `wall-${i}.png`));
}
const env = { ...process.env, XDG_CACHE_HOME: join(root, 'cache'), WALLPAPER_HOME: '' };
const wallpaper = (home, ...args) => execFileSync(process.execPath, [BIN, '--home', home, ...args], { env, encoding: 'utf8' });
const homes = { off: join(root, 'off'), write: join(root, 'write') };
for (const [colors, home] of Object.entries(homes)) {
  wallpaper(home, 'scan', pictures, '--quiet');
  wallpaper(home, 'config', 'set', 'set_command', 'true {path}');
  wallpaper(home, 'config', 'set', 'colors', colors);
  wallpaper(home, 'random', '--set');
}
wallpaper(homes.off, 'colors', 'current'); // the Material tokens of what is on the screen, kept once

function hyperfine(name, commands, extra = []) {
  const out = join(root, `${name}.json`);
  execFileSync(
    'hyperfine',
    ['-N', '--warmup', '3', '--runs', String(runs), '--export-json', out, ...extra, ...commands.map(([, command]) => command)],
    { env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const { results } = JSON.parse(readFileSync(out, 'utf8'));
  return results.map((result, i) => ({ label: commands[i][0], ...result }));
}

const ms = (s) => (s * 1000).toFixed(1);
const line = (r) =>
  `| ${r.label} | ${ms(r.min)} / ${ms(r.median)} / ${ms(r.max)} ms | ${ms(r.mean)} ± ${ms(r.stddev)} ms | ${ms(r.user + r.system)} ms |`;
const cli = (home, args) => `${process.execPath} ${BIN} --home ${home} ${args}`;

const read = hyperfine('current', [
  ['`wallpaper current`', cli(homes.off, 'current')],
  ['`wallpaper colors current` (tokens kept)', cli(homes.off, 'colors current')],
  ['`wallpaper colors current --as kitty`', cli(homes.off, 'colors current --as kitty')],
]);
const cold = hyperfine(
  'cold',
  [['`wallpaper colors current`, tokens made (cache emptied before each run)', cli(homes.off, 'colors current')]],
  ['--prepare', `rm -rf ${join(homes.off, 'color-schemes')}`],
);
const change = hyperfine('next', [
  ['`wallpaper next`, colors off', cli(homes.off, 'next')],
  ['`wallpaper next`, colors write', cli(homes.write, 'next')],
]);
console.log(
  `load average at the end: ${(await import('node:os'))
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')}; ${runs} runs each\n`,
);
console.log('| command | wall min / median / max | wall mean ± sd | CPU (user + system, mean) |\n|---|---|---|---|');
for (const r of [...read, ...cold, ...change]) console.log(line(r));
const median = (rows, i) => rows[i].median * 1000;
const cpu = (rows, i) => (rows[i].user + rows[i].system) * 1000;
console.log(
  `\ncolors current - current: ${(median(read, 1) - median(read, 0)).toFixed(1)} ms wall (median), ${(cpu(read, 1) - cpu(read, 0)).toFixed(1)} ms CPU (mean); next with colors write - without: ${(median(change, 1) - median(change, 0)).toFixed(1)} ms wall, ${(cpu(change, 1) - cpu(change, 0)).toFixed(1)} ms CPU`,
);
rmSync(root, { recursive: true, force: true });
