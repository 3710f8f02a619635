// `shortcuts install --print`: the four shortcuts as lines for the desktops whose shortcuts live in a
// configuration file the user keeps (sway, i3, Hyprland) and as steps for KDE Plasma's settings, so
// nothing is written. Each desktop runs the command through a shell (sway and i3 `exec`, Hyprland's
// `exec` dispatcher) or as a command line (Plasma), so the command is one shell-quoted line.
import { commandLine, keyLabel, SHORTCUTS, type Shortcut } from './keys.js';

/** sway and i3 name Super `Mod4` and Alt `Mod1`. */
const swayKey = (shortcut: Shortcut) => `Mod4+Mod1+${shortcut.arrow}`;

/** The --print text for the library command `program` (node, the bin, its --home or --database). */
export function printedShortcuts(program: readonly string[]): string {
  const rows = SHORTCUTS.map((shortcut) => ({ shortcut, command: commandLine([...program, ...shortcut.action]) }));
  return [
    '# sway: add to ~/.config/sway/config, then run `swaymsg reload`',
    ...rows.map(({ shortcut, command }) => `bindsym ${swayKey(shortcut)} exec ${command}`),
    '',
    '# i3: add to ~/.config/i3/config, then run `i3-msg reload`',
    ...rows.map(({ shortcut, command }) => `bindsym ${swayKey(shortcut)} exec --no-startup-id ${command}`),
    '',
    '# Hyprland: add to ~/.config/hypr/hyprland.conf (read again when saved)',
    ...rows.map(({ shortcut, command }) => `bind = SUPER ALT, ${shortcut.arrow}, exec, ${command}`),
    '',
    '# KDE Plasma: System Settings > Keyboard > Shortcuts > Add New > Command or Script (Plasma 6), or',
    '# System Settings > Shortcuts > Custom Shortcuts > Edit > New > Global Shortcut > Command/URL (Plasma 5);',
    '# for each, give the command, then set the key as its shortcut:',
    ...rows.map(({ shortcut, command }) => `#   ${keyLabel(shortcut)}: ${command}`),
    '',
  ].join('\n');
}
