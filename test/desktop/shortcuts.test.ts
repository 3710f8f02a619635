// `wallpaper shortcuts` on the real settings of GNOME, Cinnamon, MATE and Xfce: each in a private HOME
// and session bus (dconf and xfconfd are activated on it as in a real session), the CLI run
// in-process, and everything read back with the desktops' own gsettings, dconf and xfconf-query. No
// desktop needs to run: the settings read back are the proof, and the desktops read them from there.
import { join } from 'node:path';
import t from 'tap';
import { BIN, commandFor, settingsSession as session, wallpaper } from '../helpers/desktops/shortcuts.js';
import { baseEnv, cannotRun, scratch } from '../helpers/desktops/session.js';

const GNOME_BASE = '/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/';
const GNOME_ENTRY = 'org.gnome.settings-daemon.plugins.media-keys.custom-keybinding';
const GNOME_LIST = ['org.gnome.settings-daemon.plugins.media-keys', 'custom-keybindings'];

const GSETTINGS = ['gsettings', 'dconf', 'dbus-run-session'];
/** The first key set asked for by name: these tests are about the taken-key rule on it. */
const SUPER_ALT = ['--keys', 'Super+Alt'];
const gnomeSkip = cannotRun(
  [...GSETTINGS, '/usr/share/glib-2.0/schemas/org.gnome.settings-daemon.plugins.media-keys.gschema.xml'],
  'libglib2.0-bin dconf-cli dbus gnome-settings-daemon-common',
);

