// The tray's menu as data (docs/desktops.md#the-tray): the labels in their order, which are toggles
// or radio items and which is checked, with the id each keeps across rebuilds (a host that opened
// the menu before a change still clicks the right item). The D-Bus side (menu.ts) only sends it.

/** How often the schedule changes the wallpaper: the submenu's choices (`schedule --every` words). */
export const EVERY_CHOICES = [
  ['off', 'Off'],
  ['15m', '15 minutes'],
  ['30m', '30 minutes'],
  ['1h', '1 hour'],
  ['3h', '3 hours'],
  ['1d', '1 day'],
] as const;
export type EveryChoice = (typeof EVERY_CHOICES)[number][0];

export const APPEARANCE_CHOICES = [
  ['off', 'Off'],
  ['auto', 'Follow the desktop'],
  ['sun', 'Follow the sun'],
] as const;
export type AppearanceChoice = (typeof APPEARANCE_CHOICES)[number][0];

export const TARGET_CHOICES = [
  ['desktop', 'Desktop'],
  ['lock', 'Lock screen'],
  ['both', 'Both'],
] as const;
export type TargetChoice = (typeof TARGET_CHOICES)[number][0];

/** What the menu shows: read again before each opening and after each change. */
export interface MenuState {
  /** The wallpaper's title, or what the tray says when nothing is on screen. */
  title: string;
  /** Whether anything is known to be on screen. */
  onScreen: boolean;
  /** Whether the one on screen is a favourite; null when the library does not know it. */
  favorite: boolean | null;
  every: EveryChoice;
  appearance: AppearanceChoice;
  target: TargetChoice;
  /** Where the desktop can set: `desktop` alone hides the "Set on" submenu. */
  targets: readonly TargetChoice[];
}

/** What a click asks for. */
export type MenuAction =
  | { kind: 'next' | 'back' | 'hide' | 'gallery' | 'folder' | 'quit' }
  | { kind: 'favorite'; on: boolean }
  | { kind: 'every'; value: EveryChoice }
  | { kind: 'appearance'; value: AppearanceChoice }
  | { kind: 'target'; value: TargetChoice };

export interface MenuItem {
  id: number;
  label?: string;
  enabled?: boolean;
  toggle?: 'checkmark' | 'radio';
  checked?: boolean;
  separator?: boolean;
  action?: MenuAction;
  children?: MenuItem[];
}

const radios = <T extends string>(base: number, choices: readonly (readonly [T, string])[], now: T, kind: string): MenuItem[] =>
  choices.map(([value, label], i) => ({
    id: base + i,
    label,
    toggle: 'radio',
    checked: value === now,
    action: { kind, value } as MenuAction,
  }));

/** The menu's items, ids fixed per place (1.. top level, 20.. 30.. 40.. the submenus). */
export function menuItems(state: MenuState): MenuItem[] {
  const known = state.favorite !== null;
  const items: MenuItem[] = [
    { id: 1, label: state.title, enabled: false },
    { id: 2, separator: true },
    { id: 3, label: 'Next', action: { kind: 'next' } },
    { id: 4, label: 'Back', action: { kind: 'back' } },
    {
      id: 5,
      label: 'Favourite',
      enabled: known,
      toggle: 'checkmark',
      checked: state.favorite === true,
      action: { kind: 'favorite', on: state.favorite !== true },
    },
    { id: 6, label: 'Hide', enabled: known, action: { kind: 'hide' } },
    { id: 7, separator: true },
    { id: 8, label: 'Change every', children: radios(20, EVERY_CHOICES, state.every, 'every') },
    { id: 9, label: 'Light and dark', children: radios(30, APPEARANCE_CHOICES, state.appearance, 'appearance') },
    ...(state.targets.length > 1 ? [{ id: 10, label: 'Set on', children: radios(40, TARGET_CHOICES, state.target, 'target') }] : []),
    { id: 11, separator: true },
    { id: 12, label: 'Open in the gallery', enabled: state.onScreen, action: { kind: 'gallery' } },
    { id: 13, label: 'Show in folder', enabled: state.onScreen, action: { kind: 'folder' } },
    { id: 14, label: 'Quit', action: { kind: 'quit' } },
  ];
  return items;
}

/** The item `id` among `items` and their submenus. */
export function findItem(items: readonly MenuItem[], id: number): MenuItem | undefined {
  for (const item of items) {
    if (item.id === id) return item;
    const inside = item.children && findItem(item.children, id);
    if (inside) return inside;
  }
  return undefined;
}
