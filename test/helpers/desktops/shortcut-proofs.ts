// `shortcuts install` on a real desktop session as it ships (GNOME 43, Xfce 4.18): the key set chosen
// is the first its stock bindings leave free, said so, and the four bindings read back with the
// desktop's own tool (gsettings, xfconf-query); `--keys` asks for another set, a taken key on it is
// left alone and reported, a bad chord is a usage error; `remove` leaves the settings as they were.
// Run inside the suites' sessions (test/desktop/gnome.test.ts, xfce.test.ts), never a session of its own.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Test } from 'tap';
import { wallpaperInProcess } from './cli.js';
import type { Desktop } from './session.js';

const exec = promisify(execFile);
const ACTIONS = [
  ['Right', 'next'],
  ['Left', 'back'],
  ['Up', 'favorite current'],
  ['Down', 'hide current'],
] as const;

/** How a desktop stores a key set, and how to read back every binding of ours. */
export interface ShortcutStore {
  desktop: string;
  /** The set `install` must choose on this desktop as shipped, as people write it, and the line that
   * says so. */
  stock: { chord: string; said: RegExp };
  /** The key as the desktop stores it, for a chord as people write it (`Super+Ctrl+Alt`). */
  stored(chord: string, arrow: string): string;
  /** Ours read back: [stored key, command] per shortcut. */
  ours(desktop: Desktop): Promise<[string, string][]>;
  /** The whole of the shortcut settings, one setting a line, to compare before install and after remove. */
  snapshot(desktop: Desktop): Promise<string>;
  /** A set the stock desktop holds some keys of, the arrows taken, and the holder's words. */
  partly: { chord: string; taken: string[]; holder: RegExp };
}

export const tool = async (desktop: Desktop, program: string, ...args: string[]) =>
  (await exec(program, args, { env: desktop.env })).stdout.trim();

export function stockShortcutCases(t: Test, desktop: Desktop, home: string, store: ShortcutStore): void {
  const cli = (...args: string[]) => wallpaperInProcess(desktop, home, ['shortcuts', ...args]);
  const expect = (chord: string, arrows: readonly string[] = ACTIONS.map(([arrow]) => arrow)) =>
    ACTIONS.filter(([arrow]) => arrows.includes(arrow)).map(([arrow, action]) => [store.stored(chord, arrow), action]);
  const order = (action: string | undefined) => ACTIONS.findIndex(([, known]) => known === action);
  const readBack = async () =>
    (await store.ours(desktop)).map(([key, command]) => [key, command.split(/ --home \S+ /)[1]]).sort((a, b) => order(a[1]) - order(b[1]));

  t.test(`shortcuts install on ${store.desktop} as shipped: the first free key set, all four, read back`, async (t) => {
    const before = await store.snapshot(desktop);
    const installed = await cli('install');
    t.equal(installed.code, 0, `exit 0 ${installed.stderr}`);
    t.match(installed.stdout, store.stock.said, `says which set: ${installed.stdout.split('\n')[0]}`);
    t.equal(installed.stdout.match(/^installed /gm)?.length, 4, 'four installed');
    t.notMatch(installed.stdout, /left alone/);
    t.same(await readBack(), expect(store.stock.chord), `the four on ${store.stock.chord}, as ${store.desktop} reads them`);
    const listed = JSON.parse((await cli('list', '--json')).stdout) as { key: string }[];
    t.same(
      listed.map((entry) => entry.key),
      ACTIONS.map(([arrow]) => `${store.stock.chord}+${arrow}`),
    );

    // --keys: another set; its taken keys are left alone and reported, the others moved there.
    const { chord, taken, holder } = store.partly;
    const asked = await cli('install', '--keys', chord.toLowerCase());
    t.equal(asked.code, 0, `exit 0 ${asked.stderr}`);
    t.match(asked.stdout, new RegExp(`^Keys: ${chord.replace(/\+/g, '\\+')}\\+arrows \\(--keys\\)\\n`));
    for (const arrow of taken)
      t.match(asked.stdout, new RegExp(`left alone ${chord.replace(/\+/g, '\\+')}\\+${arrow} \\(.*\\): taken by `));
    t.match(asked.stdout, holder);
    const free = ACTIONS.map(([arrow]) => arrow).filter((arrow) => !taken.includes(arrow));
    const mine = await readBack();
    for (const row of expect(chord, free))
      t.ok(
        mine.some((entry) => entry[0] === row[0] && entry[1] === row[1]),
        `moved: ${row.join(' ')}`,
      );
    for (const row of expect(chord, taken))
      t.notOk(
        mine.some((entry) => entry[0] === row[0]),
        `not written: ${row[0]}`,
      );

    const bad = await cli('install', '--keys', 'Super+Right');
    t.equal(bad.code, 2, 'a bad chord: usage error');
    t.match(bad.stderr, /--keys "Super\+Right": "Right" is not a modifier; --keys takes modifiers joined by \+/);

    t.equal((await cli('remove')).code, 0);
    t.same(await store.ours(desktop), [], 'none of ours left');
    // Every setting that was there is there as it was (Xfce's install may first copy its defaults,
    // as Xfce's own first start does: docs/desktops.md#keyboard-shortcuts).
    const after = (await store.snapshot(desktop)).split('\n');
    t.same(
      before.split('\n').filter((line) => !after.includes(line)),
      [],
      `${store.desktop}'s shortcut settings kept`,
    );
  });
}