t.test(
  'GNOME: as shipped every key is taken; freed ones are installed, read back, listed and removed without a trace',
  { skip: gnomeSkip ?? false },
  async (t) => {
    const s = await session(t, 'gnome', 'GNOME');

    // GNOME 43's own bindings hold all four keys (workspaces, the overview): nothing is written.
    const shipped = await s.cli('shortcuts', 'install', ...SUPER_ALT);
    t.equal(shipped.code, 0, 'a taken key is not a failure');
    t.match(shipped.stdout, /^Keys: Super\+Alt\+arrows \(--keys\)\n/);
    t.match(
      shipped.stdout,
      /left alone Super\+Alt\+Right \(next\): taken by GNOME's switch-to-workspace-right \(org\.gnome\.desktop\.wm\.keybindings\)/,
    );
    t.match(
      shipped.stdout,
      /left alone Super\+Alt\+Up \(favorite current\): taken by GNOME's shift-overview-up \(org\.gnome\.shell\.keybindings\)/,
    );
    t.match(shipped.stdout, /Nothing installed: every key is taken on GNOME/);
    t.equal(await s.tool('dconf', 'dump', '/org/gnome/settings-daemon/'), '', 'nothing written');

    // The user frees three keys with the printed commands, and has a custom shortcut on the fourth.
    for (const line of shipped.stdout.split('\n').filter((line) => !line.includes('Super+Alt+Down'))) {
      const free = /to free it: gsettings set (\S+) (\S+) "(.*)"$/.exec(line);
      if (free) await s.tool('gsettings', 'set', free[1]!, free[2]!, free[3]!);
    }
    t.equal(
      await s.tool('gsettings', 'get', 'org.gnome.desktop.wm.keybindings', 'switch-to-workspace-right'),
      "['<Super>Page_Down', '<Control><Alt>Right']",
    );
    await s.tool('gsettings', 'set', 'org.gnome.shell.keybindings', 'shift-overview-down', '@as []');
    const mine = `${GNOME_BASE}custom0/`;
    await s.tool('gsettings', 'set', `${GNOME_ENTRY}:${mine}`, 'name', 'Terminal');
    await s.tool('gsettings', 'set', `${GNOME_ENTRY}:${mine}`, 'command', 'xterm');
    await s.tool('gsettings', 'set', `${GNOME_ENTRY}:${mine}`, 'binding', '<Alt><Super>Down');
    await s.tool('gsettings', 'set', ...GNOME_LIST, `['${mine}']`);

    // Without the session's bus (cron, ssh), gsettings exits 0 but dconf keeps nothing: an error.
    const { DBUS_SESSION_BUS_ADDRESS: _, ...busless } = s.env;
    const lost = await wallpaper(busless, ['--home', s.home, 'shortcuts', 'install', ...SUPER_ALT]);
    t.equal(lost.code, 1, 'not kept: a failure');
    t.match(
      lost.stderr,
      /GNOME's settings accepted the change but 3 shortcut\(s\) did not read back installed: the desktop session's settings are not reachable/,
    );
    t.equal(await s.tool('gsettings', 'get', ...GNOME_LIST), `['${mine}']`, 'nothing changed');

    const installed = await s.cli('shortcuts', 'install', ...SUPER_ALT);
    t.equal(installed.code, 0);
    t.match(installed.stdout, /installed Super\+Alt\+Right: wallpaper next/);
    t.match(installed.stdout, /left alone Super\+Alt\+Down \(hide current\): taken by the custom shortcut "Terminal" \(xterm\)/);
    t.equal(
      await s.tool('gsettings', 'get', ...GNOME_LIST),
      `['${mine}', '${GNOME_BASE}wallpaper-next/', '${GNOME_BASE}wallpaper-back/', '${GNOME_BASE}wallpaper-favorite/']`,
      "the user's shortcut first, ours after",
    );
    const read = (name: string, key: string) => s.tool('gsettings', 'get', `${GNOME_ENTRY}:${GNOME_BASE}${name}/`, key);
    t.equal(await read('wallpaper-next', 'binding'), "'<Super><Alt>Right'");
    t.equal(await read('wallpaper-next', 'command'), `'${commandFor(s, 'next')}'`, 'this node, this bin, this library');
    t.equal(await read('wallpaper-favorite', 'command'), `'${commandFor(s, 'favorite current')}'`);
    t.equal(await read('wallpaper-back', 'name'), "'Wallpaper: back'");

    const listed = await s.cli('shortcuts', 'list', '--json');
    t.same(JSON.parse(listed.stdout), [
      { key: 'Super+Alt+Right', action: 'next', binding: '<Super><Alt>Right', command: commandFor(s, 'next') },
      { key: 'Super+Alt+Left', action: 'back', binding: '<Super><Alt>Left', command: commandFor(s, 'back') },
      { key: 'Super+Alt+Up', action: 'favorite current', binding: '<Super><Alt>Up', command: commandFor(s, 'favorite current') },
    ]);
    t.match((await s.cli('shortcuts', 'list')).stdout, /^Super\+Alt\+Right\tnext\t/);

    // Installing again changes nothing but the commands (ours are not "taken" by themselves).
    t.equal((await s.cli('shortcuts', 'install', ...SUPER_ALT)).code, 0);
    t.equal((await s.tool('gsettings', 'get', ...GNOME_LIST)).split(',').length, 4, 'no duplicates in the list');

    const removed = await s.cli('shortcuts', 'remove');
    t.equal(removed.code, 0);
    t.match(removed.stdout, /removed Super\+Alt\+Right \(next\)/);
    t.equal(await s.tool('gsettings', 'get', ...GNOME_LIST), `['${mine}']`, 'the list as it was');
    t.equal(
      await s.tool('dconf', 'dump', GNOME_BASE),
      "[custom0]\nbinding='<Alt><Super>Down'\ncommand='xterm'\nname='Terminal'",
      'nothing of ours left',
    );
    t.match((await s.cli('shortcuts', 'list')).stdout, /No shortcuts installed on GNOME/);

    // A list that was never set is unset again after remove, not set to an equal empty list.
    await s.tool('gsettings', 'reset', ...GNOME_LIST);
    await s.tool('gsettings', 'set', 'org.gnome.shell.keybindings', 'shift-overview-up', '@as []');
    await s.cli('shortcuts', 'install', ...SUPER_ALT);
    await s.cli('shortcuts', 'remove');
    t.notMatch(await s.tool('dconf', 'dump', '/org/gnome/settings-daemon/'), /custom-keybindings=|wallpaper-/, 'no trace');
  },
);

const CINNAMON_ENTRY = 'org.cinnamon.desktop.keybindings.custom-keybinding';
const CINNAMON_BASE = '/org/cinnamon/desktop/keybindings/custom-keybindings/';

const cinnamonSkip = cannotRun(
  [...GSETTINGS, '/usr/share/glib-2.0/schemas/org.cinnamon.desktop.keybindings.gschema.xml'],
  'libglib2.0-bin dconf-cli dbus cinnamon-desktop-data',
);

