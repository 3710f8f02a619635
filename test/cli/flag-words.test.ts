// A CLI usage error names the flag as typed on the CLI (`--min-width`), never the HTTP parameter
// behind it (`min_width`); the HTTP face keeps the parameter's name. Every filter flag of every
// command that takes them, and list's own flags.
import t from 'tap';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';

const BAD: [flag: string, value: string][] = [
  ['--brightness', 'purple'],
  ['--aspect-ratio', '5:1'],
  ['--orientation', 'up'],
  ['--dominant-hue', 'pink'],
  ['--format', 'jp2'],
  ['--min-width', '-5'],
  ['--min-height', '1.5'],
  ['--max-width', 'abc'],
  ['--max-height', '-1'],
  ['--color', 'navy'],
  ['--color-tolerance', '2'],
  ['--hidden', 'maybe'],
];

t.test('every filter error names the flag as typed', async (t) => {
  const home = tempDir(t);
  for (const command of ['list', 'random']) {
    for (const [flag, value] of BAD) {
      const result = await runCli(['--home', home, command, flag, value]);
      t.equal(result.code, 2, `${command} ${flag} ${value}: usage`);
      t.match(result.stderr, new RegExp(`^wallpaper: invalid ${flag} `), `${command} ${flag}: names ${flag}`);
      t.notMatch(result.stderr, /\b[a-z]+_[a-z]+\b/, 'no parameter name with an underscore');
    }
  }
  const range = await runCli(['--home', home, 'list', '--min-height', '900', '--max-height', '100']);
  t.equal(
    range.stderr,
    'wallpaper: invalid --min-height 900 and --max-height 100: --min-height must not be larger than --max-height, or nothing can match\n',
  );
  for (const [flag, value] of [
    ['--page', '0'],
    ['--limit', 'x'],
    ['--sort', 'size'],
  ] as const) {
    const result = await runCli(['--home', home, 'list', flag, value]);
    t.equal(result.code, 2);
    t.match(result.stderr, new RegExp(`^wallpaper: invalid ${flag} "${value}"`), flag);
  }
  const schedule = await runCli(['--home', home, 'schedule', '--every', '30m', '--min-width', 'wide', '--dry-run']);
  t.match(schedule.stderr, /^wallpaper: invalid --min-width "wide"/, 'schedule too');
});
