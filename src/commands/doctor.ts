// `wallpaper doctor`: print each finding of the core's diagnose() on its own line (a problem with
// what to do), exit 0 when nothing stops the tool from working here and 1 otherwise.
import { Command } from 'commander';
import { type Check, WallpaperError, diagnose } from '../core/index.js';
import { type CliContext, dirsOf } from './context.js';
import { printJson } from './output.js';

const LABEL_WIDTH = 'problem'.length;

/** `ok      node: Node 24.11.1`, and for a problem or note `: what to do` after a dash. */
export function checkLine({ level, subject, detail, fix }: Check): string {
  return `${level.padEnd(LABEL_WIDTH)}  ${subject}: ${detail}${fix && level !== 'ok' ? ` - ${fix}` : ''}`;
}

export function doctorCommand(ctx: CliContext): Command {
  return new Command('doctor')
    .description('check Node, sharp, the index, the folders, the desktop and its session bus')
    .option('--json', 'print the findings as JSON')
    .addHelpText(
      'after',
      `
Examples:
  wallpaper doctor
  wallpaper doctor --json | jq '.[] | select(.level == "problem")'

Environment:
  WALLPAPER_HOME            one folder for settings, index and caches (as --home)
  XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_CACHE_HOME   where the files live otherwise
  XDG_CURRENT_DESKTOP, DISPLAY, WAYLAND_DISPLAY    the desktop session
  DBUS_SESSION_BUS_ADDRESS  the session bus GNOME, Cinnamon, MATE, Xfce and Plasma are set through

Exit status: 0 when all is well (notes included), 1 when there is a problem.`,
    )
    .action(async (options: { json?: boolean }, command: Command) => {
      const checks = await diagnose({ dirs: dirsOf(command, ctx), env: ctx.env });
      if (options.json) printJson(ctx.stdout, checks);
      else for (const check of checks) ctx.stdout.write(`${checkLine(check)}\n`);
      const problems = checks.filter((check) => check.level === 'problem').length;
      if (problems > 0) throw new WallpaperError('unavailable', `${problems} problem${problems === 1 ? '' : 's'} found`);
    });
}
