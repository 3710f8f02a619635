// A short command loads only the modules it runs with. `current` was the CLI's start and
// little else (~250 of our ES modules, ~1 ms each): cli.ts now loads only the command argv names,
// the version none, and the rooms load their heavy parts (decoders, scanning, variants, dynamic
// wallpapers, the doctor, setting and following, the shortcuts' settings) when first used. The
// program is bundled into CommonJS files (docs/design.md#how-the-program-is-built-and-started): the
// files a run loads are counted against a ceiling, none of them is read as an ES module, and the
// sources inside them, read from each file's source map, are held to the rules below. A rule on
// what is loaded, not a timing: timings live in bench/ (npm run bench -- --only cli).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import module from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { BIN, runCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

const REPORTER = fileURLToPath(new URL('../fixtures/report-modules.mjs', import.meta.url));
const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** The sources bundled into a built file, as the paths tsc would give them under dist/
 * (core/desktop/set.js, ...), from the file's source map. */
function sourcesOf(file: string): string[] {
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
  return map.sources.map((source) => relative(SRC, resolve(dirname(file), source)).replace(/\.ts$/, '.js'));
}

interface Loaded {
  /** Our built files the run loaded (bundled files and chunks under dist/). */
  files: string[];
  /** Those of them read as ES modules (through Node's ES module loader). */
  esModules: string[];
  /** The packages' files it loaded (modules and addons). */
  packages: string[];
  /** The sources in those files, as paths under dist/ (core/store/index.js, commands/list.js, ...). */
  modules: string[];
  /** Node's own modules it loaded (crypto, worker_threads, ...). */
  builtins: string[];
}

let runs = 0;
/** The lines the reporter writes for a run of `args` (node's own arguments and the program's). */
function report(root: string, args: string[], env: NodeJS.ProcessEnv): { lines: string[]; status: number | null; stderr: string } {
  const file = join(root, `modules-${++runs}.txt`);
  const result = spawnSync(process.execPath, ['--import', REPORTER, ...args], {
    env: { ...process.env, ...env, REPORT_MODULES: file, WALLPAPER_HOME: '', WALLPAPER_SERVER: '' },
    encoding: 'utf8',
  });
  return { lines: result.status === 0 ? readFileSync(file, 'utf8').split('\n') : [], status: result.status, stderr: result.stderr };
}

let runnersOwn: Set<string> | undefined;
/** The files the test runner adds to every process it spawns (tap wraps spawn to preload its own
 * modules): loaded by a run of nothing, and not the program's. Node's own modules are not among
 * them: the reporter counts those loaded after it starts. */
function runnerFiles(root: string): Set<string> {
  runnersOwn ??= new Set(report(root, ['-e', '0'], {}).lines.filter((line) => !line.startsWith('node:')));
  return runnersOwn;
}

/** What a run of the real bin loads. */
function loadedBy(t: Test, root: string, args: string[], env: NodeJS.ProcessEnv): Loaded {
  const run = report(root, [BIN, ...args], env);
  t.equal(run.status, 0, `${args.join(' ')}: ${run.stderr}`);
  const runners = runnerFiles(root);
  const lines = run.lines.filter((line) => !runners.has(line));
  const pathsOf = (how: string) =>
    lines.filter((line) => line.startsWith(`${how} file:`)).map((line) => fileURLToPath(line.slice(how.length + 1)));
  const imported = pathsOf('import');
  const paths = [...new Set([...imported, ...pathsOf('require')])];
  const files = paths.filter((path) => path.startsWith(DIST));
  return {
    files: files.map((path) => path.slice(DIST.length)),
    esModules: imported.filter((path) => path.startsWith(DIST)).map((path) => path.slice(DIST.length)),
    packages: paths.filter((path) => path.includes('/node_modules/')),
    modules: [...new Set(files.flatMap(sourcesOf))],
    builtins: [...new Set(lines.filter((url) => url.startsWith('node:')).map((url) => url.slice('node:'.length)))],
  };
}

/** Our modules a run loads, as paths under dist/ (see sourcesOf). */
const modulesOf = (t: Test, root: string, args: string[], env: NodeJS.ProcessEnv): string[] => loadedBy(t, root, args, env).modules;

