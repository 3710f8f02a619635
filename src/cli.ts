// The commander program: registers the commands and turns every error into one stderr line and an
// exit status (0 success; 1 failure or no match; 2 invalid usage or invalid filter value).
import { Command, CommanderError } from 'commander';
import type { CliContext } from './commands/context.js';
import { readFileSync } from 'node:fs';
import { databaseUrlProblem, type ErrorCode, maskPasswords, oneLine, reportAfterChanges, WallpaperError } from './core/index.js';
import { FILE_VARIABLES, HELP_LAYOUT, helpFooter, helpWidthOf } from './commands/help.js';
import { commandWord } from './commands/argv.js';
import { databaseOption, homeOption } from './commands/options.js';
import { suggestFlag } from './commands/suggest.js';

export { endQuietlyWhenOutputCloses } from './commands/closed-output.js';

const EXIT_FAILURE = 1;
const EXIT_USAGE = 2;

/** Invalid input is a usage error (2); everything else that fails, including no match, is 1. */
const EXIT_BY_CODE: Partial<Record<ErrorCode, number>> = { invalid_param: EXIT_USAGE, not_json: EXIT_USAGE, bad_settings_file: EXIT_USAGE };

type CommandFactory = (ctx: CliContext) => Command;
/** `only` for a run that prints the version: no command. */
const VERSION = '--version';
const VERSION_FLAGS = new Set(['-V', VERSION]);

/** Every command, in the order the help lists them, each loaded only when the program needs it: a
 * command module imports the core's rooms it works with, and loading all of them took ~250 ES
 * modules (most of a short command's wall time). */
const COMMANDS: readonly (readonly [string, () => Promise<CommandFactory>])[] = [
  ['scan', async () => (await import('./commands/scan.js')).scanCommand],
  ['list', async () => (await import('./commands/list.js')).listCommand],
  ['random', async () => (await import('./commands/random.js')).randomCommand],
  ['current', async () => (await import('./commands/on-screen.js')).currentCommand],
  ['back', async () => (await import('./commands/on-screen.js')).backCommand],
  ['next', async () => (await import('./commands/on-screen.js')).nextCommand],
  ['colors', async () => (await import('./commands/colors.js')).colorsCommand],
  ['duplicates', async () => (await import('./commands/duplicates.js')).duplicatesCommand],
  ['source', async () => (await import('./commands/source.js')).sourceCommand],
  ['fetch', async () => (await import('./commands/fetch.js')).fetchCommand],
  ['favorite', async () => (await import('./commands/curate.js')).favoriteCommand],
  ['hide', async () => (await import('./commands/curate.js')).hideCommand],
  ['tag', async () => (await import('./commands/curate.js')).tagCommand],
  ['monitors', async () => (await import('./commands/monitors.js')).monitorsCommand],
  ['watch', async () => (await import('./commands/watch.js')).watchCommand],
  ['tray', async () => (await import('./commands/tray.js')).trayCommand],
  ['serve', async () => (await import('./commands/serve.js')).serveCommand],
  ['config', async () => (await import('./commands/config.js')).configCommand],
  ['schedule', async () => (await import('./commands/schedule.js')).scheduleCommand],
  ['shortcuts', async () => (await import('./commands/shortcuts.js')).shortcutsCommand],
  ['export', async () => (await import('./commands/export.js')).exportCommand],
  ['import', async () => (await import('./commands/import.js')).importCommand],
  ['database', async () => (await import('./commands/database.js')).databaseCommand],
  ['doctor', async () => (await import('./commands/doctor.js')).doctorCommand],
  ['completion', async () => (await import('./commands/completion.js')).completionCommand],
];

/** The program with every command, or with `only` the command of that name (run() knows which one
 * argv runs: the others need not be loaded to parse, run or report it). */
