// The shortcuts' rules without a desktop: when two written keys are the same key, the taken-key rule,
// the command line a shortcut runs (and recognising ours read back), what --print writes, how the
// desktops' tools' output is read, and the error on a desktop whose shortcuts are not installed.
import t from 'tap';
import { gvStrings, ownBindings, stringsIn } from '../../src/core/desktop/shortcuts/gsettings.js';
import { openShortcuts } from '../../src/core/desktop/shortcuts/index.js';
import { commandLine, normalKey, planInstall, runsShortcut, SHORTCUTS, shellWords } from '../../src/core/desktop/shortcuts/keys.js';
import { parseDump } from '../../src/core/desktop/shortcuts/mate.js';
import { printedShortcuts } from '../../src/core/desktop/shortcuts/print.js';
import { parseListing } from '../../src/core/desktop/shortcuts/xfce.js';
import { WallpaperError } from '../../src/core/errors.js';

const [next, back, favorite, hide] = SHORTCUTS;

t.test('one key however the desktops write it', async (t) => {
  const table: [string, string | undefined][] = [
    ['<Super><Alt>Right', 'alt+super+right'],
    ['<Alt><Super>Right', 'alt+super+right'],
    ['<Mod4><Mod1>right', 'alt+super+right'],
    ['<Primary><Alt>Left', 'alt+control+left'],
    ['<Ctrl><Alt>Left', 'alt+control+left'],
    ['<Super>Up', 'super+up'],
    ['disabled', undefined],
    ['', undefined],
    ['<Super>', undefined],
  ];
  for (const [written, normal] of table) t.equal(normalKey(written), normal, written);
});

t.test('a key held by anything but ours is left alone; the others are installed', async (t) => {
  const table: { name: string; bindings: { key: string; holder: string; ours?: string }[]; taken: string[] }[] = [
    { name: 'nothing bound', bindings: [], taken: [] },
    {
      name: "the desktop's own, in another spelling",
      bindings: [{ key: '<Alt><Super>Right', holder: 'wm' }],
      taken: ['wallpaper-next'],
    },
    { name: 'Mod4/Mod1 names', bindings: [{ key: '<Mod4><Mod1>Down', holder: 'wm' }], taken: ['wallpaper-hide'] },
    {
      name: 'ours already there: replaced, not taken',
      bindings: [{ key: '<Super><Alt>Up', holder: 'x', ours: 'wallpaper-favorite' }],
      taken: [],
    },
    {
      name: 'other modifiers are another key',
      bindings: [
        { key: '<Super><Shift>Right', holder: 'wm' },
        { key: '<Super>Left', holder: 'wm' },
        { key: '<Control><Super><Alt>Up', holder: 'wm' },
      ],
      taken: [],
    },
    {
      name: 'all four held (GNOME 43 as shipped)',
      bindings: ['<Super><Alt>Left', '<Super><Alt>Right', '<Super><Alt>Up', '<Super><Alt>Down'].map((key) => ({ key, holder: 'gnome' })),
      taken: ['wallpaper-next', 'wallpaper-back', 'wallpaper-favorite', 'wallpaper-hide'],
    },
  ];
  for (const row of table) {
    const planned = planInstall(row.bindings, ['Super', 'Alt']);
    t.same(
      planned.filter((plan) => plan.taken).map((plan) => plan.shortcut.name),
      row.taken,
      row.name,
    );
    t.equal(planned.length, 4, `${row.name}: every shortcut planned`);
  }
});

t.test('the command line a shortcut runs, and recognising ours read back', async (t) => {
  const program = ['/usr/bin/node', '/opt/wall paper/bin/wallpaper.js', '--home', "/home/o'neil/walls"];
  const line = commandLine([...program, ...favorite!.action]);
  t.equal(line, "/usr/bin/node '/opt/wall paper/bin/wallpaper.js' --home '/home/o'\\''neil/walls' favorite current");
  t.same(shellWords(line), [...program, 'favorite', 'current'], 'the words come back as given');
  t.same(shellWords(`a "b \\"c\\"" 'd e'f`), ['a', 'b "c"', 'd ef']);
  const table: [string, boolean][] = [
    [line, true],
    ['/usr/bin/wallpaper favorite current', true],
    ['wallpaper --home /x favorite current', true],
    ['/usr/bin/wallpaper next', false],
    ['xfce4-terminal favorite current', false],
    ['/usr/bin/wallpapers favorite current', false],
  ];
  for (const [command, ours] of table) t.equal(runsShortcut(command, favorite!), ours, command);
  t.equal(runsShortcut('wallpaper next', next!), true);
  t.equal(runsShortcut('wallpaper back', back!), true);
  t.equal(runsShortcut('wallpaper hide current', hide!), true);
});