/** The files a short command may load, of ours and of the packages: the figures of the bundled
 * program when this test was written (--version 5 and 0; list --json 18 and 14; current 20 and 14;
 * next 23 and 14: better-sqlite3's 13 modules and its addon; commander, lru-cache and suncalc are
 * bundled in) and some room to grow. The tray's D-Bus and sharp were loaded at every start once (18
 * more files), through the desktop room's door. Loading a module costs its read and compile: a
 * command over these has started to load what it does not use. */
const CEILINGS: Record<string, { files: number; packages: number }> = {
  '--version': { files: 8, packages: 0 },
  list: { files: 26, packages: 16 },
  current: { files: 26, packages: 16 },
  next: { files: 32, packages: 16 },
};

/** What `list` never loads (only where after-change lines go, of the desktop room). */
const LIST_NEVER = [/^core\/desktop\/(?!after\/reports\.js$)/, /^core\/schedule\//, /^core\/doctor\//];

/** What a short command never needs at start: the other commands, the HTTP face, and the parts of
 * the rooms that decode, scan, render, play, diagnose, set, follow or write a desktop's settings,
 * and the setters of the desktops it does not run on. */
const NOT_AT_START = [
  /^http\//,
  /^core\/dynamic\//,
  /^core\/doctor\/(?!index\.js$)/,
  // spec.ts parses a variant's parameters, palettes.ts the e-paper palettes among them: both pure.
  /^core\/variants\/(?!index\.js$|spec\.js$|palettes\.js$)/,
  /^core\/formats\/(decode|support|svg|bmp|djxl|jxl-header)\.js$/,
  /^core\/library\/(scan|walk|diff|intake|upload-batch|open-frame|read-dynamic|thumbnail-file|trash)\.js$/,
  // The desktop room's part that owns a change (`random` without --set only picks: pick/), and what
  // makes files, follows or notifies.
  /^core\/desktop\/change\//,
  /^core\/desktop\/(place\/compose|place\/dynamic-frame|session\/follow|after\/notify)\.js$/,
  // The shortcuts are the `shortcuts` command's alone.
  /^core\/desktop\/shortcuts\//,
  // The desktops' setters: loaded to set, and none is this session's (set_command is).
  /^core\/desktop\/setters\/(gnome|cinnamon|mate|kde|xfce|sway|swww|hyprpaper|macos|windows|x11|picture-options)\.js$/,
];

/** Node's own modules that only some runs need (each ~2-3 ms to compile on Node 20, their
 * dependencies included): taken where they are used (docs/design.md#how-the-program-is-built-and-started),
 * never by a short command on a SQLite index (a pick and a temporary name need no crypto). */
const BUILTINS_NOT_AT_START = ['crypto', 'worker_threads', 'v8', 'timers/promises'];
// vm compiles the program on a Node without a compile cache of its own (src/code-cache.ts), at every start.
if (typeof (module as unknown as { enableCompileCache?: unknown }).enableCompileCache === 'function') BUILTINS_NOT_AT_START.push('vm');

/** Our modules the slimmest short command loaded before an earlier round's change: every one of them. */
const BEFORE = 230;

t.test('current, list and random without --set load only what they run with', async (t) => {
  const root = tempDir(t);
  const walls = join(root, 'walls');
  await writeImage(join(walls, 'a.png'), { width: 64, height: 48, color: '#336699', format: 'png' });
  const home = join(root, 'home');
  // No desktop in the environment: set_command is the setter (what `current` reads is its history).
  const env = { XDG_CURRENT_DESKTOP: '', DISPLAY: '', WAYLAND_DISPLAY: '', DBUS_SESSION_BUS_ADDRESS: '' };
  const cli = (...args: string[]) => runCli(['--home', home, ...args], env);
  t.equal((await cli('scan', walls, '--quiet')).code, 0);
  t.equal((await cli('config', 'set', 'set_command', 'true {path}')).code, 0);
  t.equal((await cli('random', '--set')).code, 0);

  for (const [command, ...rest] of [['current'], ['list', '--json'], ['favorite', 'current'], ['random', '--json'], ['next']]) {
    const run = loadedBy(t, root, ['--home', home, command!, ...rest], env);
    const loaded = run.modules;
    t.ok(loaded.includes('core/store/index.js'), `${command}: the reporter sees the index's modules`);
    const commands = loaded.filter((path) => path.startsWith('commands/'));
    const own = {
      current: 'commands/on-screen.js',
      list: 'commands/list.js',
      favorite: 'commands/curate.js',
      random: 'commands/random.js',
      next: 'commands/on-screen.js',
    }[command!]!;
    t.ok(commands.includes(own), `${command}: its own command module`);
    for (const other of ['commands/scan.js', 'commands/serve.js', 'commands/doctor.js', 'commands/watch.js', 'commands/completion.js'])
      t.notOk(commands.includes(other), `${command}: not ${other}`);
    // next sets a picture: setting is its work (its files are held by the ceiling below).
    if (command !== 'next')
      t.same(
        loaded.filter((path) => NOT_AT_START.some((rule) => rule.test(path))),
        [],
        `${command}: none of the rooms' heavy parts`,
      );
    // A ceiling well under what every command loaded before (all of them: 230); the desktop room's
    // parts each have a door of their own (a few small modules more).
    t.ok(loaded.length < BEFORE * 0.8, `${command}: ${loaded.length} of our modules, under ${Math.round(BEFORE * 0.8)}`);
    // The bundler leaves out what the command does not call, though the core's door names it:
    // listing opens no desktop, no schedule and no doctor.
    if (command === 'list')
      t.same(
        loaded.filter((path) => LIST_NEVER.some((rule) => rule.test(path))),
        [],
        'list: none of the rooms the door names that listing does not call',
      );
    t.same(
      run.builtins.filter((name) => BUILTINS_NOT_AT_START.includes(name)),
      [],
      `${command}: none of Node's modules it does not use (${run.builtins.length} loaded)`,
    );
    t.same(run.esModules, [], `${command}: the program's files are read by require, none as an ES module`);
    const ceiling = CEILINGS[command!] ?? CEILINGS.list!;
    t.ok(run.files.length <= ceiling.files, `${command}: ${run.files.length} built files of ours, at most ${ceiling.files}`);
    t.ok(run.packages.length <= ceiling.packages, `${command}: ${run.packages.length} files of packages, at most ${ceiling.packages}`);
  }
});

/** The core's modules the version loads: the home folders (the compile cache's folder) and what
 * cli.ts imports itself. */
const VERSION_CORE = new Set(['core/settings/home.js', 'core/errors.js', 'core/store/postgres/url.js', 'core/desktop/after/reports.js']);

t.test('the version loads no command and none of the core but what cli.ts names', async (t) => {
  const root = tempDir(t);
  for (const args of [['--version'], ['-V'], ['--home', root, '--version']]) {
    const run = loadedBy(t, root, args, {});
    t.same(
      // The compile cache's folder is the home folders' module's (src/compile-cache.ts); cli.ts names
      // the errors it maps, the database URL's words and where after-change lines go (three small
      // modules of no room's heavy parts).
      run.modules.filter(
        (path) =>
          (path.startsWith('core/') && !VERSION_CORE.has(path)) ||
          (path.startsWith('commands/') && !/^commands\/(argv|help|options|suggest|closed-output)\.js$/.test(path)),
      ),
      [],
      `${args.join(' ')}: the program's parser only`,
    );
    t.ok(
      run.files.length <= CEILINGS['--version']!.files,
      `${args.join(' ')}: ${run.files.length} built files, at most ${CEILINGS['--version']!.files}`,
    );
    t.ok(run.packages.length <= CEILINGS['--version']!.packages, `${args.join(' ')}: ${run.packages.length} files of packages`);
    t.same(run.esModules, [], `${args.join(' ')}: none of the program's files read as an ES module`);
    t.same(
      run.builtins.filter((name) => BUILTINS_NOT_AT_START.includes(name)),
      [],
      `${args.join(' ')}: none of Node's modules it does not use`,
    );
  }
  t.match((await runCli(['--version'])).stdout, /^\d+\.\d+\.\d+\n$/);
});

t.test('help, completion and a mistyped command still see every command', async (t) => {
  const root = tempDir(t);
  for (const args of [['--help'], ['help', 'current'], ['completion', 'bash']]) {
    const loaded = modulesOf(t, root, args, {});
    t.ok(loaded.includes('commands/completion.js') && loaded.includes('commands/serve.js'), `${args.join(' ')}: every command`);
  }
  const typo = await runCli(['curent']);
  t.equal(typo.code, 2);
  t.match(typo.stderr, /unknown command 'curent' \(did you mean current\?\)/);
});
