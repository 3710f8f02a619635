// Abuse findings on the CLI: `tag` with a control character is a usage error naming it;
// a database URL's password never shows, whatever is wrong (a mistyped scheme, a URL that does not
// parse, a server that does not answer), by flag or variable, on any command.
import { join } from 'node:path';
import t from 'tap';
import { runCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

t.test('tag with a control character: exit 2 naming it, nothing stored', async (t) => {
  const home = tempDir(t);
  const pictures = tempDir(t);
  await writeImage(join(pictures, 'a.png'), { width: 320, height: 200, color: '#204060', format: 'png' });
  t.equal((await runCli(['--home', home, 'scan', pictures, '--quiet'])).code, 0);
  const path = join(pictures, 'a.png');
  for (const [tag, code] of [
    ['sun\nset', 'U+000A'],
    ['sun\tset', 'U+0009'],
    ['sun\u0085set', 'U+0085'],
    ['sun\u007fset', 'U+007F'],
  ] as const) {
    const result = await runCli(['--home', home, 'tag', path, `+${tag}`]);
    t.equal(result.code, 2, code);
    t.match(
      result.stderr,
      new RegExp(`^wallpaper: invalid tag ".*": it contains the control character ${code.replace('+', '\\+')};`),
      code,
    );
    t.equal(result.stderr.split('\n').length, 2, 'one line');
  }
  t.match((await runCli(['--home', home, 'tag', path])).stdout, /: \(no tags\)\n$/, 'no tag stored');
});

t.test('a database URL never prints its password', async (t) => {
  const home = tempDir(t);
  const table: [url: string, code: number, said: RegExp][] = [
    ['postgre://user:secret@db.example/wallpapers', 2, /expected a PostgreSQL URL/],
    ['mysql://user:secret@db.example/wallpapers', 2, /expected a PostgreSQL URL/],
    ['postgres://user:secret@[::1/wallpapers', 2, /is not a URL/],
    ['postgres://user:secret@localhost:99999/wallpapers', 2, /is not a URL/],
    ['postgres://user:sec@ret@127.0.0.1:1/wallpapers', 1, /cannot use the database postgres:\/\/user:\*\*\*@127\.0\.0\.1:1\/wallpapers/],
    ['postgres://user:secret@127.0.0.1:1/wallpapers', 1, /cannot use the database postgres:\/\/user:\*\*\*@127\.0\.0\.1:1/],
  ];
  for (const [url, code, said] of table) {
    for (const [how, args, env] of [
      ['flag', ['--database', url, 'list'], {}],
      ['variable', ['list'], { WALLPAPER_DATABASE_URL: url }],
      ['doctor', ['--database', url, 'doctor'], {}],
    ] as const) {
      const result = await runCli(['--home', home, ...args], env);
      if (how !== 'doctor') {
        t.equal(result.code, code, `${url} (${how})`);
        t.match(result.stderr, said, `${url} (${how})`);
      }
      t.notMatch(result.stdout + result.stderr, /secret|sec@ret|ret@/, `${url} (${how}): no password`);
    }
  }
});
