// `wallpaper watch [FILTERS]`: stay running and follow the desktop's colour scheme: a dark wallpaper
// while the scheme is dark, a light one while it is light, re-picked within 2 s of a change. The
// change comes from the settings portal's SettingChanged signal (`gdbus monitor`); without it the
// scheme is read again every second. SIGINT and SIGTERM end it cleanly.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Command } from 'commander';
import { PORTAL, type Scheme, WallpaperError, colorScheme, schemeOfSignal } from '../core/index.js';
import { type CliContext, libraryOf } from './context.js';
import { addFilterFlags, parseFilterFlags } from './filter-flags.js';
import { FILE_VARIABLES, helpFooter } from './help.js';
import { setOnDesktop } from './random-set.js';

/** How often the scheme is read when no portal signal can be had. */
const POLL_MS = 1000;

interface WatchOptions extends Record<string, unknown> {
  appearance?: string;
}

export function watchCommand(ctx: CliContext): Command {
  const command = new Command('watch')
    .description("stay running: set a dark wallpaper while the desktop's scheme is dark and a light one while it is light")
    .option('--appearance <mode>', 'only auto: follow the desktop (the default)', 'auto');
  helpFooter(
    command,
    ['wallpaper watch', 'wallpaper watch --orientation landscape --min-width 1920'],
    [...FILE_VARIABLES, 'XDG_CURRENT_DESKTOP', 'DBUS_SESSION_BUS_ADDRESS', 'DISPLAY, WAYLAND_DISPLAY'],
  );
  return addFilterFlags(command).action(async (options: WatchOptions, cmd: Command) => {
    if (options.appearance !== 'auto')
      throw new WallpaperError('invalid_param', `invalid --appearance "${options.appearance}": watch follows the desktop, expected auto`);
    const filters = parseFilterFlags(options);
    if (filters.brightness !== undefined)
      throw new WallpaperError('invalid_param', 'invalid --brightness: watch chooses the brightness from the scheme');
    const library = libraryOf(cmd, ctx);
    let current: Scheme | undefined;
    let queue = Promise.resolve();
    const apply = (scheme: Scheme) => {
      queue = queue.then(async () => {
        if (scheme === current) return;
        current = scheme;
        const result = await setOnDesktop({ env: ctx.env, library, source: library, filters }, { appearance: scheme }).catch(
          (error: unknown) => {
            ctx.stderr.write(`wallpaper: ${error instanceof Error ? error.message : String(error)}\n`);
            return null;
          },
        );
        if (result === undefined) ctx.stderr.write(`wallpaper: no ${scheme} wallpaper matches the filters\n`);
        else if (result && 'picked' in result) ctx.stdout.write(`${scheme}\t${result.picked.path}\n`);
        else if (result) for (const { monitor, picked } of result.picks) ctx.stdout.write(`${scheme}\t${monitor.name}\t${picked.path}\n`);
      });
    };
    apply(await colorScheme(ctx.env));
    let poll: NodeJS.Timeout | undefined;
    let stopped = false;
    const startPolling = () => {
      if (!stopped) poll ??= setInterval(() => void colorScheme(ctx.env).then(apply), POLL_MS);
    };
    const monitor = watchSignals(ctx.env, apply, startPolling);
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    stopped = true;
    monitor?.kill();
    clearInterval(poll);
    await queue;
    library.close();
  });
}

/** `gdbus monitor` on the portal, each SettingChanged of the colour scheme handed to `onScheme`;
 * `onGone` when gdbus cannot run or stops (the caller polls instead). */
function watchSignals(env: NodeJS.ProcessEnv, onScheme: (scheme: Scheme) => void, onGone: () => void): ChildProcess | undefined {
  let child: ChildProcess;
  try {
    child = spawn('gdbus', ['monitor', '--session', '--dest', PORTAL.dest, '--object-path', PORTAL.path], {
      env,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    onGone();
    return undefined;
  }
  child.on('error', onGone);
  child.on('exit', onGone);
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const scheme = schemeOfSignal(line);
    if (scheme) onScheme(scheme);
  });
  return child;
}