t.test('--print: sway, i3 and Hyprland lines and KDE steps with the same command', async (t) => {
  const text = printedShortcuts(['/usr/bin/node', '/opt/w/bin/wallpaper.js', '--home', '/home/a/my walls']);
  const command = (action: string) => `/usr/bin/node /opt/w/bin/wallpaper.js --home '/home/a/my walls' ${action}`;
  const lines = text.split('\n');
  for (const [arrow, action] of [
    ['Right', 'next'],
    ['Left', 'back'],
    ['Up', 'favorite current'],
    ['Down', 'hide current'],
  ]) {
    t.ok(lines.includes(`bindsym Mod4+Mod1+${arrow} exec ${command(action!)}`), `sway ${arrow}`);
    t.ok(lines.includes(`bindsym Mod4+Mod1+${arrow} exec --no-startup-id ${command(action!)}`), `i3 ${arrow}`);
    t.ok(lines.includes(`bind = SUPER ALT, ${arrow}, exec, ${command(action!)}`), `Hyprland ${arrow}`);
    t.ok(lines.includes(`#   Super+Ctrl+Alt+${arrow}: ${command(action!)}`), `KDE ${arrow}`);
  }
  t.match(text, /Custom Shortcuts > Edit > New > Global Shortcut > Command\/URL/);
  t.match(text, /# {3}Super\+Ctrl\+Alt\+Right: /, "KDE: Super+Ctrl+Alt, as Plasma's own Meta+Alt+arrows switch windows");
  const asked = printedShortcuts(['wallpaper'], ['Super', 'Ctrl', 'Alt', 'Shift']).split('\n');
  t.ok(asked.includes('bindsym Mod4+Control+Mod1+Shift+Left exec wallpaper back'), 'sway with --keys');
  t.ok(asked.includes('bind = SUPER CTRL ALT SHIFT, Up, exec, wallpaper favorite current'), 'Hyprland with --keys');
  t.ok(asked.includes('#   Super+Ctrl+Alt+Shift+Down: wallpaper hide current'), 'KDE with --keys');
  t.equal(lines.filter((line) => line.startsWith('bindsym')).length, 8, 'four for sway, four for i3');
});

t.test("the desktops' tools' output as read", async (t) => {
  t.same(stringsIn("['<Super>Page_Down', '<Super><Alt>Right']"), ['<Super>Page_Down', '<Super><Alt>Right']);
  t.same(stringsIn('@as []'), []);
  t.same(stringsIn(`"it's"`), ["it's"]);
  t.same(stringsIn("'a \\'b\\''"), ["a 'b'"]);
  t.equal(gvStrings([]), '@as []');
  t.equal(gvStrings(["o'x"]), "['o\\'x']");
  const own = ownBindings(
    'org.gnome.desktop.wm.keybindings',
    new Map([
      ['switch-to-workspace-right', "['<Super>Page_Down', '<Super><Alt>Right', '<Control><Alt>Right']"],
      ['help', "'<Super>F1'"],
      ['custom-keybindings', "['/org/x/']"],
    ]),
    'GNOME',
    ['custom-keybindings'],
  );
  t.same(
    own.find((binding) => binding.key === '<Super><Alt>Right'),
    {
      key: '<Super><Alt>Right',
      holder: "GNOME's switch-to-workspace-right (org.gnome.desktop.wm.keybindings)",
      free: `gsettings set org.gnome.desktop.wm.keybindings switch-to-workspace-right "['<Super>Page_Down', '<Control><Alt>Right']"`,
    },
    'a list key: freed by setting its other keys',
  );
  t.equal(own.find((binding) => binding.key === '<Super>F1')?.free, `gsettings set org.gnome.desktop.wm.keybindings help "''"`);
  t.notOk(
    own.some((binding) => binding.key === '/org/x/'),
    'skipped keys are not bindings',
  );
  const dump = parseDump(
    "[custom0]\naction='xterm'\nbinding='<Super><Alt>Up'\nname='Term'\n\n[wallpaper-next]\nbinding='<Super><Alt>Right'\n",
  );
  t.same([...dump.keys()], ['custom0', 'wallpaper-next']);
  t.equal(dump.get('custom0')?.get('binding'), "'<Super><Alt>Up'");
  const listing = parseListing(
    '/commands/custom/<Alt><Super>Right         /usr/bin/node /x/wallpaper.js next\n/commands/custom/override  true\n',
  );
  t.equal(listing.get('/commands/custom/<Alt><Super>Right'), '/usr/bin/node /x/wallpaper.js next');
  t.equal(listing.get('/commands/custom/override'), 'true');
});

t.test('elsewhere: an error naming the desktop and suggesting --print; --print works anywhere', async (t) => {
  const table: [NodeJS.ProcessEnv, RegExp][] = [
    [{ XDG_CURRENT_DESKTOP: 'KDE' }, /this session is KDE Plasma \(XDG_CURRENT_DESKTOP=KDE\)/],
    [{ XDG_CURRENT_DESKTOP: 'sway' }, /this session is sway/],
    [{ XDG_CURRENT_DESKTOP: 'LXQt' }, /this session is LXQt \(XDG_CURRENT_DESKTOP=LXQt\)/],
    [{}, /no desktop session recognised/],
  ];
  for (const [env, words] of table) {
    const shortcuts = openShortcuts({ PATH: '/usr/bin:/bin', ...env });
    for (const action of [() => shortcuts.install(['wallpaper']), () => shortcuts.list(), () => shortcuts.remove()]) {
      const error = await action().then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      t.ok(error instanceof WallpaperError && error.code === 'no_desktop', `${JSON.stringify(env)}: no_desktop`);
      t.match((error as Error).message, words);
      t.match((error as Error).message, /on GNOME, Cinnamon, MATE and Xfce.*`wallpaper shortcuts install --print`/);
    }
    t.match(shortcuts.print(['wallpaper']), /bindsym Mod4\+Mod1\+Right exec wallpaper next/);
  }
  const error = await openShortcuts({ PATH: '/nonexistent', XDG_CURRENT_DESKTOP: 'GNOME' })
    .list()
    .catch((thrown: unknown) => thrown);
  t.match((error as Error).message, /GNOME detected, but gsettings is not on PATH/);
});