t.test(
  'Cinnamon: names in custom-list, bindings as lists; another custom shortcut keeps its key',
  { skip: cinnamonSkip ?? false },
  async (t) => {
    const s = await session(t, 'cinnamon', 'X-Cinnamon');
    await s.tool('gsettings', 'set', `${CINNAMON_ENTRY}:${CINNAMON_BASE}custom0/`, 'binding', "['<Super><Alt>Left']");
    await s.tool('gsettings', 'set', `${CINNAMON_ENTRY}:${CINNAMON_BASE}custom0/`, 'command', 'nemo');
    await s.tool('gsettings', 'set', 'org.cinnamon.desktop.keybindings', 'custom-list', "['__dummy__', 'custom0']");

    const installed = await s.cli('shortcuts', 'install', ...SUPER_ALT);
    t.equal(installed.code, 0);
    t.match(installed.stdout, /left alone Super\+Alt\+Left \(back\): taken by the custom shortcut "custom0" \(nemo\)/);
    t.equal(
      await s.tool('gsettings', 'get', 'org.cinnamon.desktop.keybindings', 'custom-list'),
      "['__dummy__', 'custom0', 'wallpaper-next', 'wallpaper-favorite', 'wallpaper-hide']",
    );
    const path = `${CINNAMON_ENTRY}:${CINNAMON_BASE}wallpaper-hide/`;
    t.equal(await s.tool('gsettings', 'get', path, 'binding'), "['<Super><Alt>Down']");
    t.equal(await s.tool('gsettings', 'get', path, 'command'), `'${commandFor(s, 'hide current')}'`);
    t.equal(JSON.parse((await s.cli('shortcuts', 'list', '--json')).stdout).length, 3);

    t.equal((await s.cli('shortcuts', 'remove')).code, 0);
    t.equal(await s.tool('gsettings', 'get', 'org.cinnamon.desktop.keybindings', 'custom-list'), "['__dummy__', 'custom0']");
    t.equal(await s.tool('dconf', 'dump', CINNAMON_BASE), "[custom0]\nbinding=['<Super><Alt>Left']\ncommand='nemo'");
  },
);

const MATE_SCHEMA = '/usr/share/glib-2.0/schemas/org.mate.control-center.keybinding.gschema.xml';

const MARCO_SCHEMA = '/usr/share/glib-2.0/schemas/org.mate.marco.gschema.xml';
const mateSkip = cannotRun(
  [...GSETTINGS, MATE_SCHEMA, MARCO_SCHEMA],
  'libglib2.0-bin dconf-cli dbus mate-control-center-common marco-common',
);

t.test(
  "MATE: a dconf folder per shortcut; Marco's and the other custom shortcuts' keys are left alone",
  { skip: mateSkip ?? false },
  async (t) => {
    const s = await session(t, 'mate', 'MATE');
    const folder = (name: string) => `org.mate.control-center.keybinding:/org/mate/desktop/keybindings/${name}/`;
    await s.tool('gsettings', 'set', folder('custom3'), 'name', 'Screenshot');
    await s.tool('gsettings', 'set', folder('custom3'), 'action', 'mate-screenshot');
    await s.tool('gsettings', 'set', folder('custom3'), 'binding', '<Mod4><Mod1>Up');
    await s.tool('gsettings', 'set', 'org.mate.Marco.global-keybindings', 'run-command-1', '<Super><Alt>Left');
    const before = await s.tool('dconf', 'dump', '/');

    const installed = await s.cli('shortcuts', 'install', ...SUPER_ALT);
    t.equal(installed.code, 0);
    t.match(
      installed.stdout,
      /left alone Super\+Alt\+Up \(favorite current\): taken by the custom shortcut "Screenshot" \(mate-screenshot\)/,
    );
    t.match(
      installed.stdout,
      /left alone Super\+Alt\+Left \(back\): taken by MATE's run-command-1 \(org\.mate\.Marco\.global-keybindings\)/,
    );
    t.equal(await s.tool('gsettings', 'get', folder('wallpaper-next'), 'binding'), "'<Super><Alt>Right'");
    t.equal(await s.tool('gsettings', 'get', folder('wallpaper-next'), 'action'), `'${commandFor(s, 'next')}'`);
    t.equal(await s.tool('gsettings', 'get', folder('wallpaper-hide'), 'name'), "'Wallpaper: hide current'");
    t.match((await s.cli('shortcuts', 'list')).stdout, /Super\+Alt\+Down\thide current\t/);

    t.equal((await s.cli('shortcuts', 'remove')).code, 0);
    t.equal(await s.tool('dconf', 'dump', '/'), before, 'dconf exactly as before install');
  },
);

const xfceSkip = cannotRun(['xfconf-query', 'dbus-run-session'], 'xfconf dbus');

