// `wallpaper monitors`: the monitors a per-monitor `random --set` fills, as the desktop reports them
// (or as --monitors / WALLPAPER_MONITORS give them): name, size after rotation, place, primary.
import { Command } from 'commander';
import { type Monitor, openDesktop } from '../core/index.js';
import type { CliContext } from './context.js';
import { helpFooter } from './help.js';
import { monitorsOption } from './options.js';
import { printJson } from './output.js';

/** One aligned line per monitor: `DP-1  2560x1440  +0+0  primary`. */
export function monitorLines(monitors: readonly Monitor[]): string[] {
  const cells = monitors.map((m) => [m.name, `${m.width}x${m.height}`, `+${m.x}+${m.y}`, m.primary ? 'primary' : '']);
  const widths = [0, 1, 2].map((column) => Math.max(...cells.map((row) => row[column]!.length)));
  return cells.map((row) =>
    row
      .map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell))
      .join('  ')
      .trimEnd(),
  );
}

export function monitorsCommand(ctx: CliContext): Command {
  const command = new Command('monitors')
    .description('list the monitors (name, size in pixels after rotation, place, primary)')
    .option('--json', 'print [{name, width, height, x, y, primary}]')
    .addOption(monitorsOption());
  helpFooter(
    command,
    ['wallpaper monitors', 'wallpaper monitors --json | jq -r ".[].name"', 'wallpaper monitors --monitors "DP-1=2560x1440,DP-2=1080x1920"'],
    ['WALLPAPER_MONITORS', 'XDG_CURRENT_DESKTOP', 'DISPLAY, WAYLAND_DISPLAY', 'SWAYSOCK, HYPRLAND_INSTANCE_SIGNATURE'],
  );
  return command.action(async (options: { json?: boolean; monitors?: string }) => {
    const monitors = await openDesktop(ctx.env).monitors(options.monitors);
    if (options.json) printJson(ctx.stdout, monitors);
    else for (const line of monitorLines(monitors)) ctx.stdout.write(`${line}\n`);
  });
}
