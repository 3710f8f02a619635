// `wallpaper completion bash|zsh|fish`, tried in the real shells: the scripts are what the real bin
// prints, bash completes through its own completion function, fish through `complete -C`, and zsh
// through its completion system in a pseudo-terminal (zpty). Every command and flag of the program is
// in every script, so one added later cannot be forgotten.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { createProgram } from '../../src/cli.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';

const has = (shell: string) => existsSync(`/usr/bin/${shell}`) || existsSync(`/bin/${shell}`);

async function script(shell: string): Promise<string> {
  const result = await runCli(['completion', shell]);
  if (result.code !== 0) throw new Error(result.stderr);
  return result.stdout;
}

const BASH_DRIVER = `
source "$1"; shift
COMP_WORDS=("$@"); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); COMPREPLY=()
_wallpaper
printf '%s\\n' "\${COMPREPLY[@]}"
`;

t.test('bash: commands, flags, filter words, choices, setting keys and folders', async (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'wallpaper.bash');
  writeFileSync(file, await script('bash'));
  mkdirSync(join(dir, 'Pictures'));
  const complete = (...words: string[]) =>
    execFileSync('bash', ['-c', BASH_DRIVER, 'driver', file, 'wallpaper', ...words], { cwd: dir, encoding: 'utf8' })
      .trim()
      .split('\n');
  const table: [string[], string[]][] = [
    [
      [''],
      [
        'scan',
        'list',
        'random',
        'current',
        'back',
        'next',
        'colors',
        'duplicates',
        'source',
        'fetch',
        'favorite',
        'hide',
        'tag',
        'monitors',
        'watch',
        'tray',
        'serve',
        'config',
        'schedule',
        'shortcuts',
        'export',
        'import',
        'database',
        'doctor',
        'completion',
      ],
    ],
    [
      ['list', '--hidden', ''],
      ['true', 'false', 'any'],
    ],
    [
      ['list', '--brightness', ''],
      ['light', 'dark', 'medium', 'any'],
    ],
    [['--home', '/tmp', 'random', '--dominant-hue', 'w'], ['warm']],
    [
      ['random', '--ratio', ''],
      ['16:10', '16:9', '21:9', '3:2', '4:3', '5:4'],
    ],
    [
      ['random', '--format', ''],
      ['jpg', 'jpeg', 'png', 'webp', 'avif', 'heic', 'heif', 'jxl', 'svg', 'gif', 'tif', 'tiff', 'bmp', 'any'],
    ],
    [
      ['serve', '--log-format', ''],
      ['text', 'json'],
    ],
    [
      ['config', ''],
      ['get', 'set', 'add-folder', 'remove-folder'],
    ],
    [['config', 'set', 'thu'], ['thumbnail_size']],
    [
      ['source', ''],
      ['add', 'list', 'remove'],
    ],
    [
      ['source', 'add', 'w'],
      ['wallhaven', 'wallpaper'],
    ],
    [
      ['completion', ''],
      ['bash', 'zsh', 'fish'],
    ],
    [['scan', 'Pic'], ['Pictures']],
    [['--home', 'Pic'], ['Pictures']],
  ];
  for (const [words, expected] of table) t.same(complete(...words), expected, words.join(' '));
  t.ok(complete('list', '--').includes('--aspect-ratio'), 'flags after --');
  t.ok(complete('list', '--').includes('--ratio'), 'the exact shape filter');
  t.ok(complete('list', '--').includes('--home'), 'the global flags too');
});

t.test('fish: complete -C', { skip: !has('fish') && 'fish is not installed' }, async (t) => {
  const file = join(tempDir(t), 'wallpaper.fish');
  writeFileSync(file, await script('fish'));
  const complete = (line: string) =>
    execFileSync('fish', ['--no-config', '-c', `source ${file}; complete -C ${JSON.stringify(line)}`], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((row) => row.split('\t')[0]);
  t.same(complete('wallpaper list --brightness ').sort(), ['any', 'dark', 'light', 'medium']);
  t.ok(complete('wallpaper ').includes('doctor'), 'commands');
  t.same(complete('wallpaper config ').sort(), ['add-folder', 'get', 'remove-folder', 'set'], 'subcommands of config only');
  t.same(complete('wallpaper random --orien'), ['--orientation']);
  t.same(complete('wallpaper completion ').sort(), ['bash', 'fish', 'zsh']);
});

/** Type `line` and Tab into an interactive zsh with the script on its fpath; what it printed until a
 * marker typed after it is printed (the echo of the command shows __E''ND__, its output __END__), so
 * a loaded machine gets the time it needs (up to 15 s) and a quiet one does not wait. */
const ZSH_DRIVER = `
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "PROMPT=''; fpath=($1 \\$fpath); autoload -U compinit; compinit -u -D; zstyle ':completion:*' menu no"
zpty -w z "$2"$'\\t'
zpty -w z "print -r -- __E''ND__"
local out='' chunk
for i in {1..300}; do zpty -r -t z chunk && out+=$chunk || sleep 0.05; [[ $out == *__END__* ]] && break; done
print -r -- "$out"
zpty -d z
`;

t.test('zsh: through compinit in a pseudo-terminal', { skip: !has('zsh') && 'zsh is not installed' }, async (t) => {
  const dir = tempDir(t);
  writeFileSync(join(dir, '_wallpaper'), await script('zsh'));
  const clean = (text: string) => text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '');
  const complete = (line: string) =>
    clean(execFileSync('zsh', ['-f', '-c', ZSH_DRIVER, 'driver', dir, line], { encoding: 'utf8', timeout: 20_000 }));
  t.match(complete('wallpaper list --brightness '), /any +dark +light +medium/);
  t.match(complete('wallpaper random --orien'), /wallpaper random --orientation /);
  t.match(complete('wallpaper completion '), /bash +fish +zsh/);
  t.match(complete('wallpaper config set thumb'), /wallpaper config set thumbnail_size/);
  t.notMatch(execFileSync('zsh', ['-n', join(dir, '_wallpaper')], { encoding: 'utf8' }), /error/, 'parses');
});

t.test('every command and flag of the program is in every script', async (t) => {
  const program = await createProgram({ env: {}, stdout: process.stdout, stderr: process.stderr });
  const scripts = { bash: await script('bash'), zsh: await script('zsh'), fish: await script('fish') };
  const visit = (command: typeof program) => {
    for (const sub of command.commands) {
      for (const [shell, text] of Object.entries(scripts)) t.match(text, sub.name(), `${shell}: ${sub.name()}`);
      visit(sub);
    }
    for (const option of command.options) {
      const long = option.long!.slice(2);
      for (const [shell, text] of Object.entries(scripts)) t.match(text, long, `${shell}: --${long} of ${command.name()}`);
    }
  };
  visit(program);
});

t.test('an unknown shell is a usage error naming the choices', async (t) => {
  const result = await runCli(['completion', 'powershell']);
  t.equal(result.code, 2);
  t.match(
    result.stderr,
    /^wallpaper: command-argument value 'powershell' is invalid for argument 'shell'\. Allowed choices are bash, zsh, fish/,
  );
});
