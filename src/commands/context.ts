// What every command gets from cli.ts: its environment, its output streams and the library, passed
// in rather than read from globals so tests can run commands in-process or spawned alike.
import type { Writable } from 'node:stream';
import type { Command } from 'commander';
import { openLibrary, redacted, resolveDirs } from '../core/index.js';
import type { Library, LibraryDirs } from '../core/types.js';

export interface CliContext {
  env: NodeJS.ProcessEnv;
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean; columns?: number };
}

/** The folders of a command: all in the global --home (or WALLPAPER_HOME, commands/options.ts), else
 * the platform's config, data and cache homes. */
export function dirsOf(command: Command, ctx: CliContext): LibraryDirs {
  const { home } = command.optsWithGlobals<{ home?: string }>();
  return resolveDirs(home, ctx.env);
}

/** The PostgreSQL index of the global --database (or WALLPAPER_DATABASE_URL), else undefined: SQLite. */
export const databaseOf = (command: Command): string | undefined => command.optsWithGlobals<{ database?: string }>().database;

/** Open the library of the command's folders and database; the caller closes it. `readOnly`: a
 * command that only reads makes no index where none is yet (it reads as empty). */
export function libraryOf(command: Command, ctx: CliContext, readOnly = false): Library {
  return openLibrary({ dirs: dirsOf(command, ctx), database: databaseOf(command), readOnly });
}

const shellWord = (word: string): string => (/^[\w@%+=:,./~-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

/** The command line a hint tells the user to type: `wallpaper` with the `--home` and `--database`
 * this run was given (a hint run literally acts on the same library; a database password is shown
 * as `***`), `npx wallpaper` under the checkout's `npm start` (where `wallpaper` may not be on the
 * PATH; package.json's name is wallpaper-toolkit). */
export function commandLine(command: Command, ctx: CliContext, words: string): string {
  const { home, database } = command.optsWithGlobals<{ home?: string; database?: string }>();
  const npmStart = ctx.env.npm_lifecycle_event === 'start' && ctx.env.npm_package_name === 'wallpaper-toolkit';
  const program = npmStart ? 'npx wallpaper' : 'wallpaper';
  const flags = [...(home ? ['--home', home] : []), ...(database ? ['--database', redacted(database)] : [])].map(shellWord);
  return [program, ...flags, words].join(' ');
}

/** What an empty library says, naming the command that fills it (docs/cli.md#an-empty-library). */
export const emptyLibraryHint = (command: Command, ctx: CliContext): string =>
  `the library is empty: add a folder with \`${commandLine(command, ctx, 'scan FOLDER')}\``;

/** Progress and decoration only on a terminal that says how wide it is: nothing decorative when
 * piped or in cron, nor on a pseudo-terminal reporting 0 columns (`script`, some `ssh -t` and
 * `docker exec -t`), where a spinner redrew itself at 100% CPU into hundreds of MB of output. */
export const isInteractive = (ctx: CliContext): boolean => Boolean(ctx.stderr.isTTY) && (ctx.stderr.columns ?? 0) > 0 && !ctx.env.CI;
