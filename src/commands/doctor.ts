// `wallpaper doctor`: print each finding of the core's diagnose() on its own line (a problem with
// what to do), exit 0 when nothing stops the tool from working here and 1 otherwise.
import { Command } from 'commander';
import { type Check, WallpaperError, diagnose } from '../core/index.js';
import { type CliContext, databaseOf, dirsOf } from './context.js';
import { colorEnabled, paint } from './color.js';
import { FILE_VARIABLES, helpFooter } from './help.js';
import { printJson } from './output.js';

const LABEL_WIDTH = 'problem'.length;
const LEVEL_COLORS = { ok: 'green', note: 'yellow', problem: 'red' } as const;

/** `ok       node: Node 24.11.1`, and for a problem or note ` - what to do` after the finding. */
export function checkLine({ level, subject, detail, fix }: Check, color = false): string {
  const label = paint(color, LEVEL_COLORS[level], level.padEnd(LABEL_WIDTH));
  return `${label}  ${subject}: ${detail}${fix && level !== 'ok' ? ` - ${fix}` : ''}`;
}

export function doctorCommand(ctx: CliContext): Command {
  const command = new Command('doctor')
    .description('check Node, sharp, the index, the folders, the desktop and its session bus; exit 1 on a problem')
    .option('--json', 'print the findings as JSON');
  helpFooter(
    command,
    [
      'wallpaper doctor',
      'wallpaper doctor --json | jq \'.[] | select(.level == "problem")\'',
      'wallpaper doctor || echo "see the problem lines"',
    ],
    [...FILE_VARIABLES, 'XDG_CURRENT_DESKTOP', 'DBUS_SESSION_BUS_ADDRESS', 'DISPLAY, WAYLAND_DISPLAY', 'NO_COLOR'],
  );
  return command.action(async (options: { json?: boolean }, command: Command) => {
    const checks = await diagnose({ dirs: dirsOf(command, ctx), env: ctx.env, database: databaseOf(command) });
    if (options.json) printJson(ctx.stdout, checks);
    else {
      const color = colorEnabled(ctx, command, ctx.stdout);
      for (const check of checks) ctx.stdout.write(`${checkLine(check, color)}\n`);
    }
    const problems = checks.filter((check) => check.level === 'problem').length;
    if (problems > 0) throw new WallpaperError('unavailable', `${problems} problem${problems === 1 ? '' : 's'} found`);
  });
}
