// `wallpaper database copy --to TARGET` against the suite's real PostgreSQL (docs/design.md#your-data-portable): a
// SQLite index copied into PostgreSQL answers `list` and `random` exactly as before, a scan on the
// copy reads no image again, and it copies back into a SQLite file; a target that holds anything is
// refused (exit 1, named with its password masked) and left as it was.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { runCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';
import { startPostgres } from '../helpers/postgres.js';

t.test('SQLite -> PostgreSQL -> SQLite: the same answers, nothing decoded again', async (t) => {
  const pg = await startPostgres(t);
  if (typeof pg === 'string') return t.plan(0, `skipped: PostgreSQL cannot run here: ${pg}`);
  // A password the server does not ask for (trust), so every message can be checked for it.
  const database = (await pg.createDatabase()).replace('postgres@', 'postgres:s3cret@');
  const home = tempDir(t);
  const folder = tempDir(t);
  await writeImage(join(folder, 'night.jpg'), { width: 1920, height: 1080, color: '#101830' });
  await writeImage(join(folder, 'day.png'), { width: 1080, height: 1920, color: '#f0e8d0', format: 'png' });
  await writeImage(join(folder, 'moss.webp'), { width: 1600, height: 1200, color: '#30a050', format: 'webp' });
  const local = (...args: string[]) => runCli(['--home', home, ...args]);
  const remote = (...args: string[]) => runCli(['--home', home, '--database', database, ...args]);
  t.equal((await local('scan', folder, '--quiet')).code, 0);
  const night = JSON.parse((await local('random', '--brightness', 'dark', '--json')).stdout).id;
  for (const args of [
    ['favorite', night],
    ['tag', night, '+stars'],
    ['config', 'set', 'set_command', 'true'],
    ['random', '--set'],
  ]) {
    t.equal((await local(...args)).code, 0, args.join(' '));
  }

  const copy = await local('database', 'copy', '--to', database, '--json');
  t.equal(copy.code, 0, copy.stderr);
  t.match(JSON.parse(copy.stdout), {
    from: join(home, 'index.sqlite'),
    to: /postgres:\/\/postgres:\*\*\*@/,
    rows: { wallpapers: 3, files: 3, marks: 1, history: 1 },
  });
  t.notMatch(copy.stdout, /s3cret/);

  const listed = (await local('list', '--json')).stdout;
  t.equal((await remote('list', '--json')).stdout, listed, 'list --json is the same on the copy');
  for (const filter of [['--brightness', 'dark'], ['--orientation', 'portrait'], ['--favorites'], ['--tag', 'stars']]) {
    const here = await local('random', ...filter, '--json');
    const there = await remote('random', ...filter, '--json');
    t.equal(there.code, 0, there.stderr);
    t.equal(there.stdout, here.stdout, `random ${filter.join(' ')} is the same on the copy`);
  }
  const rescan = JSON.parse((await remote('scan', '--json')).stdout);
  t.match(rescan, { added: 0, updated: 0, removed: 0, unchanged: 3 }, 'no image is read again on the copy');

  const back = join(tempDir(t), 'back.sqlite');
  const copyBack = await remote('database', 'copy', '--to', `sqlite:${back}`);
  t.equal(copyBack.code, 0, copyBack.stderr);
  t.match(copyBack.stdout, new RegExp(`^Copied 3 wallpapers, 3 files.* from postgres://postgres:\\*\\*\\*@.* to ${back}\\n$`));
  const backHome = tempDir(t);
  const again = await runCli(['--home', backHome, 'database', 'copy', '--to', join(backHome, 'index.sqlite')]);
  t.equal(again.code, 1, 'a home without an index has nothing to copy');
  t.match(again.stderr, /no index to copy/);
  t.notOk(existsSync(join(backHome, 'index.sqlite')));
  // The copy back, used as another home's index, answers as the first.
  const { copyFileSync } = await import('node:fs');
  copyFileSync(back, join(backHome, 'index.sqlite'));
  t.equal((await runCli(['--home', backHome, 'list', '--json'])).stdout, listed, 'and the same again after the copy back');
});

t.test('a target that holds anything is refused, named with its password masked, and left as it was', async (t) => {
  const pg = await startPostgres(t);
  if (typeof pg === 'string') return t.plan(0, `skipped: PostgreSQL cannot run here: ${pg}`);
  const database = (await pg.createDatabase()).replace('postgres@', 'postgres:s3cret@');
  const folder = tempDir(t);
  await writeImage(join(folder, 'a.jpg'), { width: 640, height: 360, color: '#203040' });
  const other = tempDir(t);
  await writeImage(join(other, 'b.jpg'), { width: 640, height: 360, color: '#e0c0a0' });
  const home = tempDir(t);
  t.equal((await runCli(['--home', home, '--database', database, 'scan', other, '--quiet'])).code, 0);
  const before = (await runCli(['--home', home, '--database', database, 'list', '--json'])).stdout;
  const source = tempDir(t);
  t.equal((await runCli(['--home', source, 'scan', folder, '--quiet'])).code, 0);

  const refused = await runCli(['--home', source, 'database', 'copy', '--to', database]);
  t.equal(refused.code, 1);
  t.match(
    refused.stderr,
    /^wallpaper: the target index postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/\w+ is not empty \(1 wallpapers, 1 files/,
  );
  t.notMatch(refused.stderr + refused.stdout, /s3cret/);
  t.equal((await runCli(['--home', home, '--database', database, 'list', '--json'])).stdout, before, 'the target is unchanged');

  const file = join(tempDir(t), 'full.sqlite');
  t.equal((await runCli(['--home', source, 'database', 'copy', '--to', file])).code, 0);
  const twice = await runCli(['--home', source, 'database', 'copy', '--to', file]);
  t.equal(twice.code, 1);
  t.match(twice.stderr, new RegExp(`the target index ${file.replace(/[.]/g, '\\.')} is not empty`));

  for (const [to, message] of [
    ['mysql://user:s3cret@db/x', /invalid --to "mysql:\/\/user:\*\*\*@db\/x": expected a PostgreSQL URL .* or a SQLite file/],
    [join(source, 'index.sqlite'), /is the index being copied/],
  ] as const) {
    const result = await runCli(['--home', source, 'database', 'copy', '--to', to]);
    t.equal(result.code, 2, to);
    t.match(result.stderr, message);
    t.notMatch(result.stderr, /s3cret/);
  }
});
