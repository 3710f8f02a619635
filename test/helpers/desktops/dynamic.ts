// The dynamic wallpapers' case inside the GNOME suite's session (docs/design.md#the-time-of-day; called from
// test/desktop/gnome.test.ts, in a block of its own): a GNOME timed XML set with `random --set` is
// handed to GNOME itself (picture-uri and picture-uri-dark read back with gsettings name the XML),
// GNOME plays it (the screen shows its frame: one frame all day here, so any time will do), and
// `current` names the XML's wallpaper. Its own library and home, so the suite's picks are untouched.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Test } from 'tap';
import { gnomeXml } from '../dynamic.js';
import { writeImage } from '../fixtures.js';
import { sessionEnv, wallpaperIn } from './cli.js';
import { type Place, waitForScreen } from './screen.js';
import type { Desktop } from './session.js';

const run = promisify(execFile);

export function dynamicOnGnome(t: Test, desktop: Desktop, monitors: readonly Place[]): void {
  t.test('a timed XML is handed to GNOME, which plays it (picture-uri read back)', async (t) => {
    const dir = join(desktop.dir, 'dynamic');
    const walls = join(dir, 'walls');
    mkdirSync(walls, { recursive: true });
    const colour = '#30a0d0';
    const frame = await writeImage(join(walls, 'sky.png'), { width: 1920, height: 1080, color: colour, format: 'png' });
    const xml = join(walls, 'sky-timed.xml');
    writeFileSync(xml, gnomeXml('2020-01-01 00:00:00', [[86400, frame]]));
    const home = join(dir, 'home');
    t.equal((await wallpaperIn(desktop, home, ['scan', walls, '--quiet'])).code, 0);
    const set = await wallpaperIn(desktop, home, ['random', '--set', '--search', 'sky-timed']);
    t.equal(set.code, 0, set.stderr);
    t.equal(set.stdout, `${xml}\n`, 'the XML is what was set');
    for (const key of ['picture-uri', 'picture-uri-dark']) {
      const { stdout } = await run('gsettings', ['get', 'org.gnome.desktop.background', key], { env: sessionEnv(desktop) });
      t.equal(stdout.trim(), `'file://${xml}'`, `${key} names the XML itself`);
    }
    const screen = await waitForScreen(
      desktop,
      monitors,
      monitors.map(() => colour),
    );
    t.ok(screen.ok, `GNOME plays it: its frame on the screen (seen ${screen.seen.join(', ')})`);
    const current = await wallpaperIn(desktop, home, ['current', '--json']);
    // One wallpaper everywhere: an array all the same (docs/design.md#the-wallpaper-on-screen), of one entry.
    const shown = (JSON.parse(current.stdout) as { wallpaper: { path: string; dynamic: unknown } }[])[0]!.wallpaper;
    t.same([shown.path, shown.dynamic], [xml, { kind: 'timed', frames: 1 }], 'current names the XML wallpaper');
  });
}
