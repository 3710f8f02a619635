// The shell conventions (docs/cli.md#rules-every-command-follows): every command's --help ends with two or three examples
// and the environment variables it reads; NO_COLOR and --no-color keep escape codes out, while
// FORCE_COLOR puts them in even through a pipe.
import { join } from 'node:path';
import t from 'tap';
import { createProgram } from '../../src/cli.js';
import { HELP_WIDTH } from '../../src/commands/help.js';
import { helpOf } from '../helpers/help.js';
import { runCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

t.test('every command ends its help with examples and the environment it reads', async (t) => {
  const program = await createProgram({ env: {}, stdout: process.stdout, stderr: process.stderr });
  const paths: string[][] = [[]];
  const visit = (command: typeof program, path: string[]) => {
    for (const sub of command.commands) {
      paths.push([...path, sub.name()]);
      visit(sub, [...path, sub.name()]);
    }
  };
  visit(program, []);
  for (const path of paths) {
    const help = await runCli([...path, '--help']);
    const name = `wallpaper ${path.join(' ')}`.trim();
    t.equal(help.code, 0, name);
    const examples = /\nExamples:\n((?: {2}.+\n)+)\nEnvironment:\n((?: {2}.+\n)+)$/.exec(help.stdout);
    t.ok(examples, `${name}: Examples, then Environment, at the end`);
    const lines = (examples?.[1] ?? '').trim().split('\n');
    t.ok(lines.length >= 2 && lines.length <= 3, `${name}: two or three examples`);
    for (const line of lines) t.match(line.trim(), /^(wallpaper |source <\(wallpaper|feh |WALLPAPER_TOKEN=)/, `${name}: a command line`);
    const variables = [...(examples?.[2] ?? '').matchAll(/^ {2}([A-Z][A-Z_, ]*[A-Z])\b/gm)].map((match) => match[1]);
    t.same(variables, [...new Set(variables)], `${name}: each variable once`);
  }
});

const ESCAPE = /\u001b\[/;

t.test('NO_COLOR and --no-color: no escape codes; FORCE_COLOR: colour even in a pipe', async (t) => {
  const home = tempDir(t);
  const folder = tempDir(t);
  await writeImage(join(folder, 'a.jpg'), { width: 40, height: 30, color: '#204060' });
  await runCli(['--home', home, 'scan', folder]);
  const forced = await runCli(['--home', home, 'doctor'], { FORCE_COLOR: '1', NO_COLOR: '' });
  t.match(forced.stdout, ESCAPE, 'FORCE_COLOR colours the levels');
  const noColor = await runCli(['--home', home, 'doctor'], { FORCE_COLOR: '1', NO_COLOR: '1' });
  t.notMatch(noColor.stdout, ESCAPE, 'NO_COLOR wins over FORCE_COLOR');
  const flag = await runCli(['--home', home, '--no-color', 'doctor'], { FORCE_COLOR: '1', NO_COLOR: '' });
  t.notMatch(flag.stdout, ESCAPE, '--no-color wins');
  const piped = await runCli(['--home', home, 'doctor'], { FORCE_COLOR: '', NO_COLOR: '' });
  t.notMatch(piped.stdout, ESCAPE, 'a pipe gets plain text');
  for (const result of [forced, noColor, flag, piped]) t.match(result.stdout, /folder: .* is reachable/, 'the same words either way');
});

// The program's own --help was not wrapped (lines of 150 characters and more: commander
// stops wrapping when its command column leaves under 40 columns), while every command's was.
t.test('every --help, the program own included, is wrapped at the width of where it goes', async (t) => {
  const program = await createProgram({ env: {}, stdout: process.stdout, stderr: process.stderr });
  const paths: string[][] = [[]];
  const visit = (command: typeof program, path: string[]) => {
    for (const sub of command.commands) {
      if (sub.name() === 'help') continue;
      paths.push([...path, sub.name()]);
      visit(sub, [...path, sub.name()]);
    }
  };
  visit(program, []);
  for (const [columns, width] of [
    [undefined, HELP_WIDTH],
    [100, 100],
  ] as const) {
    for (const path of paths) {
      const name = `wallpaper ${[...path, '--help'].join(' ')}${columns ? ` on a ${columns}-column terminal` : ' piped'}`;
      const help = await helpOf(path, columns);
      t.equal(help.code, 0, name);
      // The examples are command lines to copy: whole, whatever their length.
      const examples = /\nExamples:\n((?: {2}.+\n)+)/.exec(help.stdout)?.[1]?.split('\n') ?? [];
      const long = help.stdout.split('\n').filter((line) => line.length > width && !examples.includes(line));
      t.same(long, [], `${name}: no line over ${width} characters`);
    }
  }
  const top = await helpOf([]);
  t.match(
    top.stdout,
    /\n {2}tag \[wallpaper\] \[changes\.\.\.\] {2}add \(\+name or name\) and remove \(-name\) user tags\n {32}of a wallpaper/,
    'descriptions wrap under their column',
  );
  t.match(top.stdout, /\n {2}WALLPAPER_DATABASE_URL {2}the index in PostgreSQL,\n {26}postgres:/, 'so do the environment variables');
});
