// `wallpaper current`, `back` and `next` (docs/design.md#the-wallpaper-on-screen): what the screen shows now, put back what
// the last change replaced, and a new pick with the filters and options of the last `random --set`.
// Each reports like `random --set` (7.5): the path alone when one file is everywhere, else
// `NAME<TAB>PATH` per monitor or slot; --json always the array of {monitor, slot, wallpaper}.
import { join } from 'node:path';
import { Command } from 'commander';
import { type DesktopOptions, openDesktop, openRemote, WallpaperError } from '../core/index.js';

type Target = NonNullable<DesktopOptions['target']>;
import type { WallpaperSource } from '../core/types.js';
import { type CliContext, libraryOf } from './context.js';
import { type EnvironmentVariable, FILE_VARIABLES, helpFooter } from './help.js';
import { changeFlags, notifies, noteSchemeGuess, printSet, printShown, shownOf, targetOption } from './set-report.js';

const DESKTOP_VARIABLES: EnvironmentVariable[] = [
  ...FILE_VARIABLES,
  'XDG_CURRENT_DESKTOP',
  'DBUS_SESSION_BUS_ADDRESS',
  'DISPLAY, WAYLAND_DISPLAY',
];

export function currentCommand(ctx: CliContext): Command {
  const command = new Command('current')
    .description('print what the desktop shows now, per monitor or slot (read back from the desktop where it can tell)')
    .option('--json', 'print the array of {monitor, slot, wallpaper} (always an array); id null for a file not in the library')
    .addOption(targetOption(ctx, '', 'desktop (the default) or lock: what the lock screen shows (GNOME, KDE Plasma, MATE)'))
    .option('--as <format>', "waybar: one JSON line {text, tooltip, class, alt} of the primary monitor's wallpaper, for a status bar")
    .option('--follow', 'stay running and print again at every change (text, --json one line each, or --as waybar)');
  helpFooter(
    command,
    ['wallpaper current --json', 'wallpaper current --target lock', 'wallpaper current --as waybar --follow'],
    DESKTOP_VARIABLES,
  );
  return command.action(async (options: { json?: boolean; target?: Target; as?: string; follow?: boolean }, cmd: Command) => {
    if (options.target === 'both')
      throw new WallpaperError('invalid_param', 'invalid --target "both": current shows one place at a time, expected desktop or lock');
    const panel = await import('./current-panel.js');
    const as = panel.parsePanelFormat(options.as);
    const library = libraryOf(cmd, ctx);
    try {
      if (options.follow) return await panel.followCurrent(ctx, library, { as, json: options.json, target: options.target });
      if (as) return await panel.printWaybar(ctx, library);
      const entries = await openDesktop(ctx.env).current(library, options.target);
      if (entries.length === 0)
        throw new WallpaperError(
          'not_found',
          options.target === 'lock'
            ? "the lock screen shows its desktop's default picture (set one with wallpaper random --set --target lock)"
            : 'nothing is known to be on the screen: set one first (wallpaper random --set)',
        );
      printShown(ctx.stdout, entries, options.json, true);
    } finally {
      library.close();
    }
  });
}

export function backCommand(ctx: CliContext): Command {
  const command = new Command('back')
    .description('put back what was shown before the last change (again: further back, up to 20 changes)')
    .option('--json', 'print what was put back as JSON');
  changeFlags(command, ctx, {
    target: 'desktop, lock or both: put back only that place, as the newest change that set it left it (default: all the last change set)',
  });
  helpFooter(command, ['wallpaper back', 'wallpaper back --notify', 'wallpaper back --target lock'], DESKTOP_VARIABLES);
  return command.action(async (options: { json?: boolean; notify?: boolean; target?: Target }, cmd: Command) => {
    const library = libraryOf(cmd, ctx);
    try {
      const desktop = openDesktop(ctx.env);
      const entries = await desktop.back(library, options.target);
      printShown(ctx.stdout, entries, options.json);
      if (notifies(options.notify, library)) await desktop.notify(entries);
    } finally {
      library.close();
    }
  });
}

/** A new pick with the last `random --set`'s filters and options, on `only` monitors when given;
 * prints like `random --set`. */
export async function setNext(
  cmd: Command,
  ctx: CliContext,
  how: { json?: boolean; notify?: boolean; only?: string[]; target?: Target } = {},
): Promise<void> {
  const { json, only } = how;
  const library = libraryOf(cmd, ctx);
  try {
    const desktop = openDesktop(ctx.env);
    const last = desktop.lastRequest(library);
    if (!last) throw new WallpaperError('not_found', 'no `random --set` to follow yet: run wallpaper random --set [FILTERS] once');
    const source: WallpaperSource = last.server
      ? await openRemote(last.server, { downloads: join(library.dirs.data, 'downloads') })
      : library;
    await noteSchemeGuess(ctx, last.options.appearance);
    const options = { ...last.options, ...(only?.length ? { only } : {}), ...(how.target ? { target: how.target } : {}) };
    const result = await desktop.set({ library, source, filters: last.filters, options, server: last.server });
    if (!result) throw new WallpaperError('not_found', 'no wallpaper matches the filters of the last random --set any more');
    printSet(ctx.stdout, result, json);
    if (notifies(how.notify, library)) await desktop.notify(shownOf(result));
  } finally {
    library.close();
  }
}

export function nextCommand(ctx: CliContext): Command {
  const command = new Command('next')
    .description('set a new pick with the filters and options of the last `random --set`')
    .option('--json', 'print what was set as JSON (as random --set --json)');
  changeFlags(command, ctx, {
    target: "desktop, lock or both (default: the last random --set's; lock: GNOME, KDE Plasma, MATE)",
  });
  helpFooter(
    command,
    ['wallpaper random --brightness dark --set', 'wallpaper next --notify', 'wallpaper next --target both'],
    DESKTOP_VARIABLES,
  );
  return command.action((options: { json?: boolean; notify?: boolean; target?: Target }, cmd: Command) => setNext(cmd, ctx, options));
}
