// `wallpaper watch [FILTERS]`: stay running and follow the desktop's colour scheme: a dark wallpaper
// while the scheme is dark, a light one while it is light, re-picked within 2 s of a change. The
// change comes from the settings portal's SettingChanged signal (`gdbus monitor`); without it the
// scheme is read again every second. SIGINT and SIGTERM end it cleanly.
import { Command } from 'commander';
import { type Scheme, WallpaperError, openDesktop } from '../core/index.js';
import { type CliContext, libraryOf } from './context.js';
import { addFilterFlags, parseFilterFlags } from './filter-flags.js';
import { FILE_VARIABLES, helpFooter } from './help.js';

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
    const desktop = openDesktop(ctx.env);
    const setter = desktop.setter(library.settings().set_command);
    if (setter.name === undefined) {
      // Staying up would wait forever for a desktop that is not there.
      library.close();
      throw new WallpaperError(
        'setter_failed',
        `watch needs a desktop session (${setter.reason}): run it inside one, or configure a setter with: wallpaper config set set_command "your-tool {path}"`,
      );
    }
    let current: Scheme | undefined;
    let queue = Promise.resolve();
    const apply = (scheme: Scheme) => {
      queue = queue.then(async () => {
        if (scheme === current) return;
        current = scheme;
        const result = await desktop.set({ library, filters, options: { appearance: scheme } }).catch((error: unknown) => {
          ctx.stderr.write(`wallpaper: ${error instanceof Error ? error.message : String(error)}\n`);
          return null;
        });
        if (result === undefined) ctx.stderr.write(`wallpaper: no ${scheme} wallpaper matches the filters\n`);
        else if (result)
          for (const { monitor, slot, picked } of result.entries) {
            const name = monitor?.name ?? slot;
            ctx.stdout.write(name ? `${scheme}\t${name}\t${picked.path}\n` : `${scheme}\t${picked.path}\n`);
          }
      });
    };
    const stop = await desktop.followScheme(apply);
    await new Promise<void>((resolve) => {
      const done = () => resolve();
      process.once('SIGINT', done);
      process.once('SIGTERM', done);
    });
    stop();
    await queue;
    library.close();
  });
}
