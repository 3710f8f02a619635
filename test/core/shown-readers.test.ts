// How `current` reads KDE Plasma and swaybg back (docs/design.md#the-wallpaper-on-screen), as tables: the images per output
// of a swaybg command line (what sway's own swaybg and ours were started with), the lines the Plasma
// read script prints; and our own swaybg read back from the running daemon. The real sway and Plasma
// are read back in test/desktop/sway.test.ts and kde.test.ts, by screenshot.
import { chmod, copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { setEachMonitor, setWallpaper, shownOnDesktop, type SetterOptions } from '../../src/core/desktop/setters/index.js';
import { parsePlasmaImages } from '../../src/core/desktop/setters/kde.js';
import { swaybgImages } from '../../src/core/desktop/setters/shown-sway.js';

const FAKE = fileURLToPath(new URL('../fixtures/fake-setters/record', import.meta.url));

t.test('the image per output of a swaybg command line', async (t) => {
  const cases: [string, string[], [string, string][]][] = [
    ['no -o: every output', ['swaybg', '-i', '/w/a.png', '-m', 'fill'], [['*', '/w/a.png']]],
    [
      "sway's: each output its own",
      ['swaybg', '-o', 'DP-1', '-i', '/w/a.png', '-m', 'fill', '-o', 'DP-2', '-i', '/w/b b.png', '-m', 'fit'],
      [
        ['DP-1', '/w/a.png'],
        ['DP-2', '/w/b b.png'],
      ],
    ],
    ['a plain colour has no image', ['swaybg', '-o', 'DP-1', '-c', '#102030', '-o', 'DP-2', '-i', '/w/b.png'], [['DP-2', '/w/b.png']]],
    [
      'long options, = forms, a fallback colour',
      ['swaybg', '--output=*', '--image', '/w/a.png', '--mode=fill', '--color', '#000000', '--output', 'HDMI-A-1', '--image=/w/c.png'],
      [
        ['*', '/w/a.png'],
        ['HDMI-A-1', '/w/c.png'],
      ],
    ],
    ['nothing', ['swaybg'], []],
  ];
  for (const [name, argv, expected] of cases) t.same([...swaybgImages(argv)], expected, name);
});

t.test("the Plasma read script's lines: each screen's corner and image, other plugins left out", async (t) => {
  const printed = [
    '0,0\torg.kde.image\tfile:///w/a.png',
    '1920,0\torg.kde.image\t/w/b.png',
    '3840,0\torg.kde.slideshow\t',
    '0,1080\torg.kde.image\t',
    'js: a warning Plasma printed',
    '',
  ].join('\n');
  t.same(parsePlasmaImages(printed), [
    { x: 0, y: 0, image: 'file:///w/a.png' },
    { x: 1920, y: 0, image: '/w/b.png' },
  ]);
});

t.test('our own swaybg is read back from the daemon that runs; none running: cannot tell', async (t) => {
  const dir = t.testdir({ bin: {} });
  await copyFile(FAKE, path.join(dir, 'bin', 'swaybg'));
  await chmod(path.join(dir, 'bin', 'swaybg'), 0o755);
  const log = path.join(dir, 'calls.log');
  const [a, b] = [path.join(dir, 'a.png'), path.join(dir, 'b.png')];
  await writeFile(a, 'x');
  await writeFile(b, 'x');
  const options: SetterOptions = {
    env: { PATH: path.join(dir, 'bin'), FAKE_LOG: log, XDG_RUNTIME_DIR: dir, XDG_CURRENT_DESKTOP: 'river', WAYLAND_DISPLAY: 'wayland-1' },
    platform: 'linux',
  };
  t.teardown(async () => {
    const pids = (await readFile(`${log}.swaybg-pids`, 'utf8').catch(() => '')).split('\n').filter(Boolean);
    for (const pid of pids) {
      try {
        process.kill(-Number(pid), 'SIGKILL');
      } catch {
        // already stopped
      }
    }
  });
  t.equal(await shownOnDesktop(options), undefined, 'no swaybg of ours: the history answers');
  await setWallpaper(a, options);
  t.same(await shownOnDesktop(options), [{ monitor: null, slot: null, path: a }], 'one image for every output');
  const monitor = (name: string, x: number) => ({ name, width: 100, height: 100, x, y: 0, primary: x === 0 });
  await setEachMonitor(
    [
      { monitor: monitor('DP-1', 0), file: b },
      { monitor: monitor('DP-2', 100), file: a },
    ],
    options,
  );
  t.same(
    await shownOnDesktop(options),
    [
      { monitor: 'DP-1', slot: null, path: b },
      { monitor: 'DP-2', slot: null, path: a },
    ],
    'each output its own, from the daemon now running',
  );
});
