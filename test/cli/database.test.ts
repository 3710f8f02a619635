// `--database URL` (and WALLPAPER_DATABASE_URL) as a user runs it against a real PostgreSQL: every
// command reads and writes that index instead of SQLite in the data home (none is made there); a
// URL that is not PostgreSQL's is a usage error naming the flag; an unreachable server is named,
// with the password hidden, and exits 1; doctor reports the index it was given.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { runCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';
import { startPostgres } from '../helpers/postgres.js';

t.test('a URL that is not PostgreSQL is a usage error naming the flag or the variable', async (t) => {
  const home = tempDir(t);
  const table: [string[], Record<string, string>, RegExp][] = [
    [
      ['--database', 'index.sqlite', 'list'],
      {},
      /option '--database <url>' argument 'index\.sqlite' is invalid\. expected a PostgreSQL URL/,
    ],
    [
      ['--database', 'mysql://db/x', 'list'],
      {},
      /expected a PostgreSQL URL, postgres:\/\/USER@HOST:5432\/NAME, with :PASSWORD after USER when it needs one/,
    ],
    [['list'], { WALLPAPER_DATABASE_URL: 'sqlite:///x' }, /from env 'WALLPAPER_DATABASE_URL' is invalid/],
  ];
  for (const [args, env, message] of table) {
    const result = await runCli(['--home', home, ...args], env);
    t.equal(result.code, 2, args.join(' '));
    t.match(result.stderr, message);
  }
  const help = await runCli(['list', '--help']);
  t.match(help.stdout, /WALLPAPER_DATABASE_URL\s+the index in PostgreSQL/);
});

t.test('every command on the PostgreSQL index, by flag or by variable', async (t) => {
  const pg = await startPostgres(t);
  if (typeof pg === 'string') return t.plan(0, `skipped: PostgreSQL cannot run here: ${pg}`);
  const database = await pg.createDatabase();
  const home = tempDir(t);
  const folder = tempDir(t);
  await writeImage(join(folder, 'night.jpg'), { width: 1920, height: 1080, color: '#101830' });
  await writeImage(join(folder, 'day.png'), { width: 1080, height: 1920, color: '#f0e8d0', format: 'png' });
  const flag = (...args: string[]) => runCli(['--home', home, '--database', database, ...args]);
  const variable = (...args: string[]) => runCli(['--home', home, ...args], { WALLPAPER_DATABASE_URL: database });

  const scan = await flag('scan', folder, '--json');
  t.equal(scan.code, 0, scan.stderr);
  t.equal(JSON.parse(scan.stdout).added, 2);
  t.notOk(existsSync(join(home, 'index.sqlite')), 'no SQLite index is made in the home');
  const dark = await variable('list', '--brightness', 'dark', '--json');
  t.equal(dark.code, 0, dark.stderr);
  t.same(
    JSON.parse(dark.stdout).wallpapers.map((w: { filename: string }) => w.filename),
    ['night.jpg'],
  );
  const random = await variable('random', '--orientation', 'portrait', '--json');
  t.equal(JSON.parse(random.stdout).filename, 'day.png');
  const id = JSON.parse(random.stdout).id;
  t.equal((await flag('favorite', id)).code, 0);
  t.equal(
    JSON.parse((await variable('list', '--favorites', '--json')).stdout).pagination.total,
    1,
    'a mark made by flag, read by variable',
  );
  const sqlite = await runCli(['--home', home, 'list', '--json']);
  t.equal(JSON.parse(sqlite.stdout).pagination.total, 0, 'without it: the SQLite index of the home, empty');

  const doctor = await flag('doctor');
  t.match(doctor.stdout, /ok\s+index: 2 wallpapers, schema version \d+, integrity ok/);
});

t.test("schedule's timer runs its command on the same index", async (t) => {
  const home = tempDir(t);
  const url = 'postgres://wallpaper@db.example:5432/wallpaper';
  const result = await runCli(['--home', home, '--database', url, 'schedule', '--every', '1h', '--dry-run']);
  t.equal(result.code, 0, result.stderr);
  t.match(result.stdout, new RegExp(`ExecStart=.* --database ${url.replace(/[.]/g, '\\.')} random --set`));
});

t.test('an unreachable server: named without its password, exit 1, doctor says what to check', async (t) => {
  const home = tempDir(t);
  const url = 'postgres://wallpaper:s3cret@127.0.0.1:1/wallpaper';
  const list = await runCli(['--home', home, '--database', url, 'list']);
  t.equal(list.code, 1);
  t.match(list.stderr, /^wallpaper: cannot use the database postgres:\/\/wallpaper:\*\*\*@127\.0\.0\.1:1\/wallpaper: connect ECONNREFUSED/);
  t.notMatch(list.stderr, /s3cret/);
  const doctor = await runCli(['--home', home, '--database', url, 'doctor']);
  t.equal(doctor.code, 1);
  t.match(doctor.stdout, /problem\s+index: cannot open the index postgres:\/\/wallpaper:\*\*\*@127\.0\.0\.1:1\/wallpaper/);
  t.match(doctor.stdout, /check the URL, that PostgreSQL runs and that its user may connect and create tables/);
  t.notMatch(doctor.stdout, /s3cret/);
});
