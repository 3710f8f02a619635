// The end of every command's --help: two or three examples and the environment variables the
// command reads, each explained once here so every command says the same of it.
import type { Command } from 'commander';

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

/** Add the examples and the environment to the end of `command`'s help. */
export function helpFooter(command: Command, examples: readonly string[], variables: readonly EnvironmentVariable[]): Command {
  const width = Math.max(0, ...variables.map((name) => name.length));
  const environment = variables.length > 0 ? variables.map((name) => `  ${name.padEnd(width)}  ${ENVIRONMENT[name]}`) : ['  none'];
  return command.addHelpText(
    'after',
    ['', 'Examples:', ...examples.map((line) => `  ${line}`), '', 'Environment:', ...environment].join('\n'),
  );
}
