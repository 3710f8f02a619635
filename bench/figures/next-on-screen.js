// Figure: `wallpaper next` end to end on X11, from the command to the new picture on the screen:
// Xvfb with feh as the setter (the plain X11 desktop of docs/desktops.md), a three-picture library
// of different solid colours. Each run is timed from the spawn to the command's end, then the screen
// is read back (ImageMagick's `import -window root`, the root window's centre pixel) and must show
// the colour of the picture feh recorded in ~/.fehbg: feh draws before it exits, so the time to the
// end is the time to the picture. `random --set` is measured alternately, the same way; the start's
// share is `wallpaper --version` (Node and the program's parser) over `next`. GNOME: next-gnome.js.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { libraryWith, threePictures } from './start.js';

const BIN = fileURLToPath(new URL('../../bin/wallpaper.js', import.meta.url));
const TOOLS = ['Xvfb', 'feh', 'import'];

/** Xvfb on a free display (-displayfd); resolves to { display, stop }. */
function startXvfb() {
  const server = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '640x360x24', '-nolisten', 'tcp', '-noreset'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  const stop = () => server.kill('SIGTERM');
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => {
      stop();
      reject(new Error('Xvfb reported no display within 15 s'));
    }, 15_000);
    server.stdio[3].on('data', (chunk) => {
      text += chunk;
      if (!text.includes('\n')) return;
      clearTimeout(timer);
      resolve({ display: `:${text.trim()}`, stop });
    });
  });
}

/** The colour at the root window's centre, as '#rrggbb'. */
function screenColour(env) {
  const text = execFileSync('import', ['-window', 'root', '-crop', '1x1+320+180', 'txt:-'], { env, encoding: 'utf8' });
  const rgb = /srgb\((\d+),(\d+),(\d+)\)/.exec(text)?.slice(1) ?? [];
  return `#${rgb.map((value) => Number(value).toString(16).padStart(2, '0')).join('')}`;
}

/** Milliseconds of one run of `argv`; throws when it fails. */
function timed(argv, env) {
  const started = performance.now();
  const result = spawnSync(argv[0], argv.slice(1), { env, encoding: 'utf8' });
  const elapsed = performance.now() - started;
  if (result.status !== 0) throw new Error(`${argv.slice(2).join(' ')} failed: ${result.stderr}`);
  return elapsed;
}

/** `next` and `random --set` alternately on the library at `home` (each checked on the screen by
 * `shown`), with `--version` and `node -e 0` for the start's share: the four series in ms. */
export function timeNext({ home, env, runs, shown }) {
  const node = process.execPath;
  const base = [node, BIN, '--home', home];
  const series = { next: [], set: [], version: [], floor: [] };
  for (let i = 0; i < runs; i++) {
    series.next.push(timed([...base, 'next'], env));
    shown();
    series.set.push(timed([...base, 'random', '--set'], env));
    shown();
    series.version.push(timed([...base, '--version'], env));
    series.floor.push(timed([node, '-e', '0'], env));
  }
  return series;
}

/** The figure of `timeNext`'s series: next over random --set, the start's share in the note. */
export function nextFigure(name, series) {
  const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
  const share = median(series.version) / median(series.next);
  return {
    name,
    subject: { label: 'next', values: series.next, unit: 'ms' },
    baseline: { label: 'random --set', values: series.set, unit: 'ms' },
    ratio: { kind: 'over', target: 60, unit: 'ms' },
    note: `the start's share of next: ${(share * 100).toFixed(0)}% (wallpaper --version ${median(series.version).toFixed(0)} ms, of which node -e 0 ${median(series.floor).toFixed(0)} ms; next ${median(series.next).toFixed(0)} ms)`,
  };
}

export async function nextOnScreenFigures({ options, scratch }) {
  const name = '`wallpaper next` on X11 (feh, Xvfb), command to picture on screen, wall time';
  const missing = TOOLS.filter((tool) => !['/usr/bin', '/bin'].some((dir) => existsSync(join(dir, tool))));
  if (missing.length) return [{ name, skipped: `${missing.join(', ')} not installed (Debian: xvfb feh imagemagick)` }];
  const x = await startXvfb();
  try {
    const home = join(scratch, 'next-home');
    const userHome = join(scratch, 'next-user');
    mkdirSync(userHome, { recursive: true });
    const env = { PATH: process.env.PATH, HOME: userHome, DISPLAY: x.display, XDG_CURRENT_DESKTOP: '', WALLPAPER_HOME: '' };
    const pictures = await threePictures(join(scratch, 'next-pictures'));
    libraryWith(home, pictures, env);
    const colourOf = new Map(pictures);
    const shown = () => {
      const file = /'([^']+)'\s*$/.exec(readFileSync(join(userHome, '.fehbg'), 'utf8'))?.[1];
      const want = colourOf.get(file);
      const seen = screenColour(env);
      if (!want || seen !== want) throw new Error(`the screen shows ${seen}, feh set ${file} (${want})`);
    };
    return [nextFigure(name, timeNext({ home, env, runs: options.quick ? 5 : 15, shown }))];
  } finally {
    x.stop();
  }
}
