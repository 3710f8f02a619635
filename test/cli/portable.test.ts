// `wallpaper export` and `wallpaper import` as a user runs them (docs/design.md#your-data-portable): the user's own
// data out of one library and into another, on SQLite and on PostgreSQL; import twice changes
// nothing more; what this library lacks is reported; a malformed file changes nothing and names
// where it is wrong.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { databaseFlag, eachBackend } from '../helpers/backends.js';
import { runCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

const COLOURS = ['#102030', '#f0e0d0', '#20a040', '#a02040'];

/** A folder of four distinct wallpapers; `only` keeps the first n. */
async function wallpapers(t: Test, only = COLOURS.length): Promise<string> {
  const folder = tempDir(t);
  for (const [i, color] of COLOURS.slice(0, only).entries())
    await writeImage(join(folder, `w${i}.jpg`), { width: 320, height: 180, color });
  return folder;
}

const ids = async (cli: (...args: string[]) => ReturnType<typeof runCli>) =>
  (JSON.parse((await cli('list', '--json', '--hidden', 'any')).stdout).wallpapers as { id: string; path: string }[])
    .sort((a, b) => a.path.localeCompare(b.path))
    .map((w) => w.id);

/** The export without its time: what two exports of the same data share. */
const exported = async (t: Test, cli: (...args: string[]) => ReturnType<typeof runCli>) => {
  const result = await cli('export');
  t.equal(result.code, 0, result.stderr);
  const { exported_at: _at, ...rest } = JSON.parse(result.stdout);
  return rest;
};

eachBackend('export, then import into a new library; twice changes nothing more', async (t, backend) => {
  const folder = await wallpapers(t);
  const home = tempDir(t);
  const a = (...args: string[]) => runCli(['--home', home, ...databaseFlag(backend), ...args]);
  t.equal((await a('scan', folder, '--quiet')).code, 0);
  const [w0, w1, w2] = await ids(a);
  for (const args of [
    ['favorite', w0!],
    ['hide', w1!],
    ['tag', w0!, '+space', '+night'],
    ['duplicates', '--not', w0!, w2!],
    ['config', 'set', 'thumbnail_size', '320'],
    ['config', 'set', 'set_command', 'true'],
    ['random', '--set'],
    ['random', '--set'],
  ]) {
    const result = await a(...args);
    t.equal(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
  }
  const file = join(tempDir(t), 'data.json');
  t.equal((await a('export', file)).code, 0);
  const data = JSON.parse(readFileSync(file, 'utf8'));
  t.match(data, {
    format: 'wallpaper-export',
    version: 1,
    settings: { folders: [folder], thumbnail_size: 320, set_command: 'true' },
    favorites: [{ id: w0, paths: [join(folder, 'w0.jpg')] }],
    hidden: [{ id: w1, paths: [join(folder, 'w1.jpg')] }],
    tags: [{ id: w0, tags: ['night', 'space'] }],
    not_duplicates: [{ ids: [w0, w2].sort() }],
  });
  t.equal(data.history.length, 2, 'both sets are in the history');
  t.same(
    data.history.map((h: { monitor: unknown }) => h.monitor),
    [null, null],
  );
  const { exported_at: _at, ...fromFile } = data;
  t.same(await exported(t, a), fromFile, 'stdout holds the same document as FILE');

  const otherHome = tempDir(t);
  const other = await backend.fresh(t);
  const b = (...args: string[]) => runCli(['--home', otherHome, ...(backend.database ? ['--database', other] : []), ...args]);
  t.equal((await b('scan', folder, '--quiet')).code, 0);
  const first = await b('import', file, '--json');
  t.equal(first.code, 0, first.stderr);
  t.match(JSON.parse(first.stdout), {
    added: { favorites: 1, hidden: 1, tags: 1, not_duplicates: 1, history: 2, settings: 2 }, // thumbnail_size, set_command
    unplaced: [{ section: 'settings', key: 'upload_folder' }],
  });
  const after = await exported(t, b);
  t.same(
    { ...after, settings: { ...after.settings, upload_folder: undefined } },
    { ...fromFile, settings: { ...fromFile.settings, upload_folder: undefined } },
    'the other library now holds the same data',
  );
  t.same(
    JSON.parse((await b('list', '--favorites', '--json')).stdout).wallpapers.map((w: { id: string }) => w.id),
    [w0],
  );
  t.same(JSON.parse((await b('duplicates', '--json')).stdout).groups, []);

  const second = await b('import', file, '--json');
  t.equal(second.code, 0, second.stderr);
  t.same(JSON.parse(second.stdout).added, { favorites: 0, hidden: 0, tags: 0, not_duplicates: 0, history: 0, settings: 0 });
  t.match(JSON.parse(second.stdout).unchanged, { favorites: 1, hidden: 1, tags: 1, not_duplicates: 1, history: 2 });
  t.same(await exported(t, b), after, 'a second import changes nothing');
});

t.test('what this library lacks is reported, with ids and paths; the rest is placed', async (t) => {
  const folder = await wallpapers(t);
  const home = tempDir(t);
  const a = (...args: string[]) => runCli(['--home', home, ...args]);
  await a('scan', folder, '--quiet');
  const [w0, w1, w2, w3] = await ids(a);
  await a('favorite', w0!);
  await a('favorite', w3!);
  await a('tag', w3!, '+red');
  await a('duplicates', '--not', w2!, w3!);
  const file = join(tempDir(t), 'data.json');
  await a('export', file);
  const data = JSON.parse(readFileSync(file, 'utf8'));
  data.settings.folders.push('/nowhere/wallpapers');
  writeFileSync(file, JSON.stringify(data));

  const smaller = await wallpapers(t, 2); // w0 and w1 only: w2 and w3 are not there
  const otherHome = tempDir(t);
  const b = (...args: string[]) => runCli(['--home', otherHome, ...args]);
  await b('scan', smaller, '--quiet');
  const report = await b('import', file, '--json');
  t.equal(report.code, 0, report.stderr);
  const json = JSON.parse(report.stdout);
  t.equal(json.added.favorites, 1);
  t.match(
    json.unplaced.filter((u: { section: string }) => u.section !== 'settings'),
    [
      { section: 'favorites', id: w3, paths: [join(folder, 'w3.jpg')], reason: /no wallpaper with this id/ },
      { section: 'tags', id: w3, paths: [join(folder, 'w3.jpg')] },
      { section: 'not_duplicates', ids: [w2, w3], paths: [[join(folder, 'w2.jpg')], [join(folder, 'w3.jpg')]] },
    ],
  );
  t.equal(json.unplaced.length, 3 + 2, 'and two settings: the folder missing here, the upload folder');
  t.match(
    json.unplaced.filter((u: { section: string }) => u.section === 'settings'),
    [
      { key: 'folders', value: '/nowhere/wallpapers', reason: /does not exist/ },
      { key: 'upload_folder', reason: /keeps its own/ },
    ],
  );
  t.same(JSON.parse((await b('config', 'get')).stdout).folders, [smaller, folder], 'the folder that is here is added, not the other');
  t.not(w1, undefined);
  const text = await b('import', file);
  t.match(text.stdout, /Not placed \(\d+\):/);
  t.match(text.stdout, new RegExp(`favorites\\s+${w3}\\s+${join(folder, 'w3.jpg')}`));
});

t.test('a malformed file changes nothing and says where it is wrong', async (t) => {
  const folder = await wallpapers(t, 1);
  const home = tempDir(t);
  const cli = (...args: string[]) => runCli(['--home', home, ...args]);
  await cli('scan', folder, '--quiet');
  const [id] = await ids(cli);
  const good = { format: 'wallpaper-export', version: 1, favorites: [{ id, paths: [] }], settings: { thumbnail_size: 256 } };
  const table: [string, unknown, RegExp][] = [
    ['not JSON', '{"format": ', /: not JSON/],
    ['an array', [], /at the top level: expected a JSON object, got an array/],
    ['unknown version', { ...good, version: 2 }, /at version: expected 1/],
    ['no format', { version: 1 }, /at format: expected "wallpaper-export"/],
    ['bad id', { ...good, favorites: [{ id, paths: [] }, { id: 'ABC' }] }, /at favorites\[1\]\.id: expected a wallpaper id/],
    ['unknown key', { ...good, favourites: [] }, /at favourites: unknown key/],
    ['bad tag', { ...good, tags: [{ id, tags: ['ok', 'a,b'] }] }, /at tags\[0\]\.tags\[1\]: expected a tag name/],
    ['bad time', { ...good, history: [{ id, set_at: 'yesterday' }] }, /at history\[0\]\.set_at: expected a date/],
    ['one id of a pair', { ...good, not_duplicates: [{ ids: [id] }] }, /at not_duplicates\[0\]\.ids: expected two ids/],
    ['bad setting', { ...good, settings: { thumbnail_size: 5 } }, /at settings\.thumbnail_size: invalid thumbnail_size/],
    ['unknown setting', { ...good, settings: { colour: 'red' } }, /at settings\.colour: unknown setting/],
  ];
  const before = await exported(t, cli);
  for (const [name, content, message] of table) {
    const file = join(tempDir(t), 'bad.json');
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    const result = await cli('import', file);
    t.equal(result.code, 2, name);
    t.match(result.stderr, new RegExp(`^wallpaper: invalid export file ${file.replace(/[.]/g, '\\.')} ?${message.source}`), name);
    t.equal(result.stderr.trim().split('\n').length, 1, `${name}: one line`);
  }
  t.same(await exported(t, cli), before, 'nothing changed');
  const missing = await cli('import', join(folder, 'none.json'));
  t.equal(missing.code, 1);
  t.match(missing.stderr, /cannot read .*none\.json: it does not exist/);
});
