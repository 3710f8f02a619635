// `wallpaper colors [WALLPAPER|current]` (docs/colors.md): the colour scheme of a wallpaper, made
// from its stored palette (no decode), printed in one format (`--as`), written in every format to the
// cache home and pywal's cache (`--write`), and applied to the open terminals (`--apply`).
import { Command } from 'commander';
import { openDesktop, WallpaperError } from '../core/index.js';
import type { Wallpaper } from '../core/types.js';
import { type CliContext, libraryOf } from './context.js';
import { FILE_VARIABLES, helpFooter } from './help.js';

interface ColorsOptions {
  mode: string;
  as: string;
  write?: boolean;
  apply?: boolean;
  monitor?: string;
}

export function colorsCommand(ctx: CliContext): Command {
  const command = new Command('colors')
    .description("print a colour scheme made from a wallpaper's palette (terminal colours with guaranteed contrast, Material 3 tokens)")
    .argument(
      '[wallpaper]',
      'an id (or a unique prefix of 4+ hex characters), the path of an indexed file, or `current` (the default)',
      'current',
    )
    .option('--mode <mode>', "dark, light or auto (the scheme the wallpaper was set for, else the wallpaper's brightness)", 'auto')
    .option('--as <format>', 'json, pywal, base16, material, css, xresources, kitty, alacritty, foot or ghostty', 'json')
    .option('--write', "also write every format to the cache home's colors/ and pywal's files to $XDG_CACHE_HOME/wal/")
    .option('--apply', 'write, then recolour the open terminals (OSC 4/10/11/12) and merge the Xresources where X runs')
    .option('--monitor <name>', 'with `current`: the wallpaper on this monitor (default: the primary)');
  helpFooter(
    command,
    [
      'wallpaper colors --as kitty > ~/.config/kitty/current-theme.conf',
      'wallpaper colors current --apply',
      'wallpaper config set colors apply',
    ],
    [...FILE_VARIABLES, 'DISPLAY, WAYLAND_DISPLAY'],
  );
  return command.action(async (target: string, options: ColorsOptions, cmd: Command) => {
    const desktop = openDesktop(ctx.env);
    const colors = await desktop.colors();
    // Both checked before the library is opened: a bad flag changes nothing.
    const format = colors.parseColorFormat(options.as);
    const mode = colors.parseColorMode(options.mode);
    if (options.monitor !== undefined && target !== 'current')
      throw new WallpaperError('invalid_param', 'invalid --monitor: it applies to `current` only');
    const library = libraryOf(cmd, ctx);
    try {
      const id = target === 'current' ? (await desktop.currentId(library, options.monitor)).id : library.resolveWallpaper(target);
      const wallpaper: Wallpaper | undefined = id ? library.get(id) : undefined;
      if (!wallpaper) throw new WallpaperError('not_found', `no wallpaper with id or indexed file ${JSON.stringify(target)}`);
      const resolved =
        mode !== 'auto'
          ? mode
          : target === 'current'
            ? await desktop.colorMode(library, wallpaper.brightness)
            : colors.modeOfBrightness(wallpaper.brightness);
      const scheme = await colors.colorSchemeOf(wallpaper, resolved, library.dirs.cache);
      ctx.stdout.write(colors.renderScheme(scheme, format, wallpaper.path));
      if (!options.write && !options.apply) return;
      const written = await colors.writeScheme(scheme, wallpaper.path, library.dirs.cache, ctx.env);
      ctx.stderr.write(`wallpaper: colors written to ${written.folder} and ${written.wal}\n`);
      if (!options.apply) return;
      const applied = await colors.applyScheme(scheme, written.xresources, ctx.env);
      const xrdb = applied.xrdb === true ? '; Xresources merged' : typeof applied.xrdb === 'string' ? `; ${applied.xrdb}` : '';
      const failed = applied.failed.length ? ` (not: ${applied.failed.join(', ')})` : '';
      ctx.stderr.write(`wallpaper: colors applied to ${applied.terminals} terminal(s)${failed}${xrdb}\n`);
    } finally {
      library.close();
    }
  });
}
