// `shortcuts install --print`: the four shortcuts as lines for the desktops whose shortcuts live in a
// configuration file the user keeps (sway, i3, Hyprland) and as steps for KDE Plasma's settings, so
// nothing is written. Each desktop runs the command through a shell (sway and i3 `exec`, Hyprland's
// `exec` dispatcher) or as a command line (Plasma), so the command is one shell-quoted line. The keys
// are the --keys chord when given, else the first set each desktop's defaults leave free
// (docs/desktops.md#keyboard-shortcuts): Super+Alt for sway, i3 and Hyprland; Super+Ctrl+Alt for
// Plasma, whose KWin holds Meta+Alt+arrows (switch window).
import type { KeySet, Modifier } from './key-sets.js';
import { commandLine, keyLabel, SHORTCUTS, type Shortcut } from './keys.js';

const SWAY: Record<Modifier, string> = { Super: 'Mod4', Ctrl: 'Control', Alt: 'Mod1', Shift: 'Shift' };
const HYPRLAND: Record<Modifier, string> = { Super: 'SUPER', Ctrl: 'CTRL', Alt: 'ALT', Shift: 'SHIFT' };

const swayKey = (shortcut: Shortcut, keys: KeySet) => [...keys.map((key) => SWAY[key]), shortcut.arrow].join('+');
const hyprlandKey = (shortcut: Shortcut, keys: KeySet) => `${keys.map((key) => HYPRLAND[key]).join(' ')}, ${shortcut.arrow}`;

/** The --print text for the library command `program` (node, the bin, its --home or --database). */
export function printedShortcuts(program: readonly string[], asked?: KeySet): string {
  const keys: KeySet = asked ?? ['Super', 'Alt'];
  const plasma: KeySet = asked ?? ['Super', 'Ctrl', 'Alt'];
  const rows = SHORTCUTS.map((shortcut) => ({ shortcut, command: commandLine([...program, ...shortcut.action]) }));
  return [
    '# sway: add to ~/.config/sway/config, then run `swaymsg reload`',
    ...rows.map(({ shortcut, command }) => `bindsym ${swayKey(shortcut, keys)} exec ${command}`),
    '',
    '# i3: add to ~/.config/i3/config, then run `i3-msg reload`',
    ...rows.map(({ shortcut, command }) => `bindsym ${swayKey(shortcut, keys)} exec --no-startup-id ${command}`),
    '',
    '# Hyprland: add to ~/.config/hypr/hyprland.conf (read again when saved)',
    ...rows.map(({ shortcut, command }) => `bind = ${hyprlandKey(shortcut, keys)}, exec, ${command}`),
    '',
    '# KDE Plasma: System Settings > Keyboard > Shortcuts > Add New > Command or Script (Plasma 6), or',
    '# System Settings > Shortcuts > Custom Shortcuts > Edit > New > Global Shortcut > Command/URL (Plasma 5);',
    '# for each, give the command, then set the key as its shortcut:',
    ...rows.map(({ shortcut, command }) => `#   ${keyLabel(shortcut, plasma)}: ${command}`),
    '',
  ].join('\n');
}
