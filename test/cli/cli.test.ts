// The CLI as bin/ builds it (run in-process, helpers/cli.ts): every command, JSON outputs that
// match the HTTP shapes, exit statuses, help.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { runCli } from '../helpers/cli.js';
import { WALLPAPER_FIELDS, imageBytes, tempDir, writeImage } from '../helpers/fixtures.js';

async function library(t: Test) {
  const root = tempDir(t);
  const pictures = join(root, 'pictures');
  await writeImage(join(pictures, 'dark.jpg'), { width: 1920, height: 1080, color: '#101048' });
  await writeImage(join(pictures, 'light.png'), { width: 1080, height: 1920, color: '#ff9090', format: 'png' });
  await writeImage(join(pictures, 'green.webp'), { width: 1000, height: 1000, color: '#30a030', format: 'webp' });
  const home = join(root, 'home');
  const cli = (...args: string[]) => runCli(['--home', home, ...args]);
  return { root, pictures, home, cli };
}

t.test('--help and usage errors', async (t) => {
  const help = await runCli(['--help']);
  t.equal(help.code, 0);
  for (const command of ['scan', 'list', 'random', 'serve', 'config']) t.match(help.stdout, command);
  const listHelp = await runCli(['list', '--help']);
  t.equal(listHelp.code, 0);
  t.match(listHelp.stdout, /--brightness/);
  t.match(listHelp.stdout, /--max-height/);
  const unknown = await runCli(['frobnicate']);
  t.equal(unknown.code, 2);
  t.match(unknown.stderr, /unknown command/);
  const badOption = await runCli(['list', '--colour', 'red']);
  t.equal(badOption.code, 2);
  t.match(badOption.stderr, /unknown option/);
  // Every error line, commander's own included, is one line with one prefix.
  for (const result of [unknown, badOption]) t.match(result.stderr, /^wallpaper: [^\n]+\n$/);
  const hue = await runCli(['random', '--hue', 'blue']);
  t.equal(
    hue.stderr,
    "wallpaper: unknown option '--hue' (did you mean --dominant-hue?); see wallpaper random --help\n",
    'the filter flag, not --home',
  );
  // A subcommand's pointer names its whole command line; commander's own full stop is not doubled.
  for (const [argv, said] of [
    [['shortcuts', 'install', '--keys'], "wallpaper: option '--keys <chord>' argument missing; see wallpaper shortcuts install --help\n"],
    [['config', 'set', 'min_size'], "wallpaper: missing required argument 'value'; see wallpaper config set --help\n"],
    [['colors', 'a', 'b'], "wallpaper: too many arguments for 'colors'. Expected 1 argument but got 2; see wallpaper colors --help\n"],
  ] as const) {
    const result = await runCli([...argv]);
    t.equal(result.code, 2, argv.join(' '));
    t.equal(result.stderr, said, argv.join(' '));
  }
  for (const typed of ['lst', 'lsit', 'lits']) {
    const typo = await runCli([typed]);
    t.equal(typo.code, 2);
    t.equal(typo.stderr, `wallpaper: unknown command '${typed}' (did you mean list?); see wallpaper --help\n`, typed);
  }
  const version = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
  for (const flag of ['--version', '-V']) {
    const printed = await runCli([flag]);
    t.equal(printed.code, 0);
    t.equal(printed.stdout, `${version}\n`, flag);
  }
});

