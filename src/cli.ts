// The commander program: registers the commands and turns every error into one stderr line and an
// exit status (0 success; 1 failure or no match; 2 invalid usage or invalid filter value).
import { Command, CommanderError } from 'commander';
import { configCommand } from './commands/config.js';
import type { CliContext } from './commands/context.js';
import { listCommand } from './commands/list.js';
import { randomCommand } from './commands/random.js';
import { scanCommand } from './commands/scan.js';
import { serveCommand } from './commands/serve.js';
import { type ErrorCode, isWallpaperError, oneLine } from './core/errors.js';

const EXIT_FAILURE = 1;
const EXIT_USAGE = 2;

/** Invalid input is a usage error (2); everything else that fails, including no match, is 1. */
const EXIT_BY_CODE: Partial<Record<ErrorCode, number>> = { invalid_param: EXIT_USAGE, not_json: EXIT_USAGE, bad_settings_file: EXIT_USAGE };

export function createProgram(ctx: CliContext): Command {
  const program = new Command('wallpaper')
    .description('Index folders of wallpapers, find the right one, serve them to every screen.')
    .option('--home <dir>', 'data home: settings, index, thumbnails (default: WALLPAPER_HOME or the config directory)')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({
      writeOut: (text) => ctx.stdout.write(text),
      writeErr: (text) => ctx.stderr.write(text),
    });
  for (const command of [scanCommand, listCommand, randomCommand, serveCommand, configCommand]) {
    program.addCommand(command(ctx));
  }
  // Every command, including nested ones, throws instead of exiting, so run() decides the status.
  const override = (command: Command) => {
    command.exitOverride();
    command.commands.forEach(override);
  };
  override(program);
  return program;
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
    ctx.stderr.write(`wallpaper: ${oneLine(error)}\n`);
    return isWallpaperError(error) ? (EXIT_BY_CODE[error.code] ?? EXIT_FAILURE) : EXIT_FAILURE;
  }
}