const GTK: Record<string, string> = { Super: '<Super>', Ctrl: '<Control>', Alt: '<Alt>', Shift: '<Shift>' };
const XFCE_ORDER: [string, string][] = [
  ['Ctrl', '<Primary>'],
  ['Shift', '<Shift>'],
  ['Alt', '<Alt>'],
  ['Super', '<Super>'],
];
const strings = (text: string) => [...text.matchAll(/'([^']*)'/g)].map((match) => match[1]!);

/** GNOME 43: Super+Alt+arrows are its workspace and overview keys; Super+Alt+Shift Left and Right
 * move a window to a workspace. */
export const GNOME_STORE: ShortcutStore = {
  desktop: 'GNOME',
  stock: {
    chord: 'Super+Ctrl+Alt',
    said: /^Keys: Super\+Ctrl\+Alt\+arrows, the first set GNOME leaves free \(Super\+Alt\+arrows has 4 of 4 taken\)\n/,
  },
  stored: (chord, arrow) =>
    `${chord
      .split('+')
      .map((key) => GTK[key])
      .join('')}${arrow}`,
  async ours(desktop) {
    const list = strings(await tool(desktop, 'gsettings', 'get', 'org.gnome.settings-daemon.plugins.media-keys', 'custom-keybindings'));
    const rows: [string, string][] = [];
    for (const path of list.filter((entry) => entry.includes('/wallpaper-'))) {
      const schema = `org.gnome.settings-daemon.plugins.media-keys.custom-keybinding:${path}`;
      const [binding = ''] = strings(await tool(desktop, 'gsettings', 'get', schema, 'binding'));
      const [command = ''] = strings(await tool(desktop, 'gsettings', 'get', schema, 'command'));
      rows.push([binding, command]);
    }
    return rows;
  },
  snapshot: (desktop) => tool(desktop, 'dconf', 'dump', '/org/gnome/settings-daemon/plugins/media-keys/'),
  partly: {
    chord: 'Super+Alt+Shift',
    taken: ['Left', 'Right'],
    holder: /taken by GNOME's move-to-workspace-left \(org\.gnome\.desktop\.wm\.keybindings\)/,
  },
};

/** Xfce 4.18: xfwm4 holds Ctrl+Alt+arrows (workspaces) and Ctrl+Alt+Shift Left, Right and Up (move a
 * window); Super+Alt+arrows are free. */
export const XFCE_STORE: ShortcutStore = {
  desktop: 'Xfce',
  stock: { chord: 'Super+Alt', said: /^Keys: Super\+Alt\+arrows, the first set Xfce leaves free\n/ },
  stored: (chord, arrow) => {
    const keys = chord.split('+');
    return `${XFCE_ORDER.filter(([key]) => keys.includes(key))
      .map(([, name]) => name)
      .join('')}${arrow}`;
  },
  async ours(desktop) {
    const listing = await tool(desktop, 'xfconf-query', '-c', 'xfce4-keyboard-shortcuts', '-l', '-v');
    return listing.split('\n').flatMap((line) => {
      const match = /^\/commands\/custom\/(\S+)\s+(.*wallpaper\.js.*)$/.exec(line);
      return match ? [[match[1]!, match[2]!] as [string, string]] : [];
    });
  },
  snapshot: (desktop) => tool(desktop, 'xfconf-query', '-c', 'xfce4-keyboard-shortcuts', '-l', '-v'),
  partly: { chord: 'Ctrl+Alt+Shift', taken: ['Left', 'Right', 'Up'], holder: /taken by Xfce's window manager action move_window_left_key/ },
};
