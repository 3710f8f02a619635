// `wallpaper colors` (docs/colors.md): the JSON's shape, the scheme of what is on the screen
// (`current`, set through a set_command), bad --as and --mode (exit 2 naming the flag), and
// `--write`: every format in the cache home's colors/ and pywal's files, each read by a real reader
// (foot --check-config, kitty's own config loader, a TOML and a YAML parser, JSON with pywal's keys,
// Xresources lines).
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse as parseToml } from 'smol-toml';
import t, { type Test } from 'tap';
import { parse as parseYaml } from 'yaml';
import { runCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

const run = promisify(execFile);
/** kitty's own config loader (kitty +runpy) on the file in argv: the lines it refused and the colours it
 * read. Unknown keys it only warns of, on stderr. */
const KITTY_READER = `import sys, json
from kitty.config import load_config
bad = []
o = load_config(sys.argv[-1], accumulate_bad_lines=bad)
out = {"bad": [b.line for b in bad]}
for key in ["background", "foreground", "cursor"] + ["color%d" % i for i in range(16)]:
    c = getattr(o, key)
    out[key] = "#%02x%02x%02x" % (c.red, c.green, c.blue)
print(json.dumps(out))`;
const HEX = /^#[0-9a-f]{6}$/;

async function setup(t: Test) {
  const root = tempDir(t);
  const pictures = join(root, 'pictures');
  await writeImage(join(pictures, 'navy.png'), { width: 320, height: 200, color: '#1e3a8a', format: 'png' });
  await writeImage(join(pictures, 'sand.png'), { width: 320, height: 200, color: '#f4e4c1', format: 'png' });
  const home = join(root, 'home');
  const env = { XDG_CACHE_HOME: join(root, 'cache') };
  const cli = (args: string[]) => runCli(['--home', home, ...args], env);
  await cli(['scan', pictures, '--quiet']);
  await cli(['config', 'set', 'set_command', 'true {path}']);
  return { root, home, env, cli };
}

t.test('colors current: the JSON of the wallpaper on the screen, in the shape the docs give', async (t) => {
  const s = await setup(t);
  t.equal((await s.cli(['colors'])).code, 1, 'nothing on the screen yet: exit 1');
  const set = await s.cli(['random', '--set', '--json']);
  t.equal(set.code, 0, set.stderr);
  const id = (await s.cli(['current', '--json'])).stdout.match(/"id":\s*"([0-9a-f]{16})"/)?.[1];
  const result = await s.cli(['colors', 'current']);
  t.equal(result.code, 0, result.stderr);
  const scheme = JSON.parse(result.stdout);
  t.same(Object.keys(scheme), ['id', 'mode', 'background', 'foreground', 'cursor', 'colors', 'material']);
  t.equal(scheme.id, id, 'the id of what is on the screen');
  t.equal(scheme.colors.length, 16);
  for (const color of [scheme.background, scheme.foreground, scheme.cursor, ...scheme.colors]) t.match(color, HEX);
  t.same(Object.keys(scheme.material), ['light', 'dark']);
  t.match(scheme.material.dark.primary, HEX);
  t.equal((await s.cli(['colors'])).stdout, result.stdout, '`current` is the default');
  const light = JSON.parse((await s.cli(['colors', id!, '--mode', 'light'])).stdout);
  const dark = JSON.parse((await s.cli(['colors', id!, '--mode', 'dark'])).stdout);
  t.equal(light.mode, 'light');
  t.equal(dark.mode, 'dark');
  t.not(light.background, dark.background, 'the modes differ');
});

t.test('bad --as, --mode, wallpaper: one line naming the flag and what is accepted', async (t) => {
  const s = await setup(t);
  const cases: [string[], number, RegExp][] = [
    [
      ['colors', 'current', '--as', 'svg'],
      2,
      /^wallpaper: invalid --as "svg": expected one of json, pywal, base16, material, css, xresources, kitty, alacritty, foot, ghostty\n$/,
    ],
    [['colors', 'current', '--mode', 'dusk'], 2, /^wallpaper: invalid --mode "dusk": expected dark, light or auto\n$/],
    [['colors', 'nothing-like-this'], 1, /^wallpaper: no wallpaper with id or indexed file "nothing-like-this"\n$/],
    [['colors', 'nothing-like-this', '--monitor', 'DP-1'], 2, /invalid --monitor: it applies to `current` only/],
  ];
  for (const [args, code, message] of cases) {
    const result = await s.cli(args);
    t.equal(result.code, code, args.join(' '));
    t.match(result.stderr, message, args.join(' '));
    t.equal(result.stdout, '', `${args.join(' ')}: nothing on stdout`);
  }
});

t.test('--write: every format and pywal files, each read by its reader', async (t) => {
  const s = await setup(t);
  await s.cli(['random', '--set']);
  const result = await s.cli(['colors', '--write', '--mode', 'dark', '--as', 'pywal']);
  t.equal(result.code, 0, result.stderr);
  const scheme = JSON.parse((await s.cli(['colors', '--mode', 'dark'])).stdout);
  const folder = join(s.home, 'colors');
  const wal = join(s.env.XDG_CACHE_HOME, 'wal');
  const read = (file: string) => readFileSync(file, 'utf8');

  t.same(JSON.parse(read(join(folder, 'colors.json'))), scheme, 'colors.json is the json format');
  t.equal(read(join(folder, 'pywal.json')), result.stdout, 'what --as printed is what was written');

  // pywal's colors.json: its keys, as pywal's templates read them.
  for (const file of [join(folder, 'pywal.json'), join(wal, 'colors.json')]) {
    const pywal = JSON.parse(read(file));
    t.same(Object.keys(pywal).sort(), ['alpha', 'colors', 'special', 'wallpaper'], `${file}: pywal's keys`);
    t.same(pywal.special, { background: scheme.background, foreground: scheme.foreground, cursor: scheme.cursor });
    t.same(
      Object.keys(pywal.colors),
      Array.from({ length: 16 }, (_, i) => `color${i}`),
    );
    t.equal(pywal.colors.color4, scheme.colors[4]);
    t.ok(existsSync(pywal.wallpaper), 'the wallpaper is the file on the screen');
  }
  t.equal(read(join(wal, 'colors')), `${scheme.colors.join('\n')}\n`, "pywal's colors: one per line");
  const sh = await run('sh', ['-c', '. "$1" && printf "%s %s %s" "$background" "$color1" "$wallpaper"', 'sh', join(wal, 'colors.sh')]);
  t.match(sh.stdout, `${scheme.background} ${scheme.colors[1]} /`, 'colors.sh sourced by a real shell');
  t.match(read(join(wal, 'colors.css')), /--wallpaper: url\(".*"\);/);
  t.match(read(join(wal, 'colors.Xresources')), `*.background: ${scheme.background}\n`);

  const base16 = parseYaml(read(join(folder, 'base16.yaml'))) as Record<string, string>;
  t.same(
    Object.keys(base16).filter((key) => key.startsWith('base')),
    Array.from({ length: 16 }, (_, i) => `base0${i.toString(16).toUpperCase()}`),
    'base16: base00 to base0F, read by a YAML parser',
  );
  t.equal(`#${base16.base00}`, scheme.background);
  t.equal(`#${base16.base05}`, scheme.foreground);
  t.equal(`#${base16.base08}`, scheme.colors[1]);

  const alacritty = parseToml(read(join(folder, 'alacritty.toml'))) as { colors: Record<string, Record<string, string>> };
  t.equal(alacritty.colors.primary!.background, scheme.background, 'alacritty, read by a TOML parser');
  t.equal(alacritty.colors.normal!.red, scheme.colors[1]);
  t.equal(alacritty.colors.bright!.white, scheme.colors[15]);
  t.equal(alacritty.colors.cursor!.cursor, scheme.cursor);

  const foot = await run('foot', ['--check-config', '-c', join(folder, 'foot.ini')]).then(
    () => 0,
    (error: { code: number; stderr: string }) => error.code,
  );
  t.equal(foot, 0, 'foot --check-config accepts the foot file');
  t.match(read(join(folder, 'foot.ini')), `background=${scheme.background.slice(1)}\n`);

  const material = JSON.parse(read(join(folder, 'material.json')));
  t.same(material, scheme.material, 'material.json: the tokens, light and dark');
  const css = read(join(folder, 'colors.css'));
  t.match(css, `--color15: ${scheme.colors[15]};`);
  t.match(css, `--md-sys-color-primary: ${scheme.material.dark.primary};`);
  const kitty = await run('kitty', ['+runpy', KITTY_READER, join(folder, 'kitty.conf')]);
  t.equal(kitty.stderr, '', 'kitty warns of no unknown key');
  const loaded = JSON.parse(kitty.stdout) as Record<string, string | string[]>;
  t.same(loaded.bad, [], "kitty's config loader refuses no line");
  t.same(
    loaded,
    {
      bad: [],
      background: scheme.background,
      foreground: scheme.foreground,
      cursor: scheme.cursor,
      ...Object.fromEntries(scheme.colors.map((c: string, i: number) => [`color${i}`, c])),
    },
    'kitty reads the scheme: background, foreground, cursor and color0-15',
  );
  t.match(read(join(folder, 'ghostty.conf')), `palette = 15=${scheme.colors[15]}\n`);
  t.match(read(join(folder, 'colors.Xresources')), `*.color8: ${scheme.colors[8]}\n`);
});
