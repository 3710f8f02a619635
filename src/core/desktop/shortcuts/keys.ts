// The four keyboard shortcuts (docs/cli.md#wallpaper-shortcuts) and the rules every desktop shares:
// which command each runs, how a key (an arrow with a set of modifiers, key-sets.ts) is written per
// desktop, when two written keys are the same key, and the taken-key rule (a key some other binding
// holds is left alone and reported; the others are installed).
import { chordLabel, type KeySet, type Modifier } from './key-sets.js';

/** One of the four shortcuts: its name in the desktops' settings, its key, what it runs. */
export interface Shortcut {
  /** The custom shortcut's name where the desktop names them (a dconf folder, a list entry). */
  name: string;
  /** The arrow key (X keysym name); the modifiers are the key set's. */
  arrow: 'Right' | 'Left' | 'Up' | 'Down';
  /** The wallpaper arguments after the library's own (`next`, `favorite current`). */
  action: readonly string[];
}

export const SHORTCUTS: readonly Shortcut[] = [
  { name: 'wallpaper-next', arrow: 'Right', action: ['next'] },
  { name: 'wallpaper-back', arrow: 'Left', action: ['back'] },
  { name: 'wallpaper-favorite', arrow: 'Up', action: ['favorite', 'current'] },
  { name: 'wallpaper-hide', arrow: 'Down', action: ['hide', 'current'] },
];

/** The key as people read it: `Super+Alt+Right`. */
export const keyLabel = (shortcut: Shortcut, keys: KeySet): string => `${chordLabel(keys)}+${shortcut.arrow}`;

/** GTK's names of the modifiers, and the order GTK's own accelerator_name writes them in (Xfce's
 * settings dialog writes that order: `<Primary><Shift><Alt><Super>`). */
const GTK_NAME: Record<Modifier, string> = { Super: '<Super>', Ctrl: '<Control>', Alt: '<Alt>', Shift: '<Shift>' };
const GTK_CANONICAL: readonly [Modifier, string][] = [
  ['Ctrl', '<Primary>'],
  ['Shift', '<Shift>'],
  ['Alt', '<Alt>'],
  ['Super', '<Super>'],
];

/** The key as GNOME, Cinnamon and MATE store it (GTK accelerator syntax): `<Super><Alt>Right`. */
export const gtkKey = (shortcut: Shortcut, keys: KeySet): string => `${keys.map((key) => GTK_NAME[key]).join('')}${shortcut.arrow}`;
/** The key as Xfce's own settings dialog writes it (GTK's canonical order, so the dialog finds and
 * replaces this property instead of adding a second one for the same key): `<Alt><Super>Right`. */
export const xfceKey = (shortcut: Shortcut, keys: KeySet): string =>
  `${GTK_CANONICAL.filter(([key]) => keys.includes(key))
    .map(([, name]) => name)
    .join('')}${shortcut.arrow}`;
/** The shortcut's description, as the desktops' shortcut lists show it. */
export const titleOf = (shortcut: Shortcut): string => `Wallpaper: ${shortcut.action.join(' ')}`;

/** GTK's modifier names and their aliases (gtk_accelerator_parse is liberal), one word each. */
const MODIFIERS: Record<string, string> = {
  super: 'super',
  mod4: 'super',
  alt: 'alt',
  mod1: 'alt',
  control: 'control',
  ctrl: 'control',
  ctl: 'control',
  primary: 'control',
  shift: 'shift',
  shft: 'shift',
  meta: 'meta',
  hyper: 'hyper',
  release: 'release',
};

/** The words of normalKey as people read them, in the order of a chord. */
const READ: [string, string][] = [
  ['super', 'Super'],
  ['control', 'Ctrl'],
  ['alt', 'Alt'],
  ['shift', 'Shift'],
];

