// Two desktop faults once found on real desktops, at the depth where they live, against fake desktop tools that
// record their argv: Xfce's per-monitor set is all-or-nothing (every monitor's last-image property
// is found before any is set), and `--appearance auto` asks the running desktop's own setting after
// the portal (Plasma's kdeglobals on KDE, GNOME's key on GNOME), never another desktop's.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { colorScheme } from '../../src/core/desktop/session/appearance.js';
import { setEachMonitor } from '../../src/core/desktop/setters/index.js';
import { session } from '../helpers/fake-desktop.js';

const monitor = (name: string, x: number) => ({ name, width: 1920, height: 1080, x, y: 0, primary: x === 0 });

t.test('Xfce per monitor: one monitor without its property changes none', async (t) => {
  const s = await session(t, ['xfconf-query'], {
    XDG_CURRENT_DESKTOP: 'XFCE',
    FAKE_XFCONF_PROPS: '/backdrop/screen0/monitorDP-1/workspace0/last-image',
  });
  const files = await s.more(2);
  const assignments = [
    { monitor: monitor('DP-1', 0), file: files[0]! },
    { monitor: monitor('DP-2', 1920), file: files[1]! },
  ];
  await t.rejects(setEachMonitor(assignments, s.options), {
    code: 'setter_failed',
    message: /no last-image property for monitor DP-2 .*nothing was changed; use --same$/,
  });
  t.same(
    (await s.calls()).filter((call) => call.args.includes('-s')),
    [],
    'DP-1 was not set either',
  );
});

t.test("--appearance auto: the portal, then the running desktop's own setting", async (t) => {
  const cases: [string, NodeJS.ProcessEnv, 'light' | 'dark'][] = [
    ['KDE with GNOME\'s key saying "default": Plasma\'s BreezeDark wins', { XDG_CURRENT_DESKTOP: 'KDE' }, 'dark'],
    ['GNOME: its own key, not kdeglobals', { XDG_CURRENT_DESKTOP: 'GNOME' }, 'light'],
  ];
  for (const [label, env, expected] of cases) {
    const s = await session(t, ['gsettings', 'kreadconfig5'], env);
    const outputs = path.join(s.dir, 'outputs');
    mkdirSync(outputs, { recursive: true });
    writeFileSync(path.join(outputs, 'gsettings.get'), "'default'\n");
    writeFileSync(path.join(outputs, 'kreadconfig5.--file'), 'BreezeDark\n');
    t.equal(await colorScheme({ ...s.options.env, FAKE_OUTPUTS: outputs }), expected, label);
  }
  // Plasma without kreadconfig: its kdeglobals file itself.
  const s = await session(t, ['gsettings'], { XDG_CURRENT_DESKTOP: 'KDE' });
  const home = path.join(s.dir, 'home');
  mkdirSync(path.join(home, '.config'), { recursive: true });
  writeFileSync(path.join(home, '.config', 'kdeglobals'), '[General]\nColorScheme=BreezeDark\n\n[KDE]\nLookAndFeelPackage=x\n');
  t.equal(await colorScheme({ ...s.options.env, HOME: home }), 'dark', 'KDE: the kdeglobals file when kreadconfig is absent');
});
