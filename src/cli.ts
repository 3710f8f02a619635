// The commander program: registers the commands and turns every error into one stderr line and an
// exit status (0 success; 1 failure or no match; 2 invalid usage or invalid filter value).
import { Command, CommanderError } from 'commander';
import { completionCommand } from './commands/completion.js';
import { configCommand } from './commands/config.js';
import { databaseCommand } from './commands/database.js';
import { doctorCommand } from './commands/doctor.js';
import { favoriteCommand, hideCommand, tagCommand } from './commands/curate.js';
import { duplicatesCommand } from './commands/duplicates.js';
import { exportCommand } from './commands/export.js';
import { importCommand } from './commands/import.js';
import { fetchCommand } from './commands/fetch.js';
import { sourceCommand } from './commands/source.js';
import type { CliContext } from './commands/context.js';
import { listCommand } from './commands/list.js';
import { monitorsCommand } from './commands/monitors.js';
import { backCommand, currentCommand, nextCommand } from './commands/on-screen.js';
import { watchCommand } from './commands/watch.js';
import { randomCommand } from './commands/random.js';
import { scanCommand } from './commands/scan.js';
import { scheduleCommand } from './commands/schedule.js';
import { serveCommand } from './commands/serve.js';
import { shortcutsCommand } from './commands/shortcuts.js';
import { readFileSync } from 'node:fs';
import { type ErrorCode, isWallpaperError, maskPasswords, oneLine } from './core/index.js';
import { FILE_VARIABLES, HELP_LAYOUT, helpFooter, helpWidthOf } from './commands/help.js';
import { databaseOption, homeOption } from './commands/options.js';
import { suggestFlag } from './commands/suggest.js';

export { endQuietlyWhenOutputCloses } from './commands/closed-output.js';

const EXIT_FAILURE = 1;
const EXIT_USAGE = 2;

/** Invalid input is a usage error (2); everything else that fails, including no match, is 1. */
const EXIT_BY_CODE: Partial<Record<ErrorCode, number>> = { invalid_param: EXIT_USAGE, not_json: EXIT_USAGE, bad_settings_file: EXIT_USAGE };

export function createProgram(ctx: CliContext): Command {
  const program = new Command('wallpaper')
    .description('Index folders of wallpapers, find the right one, serve them to every screen.')
    .version(packageVersion(), '-V, --version', 'print the version')
    .addOption(homeOption())
    .addOption(databaseOption())
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
  for (const command of [
    scanCommand,
    listCommand,
    randomCommand,
    currentCommand,
    backCommand,
    nextCommand,
    duplicatesCommand,
    sourceCommand,
    fetchCommand,
    favoriteCommand,
    hideCommand,
    tagCommand,
    monitorsCommand,
    watchCommand,
    serveCommand,
    configCommand,
    scheduleCommand,
    shortcutsCommand,
    exportCommand,
    importCommand,
    databaseCommand,
    doctorCommand,
    completionCommand,
  ]) {
    program.addCommand(command(ctx));
  }
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
  const message = maskPasswords(oneLine(text.replace(/^error: /, '')));
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
  const help = command.parent ? `wallpaper ${command.name()} --help` : 'wallpaper --help';
  return `wallpaper: ${message}${suggestion ? ` (did you mean ${suggestion}?)` : ''}; see ${help}`;
}

/** The version in package.json (two levels up from src/ and dist/ alike). */
function packageVersion(): string {
  const file = new URL('../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** Run the CLI with `argv` (as process.argv) and return the exit status; never calls process.exit. */
export async function run(
  argv: readonly string[],
  ctx: CliContext = { env: process.env, stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  const program = createProgram(ctx);
  try {
    await program.parseAsync([...argv]);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has already printed its message (or the help).
      return error.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    ctx.stderr.write(`wallpaper: ${maskPasswords(oneLine(error))}\n`);
    return isWallpaperError(error) ? (EXIT_BY_CODE[error.code] ?? EXIT_FAILURE) : EXIT_FAILURE;
  }
}