/** A stored GTK accelerator as people read it (`<Primary><Alt><Super>Right`: `Super+Ctrl+Alt+Right`). */
export function keyName(accelerator: string): string {
  const words = normalKey(accelerator)?.split('+');
  if (!words) return accelerator;
  const key = words.pop()!;
  const named = READ.filter(([word]) => words.includes(word)).map(([, name]) => name);
  const others = words.filter((word) => !READ.some(([known]) => known === word));
  return [...named, ...others, key.charAt(0).toUpperCase() + key.slice(1)].join('+');
}

/** Whether a stored accelerator is one of the arrows of `shortcut` (under any modifiers). */
export const onArrow = (accelerator: string, shortcut: Shortcut): boolean =>
  normalKey(accelerator)?.split('+').pop() === shortcut.arrow.toLowerCase();

/** A GTK accelerator (`<Alt><Super>Right`, `<Mod4><Mod1>right`) as one comparable word
 * (`alt+super+right`), or undefined for none (`''`, `disabled`). */
export function normalKey(accelerator: string): string | undefined {
  const text = accelerator.trim();
  if (text === '' || text.toLowerCase() === 'disabled') return undefined;
  const modifiers = new Set<string>();
  let rest = text;
  for (let match = /^<([^>]+)>/.exec(rest); match; match = /^<([^>]+)>/.exec(rest)) {
    const word = match[1]!.toLowerCase();
    modifiers.add(MODIFIERS[word] ?? word);
    rest = rest.slice(match[0].length);
  }
  if (rest === '') return undefined;
  return [...[...modifiers].sort(), rest.toLowerCase()].join('+');
}

/** A binding in force on the desktop: its key, who holds it (in words), and how to free it when the
 * desktop's own tool can (a `gsettings set` of the holder's other keys). */
export interface Binding {
  key: string;
  holder: string;
  free?: string;
  /** The shortcut of ours this binding is (ours are replaced, never reported as taken). */
  ours?: string;
}

export type Planned = { shortcut: Shortcut; taken?: undefined } | { shortcut: Shortcut; taken: Binding };

/** The taken-key rule: each shortcut is installed on `keys` unless a binding that is not ours holds
 * its key. */
export function planInstall(bindings: readonly Binding[], keys: KeySet, shortcuts: readonly Shortcut[] = SHORTCUTS): Planned[] {
  return shortcuts.map((shortcut) => {
    const key = normalKey(gtkKey(shortcut, keys));
    const taken = bindings.find((binding) => !binding.ours && normalKey(binding.key) === key);
    return taken ? { shortcut, taken } : { shortcut };
  });
}

/** One word for a shell or for GLib's g_shell_parse_argv (which every one of these desktops uses to
 * run a custom shortcut's command): quoted only when it must be. */
export const shellWord = (word: string): string => (/^[A-Za-z0-9_./:=,@+%-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`);

export const commandLine = (argv: readonly string[]): string => argv.map(shellWord).join(' ');

/** The words of a command line in shell syntax (single and double quotes, backslashes): enough to
 * recognise one of our own commands read back from a desktop that keys shortcuts by key alone. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else word = `${word ?? ''}${char}`;
    } else if (quote === '"') {
      if (char === '"') quote = undefined;
      else if (char === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) word = `${word ?? ''}${line[++i]}`;
      else word = `${word ?? ''}${char}`;
    } else if (char === "'" || char === '"') {
      quote = char;
      word ??= '';
    } else if (char === '\\' && i + 1 < line.length) {
      word = (word ?? '') + line[++i];
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? '') + char;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** Whether `line` runs this program's `shortcut` action: a `wallpaper` (or its bin script) among its
 * words and the action at its end. */
export function runsShortcut(line: string, shortcut: Shortcut): boolean {
  const words = shellWords(line);
  const tail = words.slice(-shortcut.action.length);
  const program = words.some((word) => /(^|\/)wallpaper(\.js)?$/.test(word));
  return program && tail.join(' ') === shortcut.action.join(' ');
}
