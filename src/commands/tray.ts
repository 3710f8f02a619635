// `wallpaper tray [--install | --remove]` (docs/desktops.md#the-tray): the wallpaper on screen in the
// panel's tray, with next, back, favourite, hide, the schedule, light and dark, and where a change
// goes in its menu. --install starts it with the session (an XDG autostart entry carrying this
// library's --home or --database), --remove takes that away.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { openDesktop, WallpaperError } from '../core/index.js';
import { type CliContext, databaseOf, dirsOf, libraryOf } from './context.js';
import { FILE_VARIABLES, helpFooter } from './help.js';
import { trayHooks } from './tray-actions.js';

const BIN = fileURLToPath(new URL('../../bin/wallpaper.js', import.meta.url));

/** The autostart entry's path: $XDG_CONFIG_HOME/autostart/wallpaper-tray.desktop. */
export const autostartFile = (env: NodeJS.ProcessEnv): string =>
  join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config'), 'autostart', 'wallpaper-tray.desktop');

/** One argument of a Desktop Entry's Exec key, quoted as the specification asks. */
const execArg = (arg: string): string =>
  /^[A-Za-z0-9_./:=@+,-]+$/.test(arg) ? arg : `"${arg.replace(/[\\"`$]/g, (c) => `\\${c}`)}"`.replace(/%/g, '%%');

export function trayCommand(ctx: CliContext): Command {
  const command = new Command('tray')
    .description("the wallpaper on screen in the panel's tray (a StatusNotifierItem) with next, back, favourite and more in its menu")
    .option('--install', 'start it with the desktop session (an XDG autostart entry for this library)')
    .option('--remove', 'remove that autostart entry');
  helpFooter(
    command,
    ['wallpaper tray', 'wallpaper tray --install', 'wallpaper --home ~/walls tray --install'],
    [...FILE_VARIABLES, 'XDG_CURRENT_DESKTOP', 'DBUS_SESSION_BUS_ADDRESS'],
  );
  return command.action(async (options: { install?: boolean; remove?: boolean }, cmd: Command) => {
    if (options.install && options.remove) throw new WallpaperError('invalid_param', 'invalid --install with --remove: give one of them');
    const { home } = cmd.optsWithGlobals<{ home?: string }>();
    const database = databaseOf(cmd);
    const global = [...(home ? ['--home', dirsOf(cmd, ctx).data] : []), ...(database ? ['--database', database] : [])];
    const file = autostartFile(ctx.env);
    if (options.remove) {
      if (!existsSync(file)) ctx.stdout.write(`No tray autostart entry to remove (${file}).\n`);
      else {
        rmSync(file, { force: true });
        ctx.stdout.write(`Removed ${file}\n`);
      }
      return;
    }
    if (options.install) {
      const exec = [process.execPath, BIN, ...global, 'tray'].map(execArg).join(' ');
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(
        file,
        `[Desktop Entry]\nType=Application\nName=wallpaper tray\nComment=The wallpaper on screen, with next, back and favourite, in the panel\nExec=${exec}\nTerminal=false\nNoDisplay=true\nX-GNOME-Autostart-enabled=true\n`,
      );
      ctx.stdout.write(`Installed ${file}: the tray starts with your next session (now: wallpaper tray)\n`);
      return;
    }
    const library = libraryOf(cmd, ctx);
    try {
      await openDesktop(ctx.env).tray(library, trayHooks(ctx, library, global));
    } finally {
      library.close();
    }
  });
}