t.test(
  "Xfce: one xfconf property per key; the user's and the window manager's keys are left alone; remove leaves the channel as it was",
  { skip: xfceSkip ?? false },
  async (t) => {
    const s = await session(t, 'xfce', 'XFCE');
    const channel = ['-c', 'xfce4-keyboard-shortcuts'];
    const listing = () => s.tool('xfconf-query', ...channel, '-l', '-v');
    const property = (name: string) => s.tool('xfconf-query', ...channel, '-p', name);

    // A profile Xfce never started: Xfce would replace /commands/custom with its defaults at its first
    // start, so install does that first (with override), and ours survive it.
    const fresh = await s.cli('shortcuts', 'install');
    t.equal(fresh.code, 0);
    t.match(fresh.stdout, /^Keys: Super\+Alt\+arrows, the first set Xfce leaves free\n/);
    t.equal(await property('/commands/custom/override'), 'true');
    t.equal(await property('/commands/custom/<Super>e'), 'thunar', "Xfce's defaults copied as its first start would");
    t.equal(await property('/commands/custom/<Alt><Super>Right'), commandFor(s, 'next'));
    t.equal(await property('/commands/custom/<Alt><Super>Down'), commandFor(s, 'hide current'));
    t.equal((await s.cli('shortcuts', 'remove')).code, 0);
    t.notMatch(await listing(), /wallpaper/, 'ours gone');

    // A key of the user's own (in another spelling) and one of the window manager's.
    await s.tool('xfconf-query', ...channel, '-p', '/commands/custom/<Super><Alt>Up', '-n', '-t', 'string', '-s', 'xfce4-terminal');
    await s.tool('xfconf-query', ...channel, '-p', '/xfwm4/custom/override', '-n', '-t', 'bool', '-s', 'true');
    await s.tool('xfconf-query', ...channel, '-p', '/xfwm4/custom/<Mod4><Mod1>Left', '-n', '-t', 'string', '-s', 'left_workspace_key');
    const before = await listing();

    const installed = await s.cli('shortcuts', 'install', ...SUPER_ALT);
    t.equal(installed.code, 0);
    t.match(installed.stdout, /left alone Super\+Alt\+Up \(favorite current\): taken by Xfce's shortcut running "xfce4-terminal"/);
    t.match(installed.stdout, /left alone Super\+Alt\+Left \(back\): taken by Xfce's window manager action left_workspace_key/);
    t.match(installed.stdout, /installed Super\+Alt\+Right: wallpaper next\ninstalled Super\+Alt\+Down: wallpaper hide current/);
    t.equal(await property('/commands/custom/<Super><Alt>Up'), 'xfce4-terminal', "the user's shortcut untouched");
    t.same(
      JSON.parse((await s.cli('shortcuts', 'list', '--json')).stdout).map((entry: { binding: string }) => entry.binding),
      ['<Alt><Super>Right', '<Alt><Super>Down'],
    );

    const removed = await s.cli('shortcuts', 'remove');
    t.match(removed.stdout, /removed Super\+Alt\+Right \(next\)\nremoved Super\+Alt\+Down \(hide current\)/);
    t.equal(await listing(), before, 'the channel exactly as before install');
  },
);

t.test('KDE Plasma: an error naming it and suggesting --print (exit 1); --print writes the lines', async (t) => {
  const dir = scratch(t, 'shortcuts-kde');
  const env = baseEnv(dir, { XDG_CURRENT_DESKTOP: 'KDE' });
  const refused = await wallpaper(env, ['shortcuts', 'install']);
  t.equal(refused.code, 1);
  t.match(
    refused.stderr,
    /^wallpaper: keyboard shortcuts are installed on GNOME, Cinnamon, MATE and Xfce, and this session is KDE Plasma \(XDG_CURRENT_DESKTOP=KDE\): `wallpaper shortcuts install --print`/,
  );
  for (const args of [
    ['--keys', 'Super+Hyper'],
    ['--keys', 'Super+Hyper', '--print'],
  ]) {
    const bad = await wallpaper(env, ['shortcuts', 'install', ...args]);
    t.equal(bad.code, 2, `${args.join(' ')}: a usage error`);
    t.match(
      bad.stderr,
      /^wallpaper: --keys "Super\+Hyper": "Hyper" is not a modifier; --keys takes modifiers joined by \+, from Super, Ctrl, Alt and Shift/,
    );
  }
  const printed = await wallpaper(env, ['--home', join(dir, 'lib'), 'shortcuts', 'install', '--print']);
  t.equal(printed.code, 0);
  t.match(printed.stdout, `bindsym Mod4+Mod1+Right exec ${process.execPath} ${BIN} --home ${join(dir, 'lib')} next`);
});
