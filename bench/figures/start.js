// Figure: the program's start (docs/design.md#how-the-program-is-built-and-started). Wall time of
// the short commands a key, a panel or a cron line runs (`--version`, `list --limit 1 --json`,
// `random --json`, `current`, `next`) on a three-picture library with a no-op setter (set_command
// /bin/true: the start, not a desktop), each against `node -e 0` in the same hyperfine run; target
// at most 60 ms over it. The user + system CPU of each is in the note (steadier on a busy machine).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const BIN = fileURLToPath(new URL('../../bin/wallpaper.js', import.meta.url));
/** The allowance over a bare Node start for a short command. */
const ALLOWANCE_MS = 60;
/** No desktop: set_command is the setter, and nothing is read back from a screen. */
export const NO_DESKTOP = { XDG_CURRENT_DESKTOP: '', DISPLAY: '', WAYLAND_DISPLAY: '', DBUS_SESSION_BUS_ADDRESS: '', WALLPAPER_HOME: '' };

/** Three pictures of different colours in `dir`; resolves to [path, '#rrggbb'] pairs. */
export async function threePictures(dir) {
  mkdirSync(dir, { recursive: true });
  const colours = ['#336699', '#aa3322', '#22aa44'];
  return Promise.all(
    colours.map(async (colour, i) => {
      const file = join(dir, `colour-${i}.png`);
      await sharp({ create: { width: 320, height: 180, channels: 3, background: colour } })
        .png()
        .toFile(file);
      return [file, colour];
    }),
  );
}

/** A library at `home` with `pictures` scanned and one of them set (by `set_command` when given). */
export function libraryWith(home, pictures, env, setCommand) {
  const cli = (...args) => execFileSync(process.execPath, [BIN, '--home', home, ...args], { env, stdio: 'pipe' });
  cli('scan', join(pictures[0][0], '..'), '--quiet');
  if (setCommand) cli('config', 'set', 'set_command', setCommand);
  cli('random', '--set');
}

export async function startFigures({ options, scratch }) {
  const home = join(scratch, 'start-home');
  const env = { ...process.env, ...NO_DESKTOP };
  libraryWith(home, await threePictures(join(scratch, 'start-pictures')), env, '/bin/true {path}');
  const node = process.execPath;
  const runs = options.quick ? 10 : 30;
  const commands = [['--version'], ['list', '--limit', '1', '--json'], ['random', '--json'], ['current'], ['next']];
  const argvs = [[node, '-e', '0'], ...commands.map((args) => [node, BIN, '--home', home, ...args])];
  for (const argv of argvs.slice(1)) {
    const result = spawnSync(argv[0], argv.slice(1), { env, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${argv.slice(2).join(' ')} failed: ${result.stderr}`);
  }
  const out = join(scratch, 'start-hyperfine.json');
  const quote = (arg) => (/^[\w./:=-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);
  execFileSync(
    'hyperfine',
    ['-N', '--warmup', '3', '--runs', String(runs), '--export-json', out, ...argvs.map((argv) => argv.map(quote).join(' '))],
    { env, stdio: 'ignore' },
  );
  const results = JSON.parse(readFileSync(out, 'utf8')).results;
  const ms = (result) => result.times.map((s) => s * 1000);
  const cpu = (result) => `${((result.user + result.system) * 1000).toFixed(0)} ms`;
  const floor = results[0];
  return commands.map((args, i) => ({
    name: `start: \`wallpaper ${args.join(' ')}\`, wall time (Node ${process.version})`,
    subject: { label: args.join(' '), values: ms(results[i + 1]), unit: 'ms' },
    baseline: { label: 'node -e 0', values: ms(floor), unit: 'ms' },
    ratio: { kind: 'over', target: ALLOWANCE_MS, unit: 'ms' },
    note: `user + system CPU (mean): ${cpu(results[i + 1])}, node -e 0 ${cpu(floor)}`,
  }));
}
