// `wallpaper watch [FILTERS]`: stay running and keep the wallpaper's brightness with the time of
// day. `--appearance auto` (the default) follows the desktop's colour scheme: a dark wallpaper while
// the scheme is dark, a light one while it is light, re-picked within 2 s of a change (the settings
// portal's SettingChanged signal through `gdbus monitor`; without it the scheme is read every
// second). `--appearance sun` follows the sun at the `location` setting: a light or medium one from
// sunrise to sunset, a dark one after, changed at each sunrise and sunset and after a resume that
// crossed one (one timer sleeping until the next event). `--target lock|both`: each change goes to
// the lock screen instead or as well; `--notify`/`--no-notify` as on every change. With no scheme
// found at start (plain X11), one line says light is used. A dynamic wallpaper on the screen
// (docs/design.md#the-time-of-day) is shown again at each change of its frame: one more event slept until (a
// timed XML GNOME plays itself needs none), on the desktop and on the lock screen, each on its
// own; each such refresh prints `frame<TAB>[NAME<TAB>]FILE`, the file the desktop was given
// (NAME `lock` for the lock screen). SIGINT and SIGTERM end it cleanly.
import { Command } from 'commander';
import { type DesktopOptions, type Scheme, WallpaperError, openDesktop } from '../core/index.js';
import { type CliContext, libraryOf } from './context.js';
import { addFilterFlags, parseFilterFlags } from './filter-flags.js';
import { FILE_VARIABLES, helpFooter } from './help.js';
import { changeFlags, notifies, noteSchemeGuess, shownOf } from './set-report.js';

interface WatchOptions extends Record<string, unknown> {
  appearance?: string;
  notify?: boolean;
  target?: DesktopOptions['target'];
}

export function watchCommand(ctx: CliContext): Command {
  const command = new Command('watch')
    .description(
      "stay running: a dark wallpaper while the desktop's scheme is dark (or the sun is down: --appearance sun), a light one otherwise",
    )
    .option(
      '--appearance <mode>',
      "auto: follow the desktop's scheme (the default); sun: follow sunrise and sunset at the location setting",
      'auto',
    );
  changeFlags(command, ctx, { when: 'each change: ' });
  helpFooter(
    command,
    [
      'wallpaper watch',
      'wallpaper watch --orientation landscape --min-width 1920',
      'wallpaper config set location 52.52,13.40 && wallpaper watch --appearance sun',
    ],
    [...FILE_VARIABLES, 'XDG_CURRENT_DESKTOP', 'DBUS_SESSION_BUS_ADDRESS', 'DISPLAY, WAYLAND_DISPLAY'],
  );
  return addFilterFlags(command).action(async (options: WatchOptions, cmd: Command) => {
    const bySun = options.appearance === 'sun';
    if (options.appearance !== 'auto' && !bySun)
      throw new WallpaperError(
        'invalid_param',
        `invalid --appearance "${options.appearance}": watch follows the desktop or the sun, expected auto or sun`,
      );
    const filters = parseFilterFlags(options);
    if (filters.brightness !== undefined)
      throw new WallpaperError('invalid_param', 'invalid --brightness: watch chooses the brightness from the scheme');
    const library = libraryOf(cmd, ctx);
    const desktop = openDesktop(ctx.env);
    const setter = desktop.setter(library.settings().set_command);
    try {
      // Both refusals before staying up: without them it would wait forever for nothing.
      if (bySun) desktop.sun(library);
      // A lock screen this desktop does not have is said now, not at the first change.
      if (options.target !== undefined) await desktop.checkTarget(library, options.target);
      if (setter.name === undefined)
        throw new WallpaperError(
          'setter_failed',
          `watch needs a desktop session (${setter.reason}): run it inside one, or configure a setter with: wallpaper config set set_command "your-tool {path}"`,
        );
    } catch (error) {
      library.close();
      throw error;
    }
    if (!bySun) await noteSchemeGuess(ctx, 'auto');
    const { target } = options;
    let current: Scheme | undefined;
    let queue = Promise.resolve();
    const apply = (scheme: Scheme) => {
      queue = queue.then(async () => {
        if (scheme === current) return;
        current = scheme;
        // By the sun the pick asks the sun again (the same answer: the event has passed), so that
        // the change is remembered as `--appearance sun` and `next` keeps following it.
        const how = { appearance: bySun ? ('sun' as const) : scheme, ...(target ? { target } : {}) };
        const setAt = new Date();
        const result = await desktop.set({ library, filters, options: how }).catch((error: unknown) => {
          ctx.stderr.write(`wallpaper: ${error instanceof Error ? error.message : String(error)}\n`);
          return null;
        });
        if (result === undefined) ctx.stderr.write(`wallpaper: no ${scheme} wallpaper matches the filters\n`);
        else if (result) frames.check(setAt); // the new pick may be dynamic, or no longer
        if (!result) return;
        for (const { monitor, slot, picked } of result.entries) {
          const name = monitor?.name ?? slot;
          ctx.stdout.write(name ? `${scheme}\t${name}\t${picked.path}\n` : `${scheme}\t${picked.path}\n`);
        }
        if (notifies(options.notify, library)) await desktop.notify(shownOf(result));
      });
    };
    // Dynamic wallpapers on the screen are kept at their frame for now: each frame change is one
    // more event the watch sleeps until (after each new pick, it looks again).
    const frames = desktop.followDynamic(
      library,
      (work) => {
        queue = queue.then(work);
      },
      (files, place) => {
        for (const { monitor, slot, path } of files) {
          // The lock screen's frames are named `lock` (`lock:light`, `lock:dark` where it has both).
          const name = place === 'lock' ? (slot ? `lock:${slot}` : 'lock') : (monitor ?? slot);
          ctx.stdout.write(`frame\t${name ? `${name}\t` : ''}${path}\n`);
        }
      },
      (error) => ctx.stderr.write(`wallpaper: ${error instanceof Error ? error.message : String(error)}\n`),
    );
    const stop = bySun ? desktop.followSun(library, apply) : await desktop.followScheme(apply);
    await new Promise<void>((resolve) => {
      const done = () => resolve();
      process.once('SIGINT', done);
      process.once('SIGTERM', done);
    });
    stop();
    frames.stop();
    await queue;
    library.close();
  });
}