export async function createProgram(ctx: CliContext, only?: string): Promise<Command> {
  const program = new Command('wallpaper')
    .description('Index folders of wallpapers, find the right one, serve them to every screen.')
    .version(packageVersion(), '-V, --version', 'print the version')
    .addOption(homeOption())
    .addOption(databaseOption(databaseUrlProblem))
    .option('--no-color', 'no colour in the output (also: NO_COLOR=1)');
  helpFooter(
    program,
    [
      'wallpaper scan ~/Pictures/Wallpapers',
      'wallpaper random --brightness dark --set',
      'wallpaper serve    # then open http://127.0.0.1:8519',
    ],
    [...FILE_VARIABLES, 'NO_COLOR'],
  );
  const wanted = only === undefined ? COMMANDS : COMMANDS.filter(([name]) => name === only);
  for (const command of await Promise.all(wanted.map(([, load]) => load()))) program.addCommand(command(ctx));
  // Every command, nested ones included, throws instead of exiting (run() decides the status) and
  // writes commander's own errors as ours: one line, `wallpaper: ` first, with our suggestions.
  // Help, the program's own too, is laid out one way and wrapped at the width of where it goes.
  const configure = (command: Command) => {
    command
      .exitOverride()
      .showSuggestionAfterError(false)
      .configureHelp(HELP_LAYOUT)
      .configureOutput({
        writeOut: (text) => ctx.stdout.write(text),
        writeErr: (text) => ctx.stderr.write(text),
        getOutHelpWidth: () => helpWidthOf(ctx.stdout),
        getErrHelpWidth: () => helpWidthOf(ctx.stderr),
        outputError: (text) => ctx.stderr.write(`${errorLine(text, command)}\n`),
      });
    command.commands.forEach(configure);
  };
  configure(program);
  return program;
}

/** Commander's "error: unknown option '--hue'" as one line of ours, with a suggestion that looks
 * among the command's own flags first (`--hue` -> `--dominant-hue`, not the global `--home`). */
function errorLine(text: string, command: Command): string {
  // Commander quotes a rejected value as given: a database URL's password is masked here too.
  const line = text.replace(/^error: /, '');
  const message = maskPasswords(oneLine(line));
  const flags = (of: Command | null) => of?.options.map((option) => option.long ?? '') ?? [];
  const unknownFlag = /^unknown option '([^']+)'/.exec(message)?.[1];
  const unknownCommand = /^unknown command '([^']+)'/.exec(message)?.[1];
  const suggestion = unknownFlag
    ? suggestFlag(unknownFlag, flags(command), flags(command.parent))
    : unknownCommand &&
      suggestFlag(
        unknownCommand,
        command.commands.map((sub) => sub.name()),
      );
  const names: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) names.unshift(at.name());
  const help = ['wallpaper', ...names, '--help'].join(' ');
  return `wallpaper: ${message.replace(/\.$/, '')}${suggestion ? ` (did you mean ${suggestion}?)` : ''}; see ${help}`;
}

/** The version in package.json (two levels up from src/ and dist/ alike). */
function packageVersion(): string {
  const file = new URL('../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** The commands that read the whole program: completion lists every command and flag. */
const WHOLE_PROGRAM = new Set(['completion']);

/** The name of the command `argv` runs, when that is plain: the first word after the program's own
 * options; VERSION for the version alone (commander prints it before reading further). Undefined
 * (so every command is loaded) for help, completion, an unknown
 * option or command, or no command at all: their output lists or suggests among all commands. */
export function commandOf(argv: readonly string[]): string | undefined {
  const word = commandWord(argv);
  if (word !== undefined && VERSION_FLAGS.has(word)) return VERSION;
  return word !== undefined && COMMANDS.some(([name]) => name === word) && !WHOLE_PROGRAM.has(word) ? word : undefined;
}

/** Run the CLI with `argv` (as process.argv) and return the exit status; never calls process.exit. */
export async function run(
  argv: readonly string[],
  ctx: CliContext = { env: process.env, stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  const only = commandOf(argv);
  // What runs after a change (the colors setting, the on_change hook) reports here, one line each,
  // also after the command has printed (a hook ends when it ends).
  reportAfterChanges(ctx.env, (line) => ctx.stderr.write(`wallpaper: ${line}\n`));
  try {
    const program = await createProgram({ ...ctx, run }, only);
    await program.parseAsync([...argv]);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has already printed its message (or the help).
      return error.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    ctx.stderr.write(`wallpaper: ${maskPasswords(oneLine(error))}\n`);
    return error instanceof WallpaperError ? (EXIT_BY_CODE[error.code] ?? EXIT_FAILURE) : EXIT_FAILURE;
  }
}
