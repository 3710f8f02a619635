// The end of every command's --help: two or three examples and the environment variables the
// command reads, each explained once here so every command says the same of it; and the one layout
// of every --help, the program's own included: wrapped at the terminal's width, else at 80.
import { type Command, Help } from 'commander';

const ENVIRONMENT = {
  WALLPAPER_HOME: 'one folder for settings, index and caches (as --home)',
  WALLPAPER_DATABASE_URL: 'the index in PostgreSQL, postgres://user:password@host/name (as --database)',
  XDG_CONFIG_HOME: 'settings go in $XDG_CONFIG_HOME/wallpaper (default ~/.config)',
  XDG_DATA_HOME: 'the index, uploads and trash in $XDG_DATA_HOME/wallpaper (default ~/.local/share)',
  XDG_CACHE_HOME: 'thumbnails in $XDG_CACHE_HOME/wallpaper (default ~/.cache)',
  WALLPAPER_SERVER: 'ask this running `wallpaper serve` instead of the local index (as --server)',
  WALLPAPER_TOKEN: 'the bearer token changes must carry (as --token)',
  XDG_CURRENT_DESKTOP: 'the desktop, to choose how the wallpaper is set (also DESKTOP_SESSION)',
  DBUS_SESSION_BUS_ADDRESS: 'the session bus GNOME, Cinnamon, MATE, Xfce and Plasma are set through',
  'DISPLAY, WAYLAND_DISPLAY': 'the X11 or Wayland display, for the other setters',
  NO_COLOR: 'no colour (as --no-color)',
  WALLPAPER_MONITORS: 'the monitors instead of detecting them (as --monitors)',
  'SWAYSOCK, HYPRLAND_INSTANCE_SIGNATURE': 'the sway or Hyprland session whose outputs are listed',
  WALLPAPER_FETCH_TIMEOUT: 'seconds each request of a fetch may take (default 30)',
} as const;

export type EnvironmentVariable = keyof typeof ENVIRONMENT;

/** The variables every command reads: where the files are. */
export const FILE_VARIABLES: EnvironmentVariable[] = [
  'WALLPAPER_HOME',
  'WALLPAPER_DATABASE_URL',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'XDG_CACHE_HOME',
];

/** The width help is wrapped at when the output is not a terminal (a pipe, a file, a test). */
export const HELP_WIDTH = 80;

/** The width of help written to `stream`: a terminal's own, else HELP_WIDTH (commander's rule). */
export const helpWidthOf = (stream: { isTTY?: boolean; columns?: number }): number =>
  stream.isTTY && (stream.columns ?? 0) > 0 ? stream.columns! : HELP_WIDTH;

/** The layout of every command's help. A command's line in a list of commands omits commander's
 * `[options]` (every command has some; its own --help lists them): with it, the program's longest
 * line (`tag [options] [wallpaper] [changes...]`) left under 40 columns of an 80-column screen for
 * the descriptions, and commander then stops wrapping them (lines of 150 characters and more). */
export const HELP_LAYOUT = {
  subcommandTerm(this: Help, command: Command): string {
    return Help.prototype.subcommandTerm.call(this, command).replace(' [options]', '');
  },
};

/** Add the examples and the environment to the end of `command`'s help. The examples are command
 * lines and stay whole; the environment's explanations wrap like the options' descriptions. */
export function helpFooter(command: Command, examples: readonly string[], variables: readonly EnvironmentVariable[]): Command {
  return command.addHelpText('after', ({ error }) => {
    const output = command.configureOutput();
    const width = (error ? output.getErrHelpWidth?.() : output.getOutHelpWidth?.()) ?? HELP_WIDTH;
    const helper = command.createHelp();
    // The longest name (SWAYSOCK, HYPRLAND_INSTANCE_SIGNATURE) leaves 39 columns: still worth wrapping.
    helper.minWidthToWrap = 20;
    helper.prepareContext({ helpWidth: width });
    const listed = [...new Set(variables)];
    const termWidth = Math.max(0, ...listed.map((name) => name.length));
    const environment =
      listed.length > 0 ? listed.map((name) => helper.formatItem(name, termWidth, ENVIRONMENT[name], helper)) : ['  none'];
    return ['', 'Examples:', ...examples.map((line) => `  ${line}`), '', 'Environment:', ...environment].join('\n');
  });
}
