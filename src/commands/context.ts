// What every command gets from cli.ts: its environment, its output streams and the library, passed
// in rather than read from globals so tests can run commands in-process or spawned alike.
import type { Writable } from 'node:stream';
import type { Command } from 'commander';
import { openLibrary, resolveDirs } from '../core/index.js';
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

/** Open the library of the command's folders and database; the caller closes it. */
export function libraryOf(command: Command, ctx: CliContext): Library {
  return openLibrary({ dirs: dirsOf(command, ctx), database: databaseOf(command) });
}

/** Progress and decoration only on a terminal that says how wide it is: nothing decorative when
 * piped or in cron, nor on a pseudo-terminal reporting 0 columns (`script`, some `ssh -t` and
 * `docker exec -t`), where a spinner redrew itself at 100% CPU into hundreds of MB of output. */
export const isInteractive = (ctx: CliContext): boolean => Boolean(ctx.stderr.isTTY) && (ctx.stderr.columns ?? 0) > 0 && !ctx.env.CI;