t.test('scan --json, then list --json gives exactly the HTTP list response', async (t) => {
  const { pictures, cli } = await library(t);
  const scan = await cli('scan', pictures, '--json');
  t.equal(scan.code, 0, scan.stderr);
  const summary = JSON.parse(scan.stdout);
  t.same(Object.keys(summary), [
    'added',
    'updated',
    'removed',
    'unchanged',
    'duplicates',
    'failed',
    'total',
    'hidden',
    'duration_ms',
    'skipped',
    'unavailable',
    'ignored',
  ]);
  t.match(summary, { added: 3, total: 3, failed: [], duplicates: [] });

  const list = await cli('list', '--json');
  t.equal(list.code, 0, list.stderr);
  const body = JSON.parse(list.stdout);
  t.same(Object.keys(body), ['wallpapers', 'pagination'], 'no filters member without filters');
  t.same(body.pagination, { total: 3, page: 1, limit: 50, total_pages: 1 });
  t.same(Object.keys(body.wallpapers[0]), WALLPAPER_FIELDS);
  for (const w of body.wallpapers) {
    t.match(w.id, /^[0-9a-f]{16}$/);
    t.equal(w.url, `/api/wallpapers/${w.id}/image`);
    t.equal(w.thumbnail_url, `/api/wallpapers/${w.id}/thumbnail`);
    t.match(w.added_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  }

  const filtered = JSON.parse(
    (await cli('list', '--json', '--brightness', 'DARK', '--min-width', '100', '--format', 'any', '--limit', '500')).stdout,
  );
  t.same(filtered.filters, { brightness: 'dark', min_width: 100 });
  t.same(filtered.pagination, { total: 1, page: 1, limit: 200, total_pages: 1 });
  t.equal(filtered.wallpapers[0].filename, 'dark.jpg');
});

t.test('list prints a table; random prints a path', async (t) => {
  const { pictures, cli } = await library(t);
  await cli('scan', pictures, '--quiet');
  const table = await cli('list', '--orientation', 'portrait');
  t.equal(table.code, 0);
  const lines = table.stdout.trim().split('\n');
  t.match(lines[0], /^ID\s+SIZE\s+BRIGHTNESS\s+ASPECT\s+HUE\s+PATH$/);
  t.equal(lines.length, 2);
  t.match(lines[1], /1080x1920\s+light\s+portrait\s+red\s+.*light\.png$/);

  const random = await cli('random', '--dominant-hue', 'green');
  t.equal(random.code, 0);
  t.equal(random.stdout, `${join(pictures, 'green.webp')}\n`);
  const json = JSON.parse((await cli('random', '--json', '--orientation', 'square')).stdout);
  t.equal(json.filename, 'green.webp');
});

t.test('exit statuses: no match 1, invalid filter 2, one line on stderr', async (t) => {
  const { pictures, cli } = await library(t);
  await cli('scan', pictures, '--quiet');
  const none = await cli('random', '--min-width', '99999');
  t.equal(none.code, 1);
  t.equal(none.stdout, '');
  t.equal(none.stderr, 'wallpaper: no wallpaper matches --min-width 99999 (3 wallpapers in the library)\n');
  const jpeg = await cli('random', '--format', 'jpeg');
  t.equal(jpeg.code, 1);
  t.match(
    jpeg.stderr,
    /^wallpaper: no wallpaper matches --format jpeg \(3 wallpapers in the library\); --format jpg would match \d+: format compares the file extension \(\.jpg\)\n$/,
  );
  const impossible = await cli('list', '--min-width', '4000', '--max-width', '1000');
  t.equal(impossible.code, 2, 'an impossible range is invalid usage');
  t.match(impossible.stderr, /^wallpaper: invalid --min-width 4000 and --max-width 1000: --min-width must not be larger than --max-width/);
  for (const limit of ['-1', '0']) {
    const refused = await cli('list', '--limit', limit);
    t.equal(refused.code, 2);
    t.equal(
      refused.stderr,
      `wallpaper: invalid --limit "${limit}": expected a whole number of 1 or more (more than 200 counts as 200)\n`,
      `--limit ${limit}: one message`,
    );
  }
  const invalid = await cli('random', '--brightness', 'purple');
  t.equal(invalid.code, 2);
  t.equal(invalid.stderr, 'wallpaper: invalid --brightness "purple": expected light, dark, medium or any\n');
  const badNumber = await cli('list', '--min-width', '-5');
  t.equal(badNumber.code, 2);
  t.match(badNumber.stderr, /^wallpaper: invalid --min-width "-5"/);
  const badPage = await cli('list', '--page', '0');
  t.equal(badPage.code, 2);
  const emptyList = await cli('list', '--json', '--brightness', 'light', '--orientation', 'landscape');
  t.equal(emptyList.code, 1, 'no match: exit 1 (docs/cli.md#wallpaper-list), the empty answer still printed');
  t.same(JSON.parse(emptyList.stdout).wallpapers, []);
  t.match(emptyList.stderr, /^wallpaper: no wallpaper matches --brightness light --orientation landscape/);
  const missing = await cli('scan', join(pictures, 'nope'));
  t.equal(missing.code, 2);
  t.match(missing.stderr, /^wallpaper: invalid folders: .*nope does not exist\n$/);
});

t.test('scan reports failures and duplicates, and a one-line summary when piped', async (t) => {
  const { pictures, cli } = await library(t);
  writeFileSync(join(pictures, 'broken.jpg'), 'nope');
  writeFileSync(join(pictures, 'copy.jpg'), await imageBytes({ width: 1920, height: 1080, color: '#101048' }));
  const scan = await cli('scan', pictures);
  t.equal(scan.code, 0);
  t.match(
    scan.stdout,
    /^Indexed 3 wallpapers: 3 added, 0 updated, 0 removed, 0 unchanged, 1 duplicate, 0 skipped, 1 failed \(\d+\.\d s\)\n$/,
  );
  t.match(scan.stderr, `failed: ${join(pictures, 'broken.jpg')}: not an image of a known format`);
  t.match(scan.stderr, /^1 duplicate \(--verbose lists them\)$/m, 'duplicates: one line');
  t.notMatch(scan.stderr, /duplicate: /);
  const verbose = await cli('scan', '--verbose');
  t.match(verbose.stderr, /duplicate: .*(copy|dark)\.jpg/, '--verbose lists them');
  t.notMatch(scan.stderr, /\u001b\[/, 'no terminal decoration when piped');
  const quiet = await cli('scan', '--quiet');
  t.equal(quiet.stdout + quiet.stderr, '');
});

t.test('config get, set, add-folder, remove-folder', async (t) => {
  const { root, pictures, home, cli } = await library(t);
  const defaults = JSON.parse((await cli('config', 'get')).stdout);
  t.same(defaults, {
    folders: [],
    upload_folder: join(home, 'uploads'),
    thumbnail_size: 480,
    max_upload_bytes: 52428800,
    set_command: null,
    variant_cache_bytes: 1073741824,
    sources: [],
    location: null,
    notify: false,
    min_size: '0x0',
    colors: 'off',
    on_change: null,
  });
  t.same(JSON.parse((await cli('config', 'add-folder', pictures)).stdout), [pictures]);
  t.equal((await cli('config', 'get', 'thumbnail_size')).stdout, '480\n');
  t.equal((await cli('config', 'set', 'thumbnail_size', '640')).stdout, '640\n');
  t.equal((await cli('config', 'set', 'set_command', 'my-setter --fill {path}')).stdout, 'my-setter --fill {path}\n');
  const tooBig = await cli('config', 'set', 'thumbnail_size', '9000');
  t.equal(tooBig.code, 2);
  t.equal(tooBig.stderr, 'wallpaper: invalid thumbnail_size: expected a whole number from 64 to 2048\n');
  t.equal((await cli('config', 'set', 'notify', 'true')).stdout, 'true\n');
  for (const bad of ['yes', '1', '"true"', 'null']) {
    const refused = await cli('config', 'set', 'notify', bad);
    t.equal(refused.code, 2, `notify ${bad}: exit 2`);
    t.equal(refused.stderr, 'wallpaper: invalid notify: expected true or false\n');
  }
  t.equal((await cli('config', 'get', 'notify')).stdout, 'true\n', 'a refused value changes nothing');
  t.equal((await cli('config', 'set', 'notify', 'false')).stdout, 'false\n');
  const unknown = await cli('config', 'set', 'colour', 'red');
  t.equal(unknown.code, 2);
  t.match(unknown.stderr, /unknown setting "colour"/);
  const notThere = await cli('config', 'remove-folder', join(root, 'other'));
  t.equal(notThere.code, 2);
  t.same(JSON.parse((await cli('config', 'remove-folder', pictures)).stdout), []);
  t.match(JSON.parse((await cli('config', 'get')).stdout), { folders: [], thumbnail_size: 640, set_command: 'my-setter --fill {path}' });
});

t.test('a broken settings file is an error naming the key and the file', async (t) => {
  const { home, cli } = await library(t);
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'settings.json'), JSON.stringify({ thumbnail_size: 'big' }));
  const result = await cli('list');
  t.equal(result.code, 2);
  t.equal(result.stderr, `wallpaper: invalid thumbnail_size in ${join(home, 'settings.json')}: expected a whole number from 64 to 2048\n`);
  writeFileSync(join(home, 'settings.json'), '{ not json');
  const broken = await cli('list');
  t.not(broken.code, 0);
  t.match(broken.stderr, /^wallpaper: settings file .*settings\.json cannot be read/);
});

