// `wallpaper colors --apply` on a real terminal (docs/colors.md#apply), inside the X11 session the
// suite already runs: an xterm with a white background, screenshot before and after; after `colors
// --apply` its background is the scheme's, and `xrdb -query` gives the scheme's colours; with the
// `colors` setting at `apply`, the next change (`random --set`, what the schedule runs) recolours
// it again to the new wallpaper's scheme. The terminal and the CLI run as the unprivileged `nobody`,
// so --apply writes only to that user's pseudo-terminals: never to another suite's, run as root.
import { execFile, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Test } from 'tap';
import { BIN, spawnCollect } from '../cli.js';
import { writeImage } from '../fixtures.js';
import { waitForScreen } from './screen.js';
import type { Desktop } from './session.js';

const run = promisify(execFile);
const NOBODY = 65534;
/** Where the xterm is (80x24 of the fixed 6x13 font, at the top left; no window manager). */
const TERMINAL = [{ name: 'xterm', x: 0, y: 0, width: 480, height: 300 }];

export function colorsApplyProofs(t: Test, desktop: Desktop): void {
  t.test('colors --apply recolours a real xterm and merges the Xresources; colors apply does it at the next change', async (t) => {
    const dir = join(desktop.dir, 'colors');
    const home = join(dir, 'home');
    mkdirSync(home, { recursive: true });
    await writeImage(join(dir, 'pictures', 'navy.png'), { width: 640, height: 360, color: '#1e3a8a', format: 'png' });
    await writeImage(join(dir, 'pictures', 'sand.png'), { width: 640, height: 360, color: '#e8d5a8', format: 'png' });
    for (const path of [dir, home, join(dir, 'pictures')]) chownSync(path, NOBODY, NOBODY);
    chmodSync(dir, 0o755);
    const env = { ...desktop.env, HOME: home, XDG_CACHE_HOME: join(home, 'cache') };
    // `env -u NODE_OPTIONS`: tap adds its loaders to a spawned node, which would write tap's process
    // records where nobody may not.
    const asNobody = ['-u', 'NODE_OPTIONS', 'setpriv', '--reuid', String(NOBODY), '--regid', String(NOBODY), '--clear-groups'];
    const wallpaper = (...args: string[]) => spawnCollect('env', [...asNobody, process.execPath, BIN, '--home', home, ...args], env);
    t.equal((await wallpaper('scan', join(dir, 'pictures'), '--quiet')).code, 0);
    await wallpaper('config', 'set', 'set_command', 'true {path}');
    const first = await wallpaper('random', '--set', '--json');
    t.equal(first.code, 0, first.stderr);

    const xterm = spawn('env', [...asNobody, 'xterm', '-geometry', '80x24+0+0', '-bg', '#ffffff', '-fg', '#000000', '-e', 'sleep', '600'], {
      env,
      stdio: 'ignore',
      detached: true,
    });
    t.teardown(() => {
      try {
        process.kill(-xterm.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    });
    const terminalShows = (colour: string) => waitForScreen(desktop, TERMINAL, [colour], 30_000);
    let screen = await terminalShows('#ffffff');
    t.ok(screen.ok, `before: the xterm is white (${screen.seen})`);

    const applied = await wallpaper('colors', 'current', '--apply', '--mode', 'dark');
    t.equal(applied.code, 0, applied.stderr);
    t.match(applied.stderr, /colors applied to [1-9]\d* terminal\(s\); Xresources merged/);
    const scheme = JSON.parse(applied.stdout) as { background: string; foreground: string; colors: string[] };
    screen = await terminalShows(scheme.background);
    t.ok(screen.ok, `after: the xterm's background is the scheme's ${scheme.background} (${screen.seen})`);
    const query = (await run('xrdb', ['-query'], { env })).stdout;
    t.match(query, `*.background:\t${scheme.background}`, 'xrdb -query gives the background');
    t.match(query, `*.color4:\t${scheme.colors[4]}`, 'and the colours');

    // After every change: the setting, then a change as the schedule makes it.
    t.equal((await wallpaper('config', 'set', 'colors', 'apply')).code, 0);
    const before = JSON.parse(first.stdout) as { id: string };
    let next: { id: string } = before;
    for (let i = 0; i < 5 && next.id === before.id; i++) next = JSON.parse((await wallpaper('random', '--set', '--json')).stdout);
    t.not(next.id, before.id, 'another wallpaper went on the screen');
    const changed = JSON.parse((await wallpaper('colors', next.id)).stdout) as { background: string };
    t.not(changed.background, scheme.background, 'whose scheme differs');
    screen = await terminalShows(changed.background);
    t.ok(screen.ok, `the change recoloured the xterm to ${changed.background} (${screen.seen})`);
  });
}
