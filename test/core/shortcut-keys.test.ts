// The key sets of the shortcuts without a desktop (docs/desktops.md#keyboard-shortcuts): which set
// install takes against each desktop's stock bindings (read from Debian 12's schemas and Xfce's
// xfce4-keyboard-shortcuts.xml), what --keys accepts and refuses, and how a set is written per desktop.
import t from 'tap';
import { chooseKeys, KEY_SETS, type KeySet, parseChord } from '../../src/core/desktop/shortcuts/key-sets.js';
import { gtkKey, keyName, normalKey, planInstall, SHORTCUTS, xfceKey } from '../../src/core/desktop/shortcuts/keys.js';
import { WallpaperError } from '../../src/core/errors.js';

const [next] = SHORTCUTS;

/** The bindings of a desktop's defaults on the arrows (docs/desktops.md#keyboard-shortcuts), as read
 * from Debian 12's schemas and Xfce's xfce4-keyboard-shortcuts.xml. */
const arrows = (modifiers: string, which = ['Left', 'Right', 'Up', 'Down']) =>
  which.map((arrow) => ({ key: `${modifiers}${arrow}`, holder: 'wm' }));
const DEFAULTS: Record<string, { key: string; holder: string }[]> = {
  'GNOME 43': [
    ...arrows('<Super><Alt>'),
    ...arrows('<Control><Alt>'),
    ...arrows('<Control><Shift><Alt>'),
    ...arrows('<Super><Shift><Alt>', ['Left', 'Right']),
    ...arrows('<Super><Shift>'),
    ...arrows('<Super>'),
  ],
  Xfce: [...arrows('<Primary><Alt>'), ...arrows('<Primary><Shift><Alt>', ['Left', 'Right', 'Up'])],
  MATE: [...arrows('<Control><Alt>'), ...arrows('<Control><Shift><Alt>')],
  Cinnamon: [...arrows('<Control><Alt>'), ...arrows('<Control><Shift><Alt>'), ...arrows('<Super><Shift>'), ...arrows('<Super>')],
};

t.test('the key set: the first the desktop leaves free, else the fewest taken; --keys wins', async (t) => {
  const takenOn = (bindings: { key: string; holder: string }[]) => (keys: KeySet) =>
    planInstall(bindings, keys).filter((plan) => plan.taken).length;
  const table: { name: string; bindings: { key: string; holder: string }[]; asked?: KeySet; keys: string; choice: string }[] = [
    { name: 'nothing bound', bindings: [], keys: 'Super+Alt', choice: 'free' },
    { name: 'GNOME 43 as shipped', bindings: DEFAULTS['GNOME 43']!, keys: 'Super+Ctrl+Alt', choice: 'free' },
    { name: 'Xfce as shipped', bindings: DEFAULTS.Xfce!, keys: 'Super+Alt', choice: 'free' },
    { name: 'MATE as shipped', bindings: DEFAULTS.MATE!, keys: 'Super+Alt', choice: 'free' },
    { name: 'Cinnamon as shipped', bindings: DEFAULTS.Cinnamon!, keys: 'Super+Alt', choice: 'free' },
    { name: 'one key of the first set taken', bindings: arrows('<Alt><Super>', ['Up']), keys: 'Super+Ctrl+Alt', choice: 'free' },
    {
      name: 'the first two taken, the third free',
      bindings: [...arrows('<Super><Alt>'), ...arrows('<Super><Control><Alt>', ['Down'])],
      keys: 'Ctrl+Alt+Shift',
      choice: 'free',
    },
    {
      name: 'none free: the fewest taken, the first of equals',
      bindings: [
        ...arrows('<Super><Alt>'),
        ...arrows('<Super><Control><Alt>', ['Up', 'Down']),
        ...arrows('<Control><Alt><Shift>', ['Up']),
        ...arrows('<Super><Control><Alt><Shift>', ['Up']),
      ],
      keys: 'Ctrl+Alt+Shift',
      choice: 'fewest_taken',
    },
    {
      name: '--keys: asked, even when taken',
      bindings: DEFAULTS['GNOME 43']!,
      asked: ['Super', 'Alt'],
      keys: 'Super+Alt',
      choice: 'asked',
    },
  ];
  for (const row of table) {
    const { keys, choice } = chooseKeys(takenOn(row.bindings), row.asked);
    t.equal(keys.join('+'), row.keys, `${row.name}: keys`);
    t.equal(choice, row.choice, `${row.name}: why`);
  }
  t.same(KEY_SETS[0], ['Super', 'Alt'], 'Super+Alt first');
});

t.test('--keys: modifiers joined by +, in any case and order; a bad chord is refused naming --keys', async (t) => {
  const good: [string, string][] = [
    ['Super+Ctrl+Alt', 'Super+Ctrl+Alt'],
    ['alt+super', 'Super+Alt'],
    ['Control+Shift+Alt', 'Ctrl+Alt+Shift'],
    [' Win + Alt ', 'Super+Alt'],
    ['Meta+Ctrl', 'Super+Ctrl'],
    ['Mod4+Mod1+arrows', 'Super+Alt'],
    ['Ctrl', 'Ctrl'],
    ['Super+Shift', 'Super+Shift'],
  ];
  for (const [text, chord] of good) t.equal(parseChord(text).join('+'), chord, text);
  const bad: [string, RegExp][] = [
    ['', /an empty word/],
    ['Super+', /an empty word/],
    ['Super+Hyper', /"Hyper" is not a modifier/],
    ['Super+Alt+Right', /"Right" is not a modifier/],
    ['Alt+alt', /Alt is given twice/],
    ['Shift', /Shift alone selects text/],
    ['arrows', /"arrows" is not a modifier/],
  ];
  for (const [text, why] of bad) {
    const error = (() => {
      try {
        parseChord(text);
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    t.ok(error instanceof WallpaperError && error.code === 'invalid_param', `${JSON.stringify(text)}: invalid_param`);
    t.match((error as Error).message, why, text);
    t.match((error as Error).message, /^--keys ".*": .*; --keys takes modifiers joined by \+, from Super, Ctrl, Alt and Shift/, text);
  }
});

t.test('a key set written as each desktop writes it, and read back as people read it', async (t) => {
  const table: [KeySet, string, string, string][] = [
    [['Super', 'Alt'], '<Super><Alt>Right', '<Alt><Super>Right', 'Super+Alt+Right'],
    [['Super', 'Ctrl', 'Alt'], '<Super><Control><Alt>Right', '<Primary><Alt><Super>Right', 'Super+Ctrl+Alt+Right'],
    [['Ctrl', 'Alt', 'Shift'], '<Control><Alt><Shift>Right', '<Primary><Shift><Alt>Right', 'Ctrl+Alt+Shift+Right'],
  ];
  for (const [keys, gtk, xfce, name] of table) {
    t.equal(gtkKey(next!, keys), gtk);
    t.equal(xfceKey(next!, keys), xfce);
    t.equal(normalKey(gtk), normalKey(xfce), `${name}: one key`);
    t.equal(keyName(gtk), name);
    t.equal(keyName(xfce), name);
  }
  t.equal(keyName('<Mod4><Mod1>down'), 'Super+Alt+Down');
});