t.test('WALLPAPER_HOME is used when --home is not given', async (t) => {
  const { pictures, home } = await library(t);
  const scan = await runCli(['scan', pictures, '--json'], { WALLPAPER_HOME: home });
  t.equal(JSON.parse(scan.stdout).total, 3);
  const list = await runCli(['--home', home, 'list', '--json']);
  t.equal(JSON.parse(list.stdout).pagination.total, 3);
});

t.test('shared flags: the flag beats its variable, an empty variable is unset, help names the variable', async (t) => {
  const { root, pictures, home } = await library(t);
  await runCli(['--home', home, 'scan', pictures, '--quiet']);
  const other = join(root, 'other-home');
  const flagWins = await runCli(['--home', home, 'list', '--json'], { WALLPAPER_HOME: other });
  t.equal(JSON.parse(flagWins.stdout).pagination.total, 3, '--home over WALLPAPER_HOME');
  const emptyServer = await runCli(['--home', home, 'list', '--json'], { WALLPAPER_SERVER: '' });
  t.equal(JSON.parse(emptyServer.stdout).pagination.total, 3, 'an empty WALLPAPER_SERVER is no server');
  t.match((await runCli(['--help'])).stdout, /--home <dir>.*\(env:\s+WALLPAPER_HOME\)/s);
  t.match((await runCli(['random', '--help'])).stdout, /--server <url>.*\(env:\s+WALLPAPER_SERVER\)/s);
  t.match((await runCli(['serve', '--help'])).stdout, /--token <token>.*\(env:\s+WALLPAPER_TOKEN\)/s);
});
