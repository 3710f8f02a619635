// What every command gets from cli.ts: its environment, its output streams and the library, passed
// in rather than read from globals so tests can run commands in-process or spawned alike.
import type { Writable } from 'node:stream';
import type { Command } from 'commander';
import { resolveHome } from '../core/home.js';
import { openLibrary } from '../core/library.js';
import type { RemoteLibrary } from '../core/remote.js';
import type { Library } from '../core/types.js';

export interface CliContext {
  env: NodeJS.ProcessEnv;
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean; columns?: number };
}

/** The data home of a command, from the global --home flag, WALLPAPER_HOME or the platform default. */
export function homeOf(command: Command, ctx: CliContext): string {
  const { home } = command.optsWithGlobals<{ home?: string }>();
  return resolveHome(home, ctx.env);
}

/** Open the library of the command's data home; the caller closes it. */
export function libraryOf(command: Command, ctx: CliContext): Library {
  return openLibrary({ home: homeOf(command, ctx) });
}

/** Progress and decoration only on a terminal that says how wide it is: nothing decorative when
 * piped or in cron, nor on a pseudo-terminal reporting 0 columns (`script`, some `ssh -t` and
 * `docker exec -t`), where a spinner redrew itself at 100% CPU into hundreds of MB of output. */
export const isInteractive = (ctx: CliContext): boolean =>
  Boolean(ctx.stderr.isTTY) && (ctx.stderr.columns ?? 0) > 0 && !ctx.env.CI;

/** A client for `--server`, loaded only when asked for: undici is not needed on local paths. */
export async function remoteLibrary(server: string): Promise<RemoteLibrary> {
  const { RemoteLibrary } = await import('../core/remote.js');
  return new RemoteLibrary(server);
}
