// `wallpaper colors --apply` on a real terminal (docs/colors.md#apply), inside the X11 session the
// suite already runs: an xterm with a white background, screenshot before and after; after `colors
// --apply` its background is the scheme's, and `xrdb -query` gives the scheme's colours. With the
// `colors` setting at `apply`, the schedule's own timer recolours it: `schedule --every 30m` writes
// its systemd timer and service (handed to a recording systemctl: no user manager runs here, see
// test/fixtures/fake-systemctl), and the service's ExecStart is run as the timer starts it, on a
// libfaketime clock moved to each firing (every 30 minutes): it changes the wallpaper and the xterm
// takes the new scheme's colours; fired again within the 30 minutes, it changes nothing.
// Then a real kitty opened with the written kitty.conf shows the scheme's background (kitty draws
// with Mesa's software OpenGL on Xvfb). The terminals and the CLI run as the unprivileged `nobody`,
// so --apply writes only to that user's pseudo-terminals: never to another suite's, run as root.
import { execFile, spawn } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Test } from 'tap';
import { BIN, spawnCollect } from '../cli.js';
import { writeImage } from '../fixtures.js';
import { steppedClock } from '../stepped-clock.js';
import { eventually } from '../serve.js';
import { isColour, screenColours, waitForScreen } from './screen.js';
import type { Desktop } from './session.js';

const run = promisify(execFile);
const NOBODY = 65534;
/** Where the xterm is (80x24 of the fixed 6x13 font, at the top left; no window manager). */
const TERMINAL = [{ name: 'xterm', x: 0, y: 0, width: 480, height: 300 }];
/** Well inside a kitty window of 480x300 at the top left. */
const KITTY = [{ name: 'kitty', x: 20, y: 20, width: 320, height: 200 }];
const FAKE_SYSTEMCTL = fileURLToPath(new URL('../../fixtures/fake-systemctl', import.meta.url));

/** The words of a systemd ExecStart= value, unquoted as systemd does for the ones units.ts writes. */
function execStartWords(value: string): string[] {
  return [...value.matchAll(/"((?:\\.|[^"\\])*)"|(\S+)/g)].map((match) =>
    (match[1] ?? match[2]!).replace(/\\(.)/g, '$1').replace(/\$\$/g, '$').replace(/%%/g, '%'),
  );
}

/** The service's Environment= pairs and its last ExecStart= (the change itself). */
function serviceCommand(service: string): { env: Record<string, string>; argv: string[] } {
  const lines = service.split('\n');
  const env = Object.fromEntries(
    lines
      .filter((line) => line.startsWith('Environment='))
      .map((line) => execStartWords(line.slice('Environment='.length))[0]!.split(/=(.*)/s).slice(0, 2)),
  );
  const exec = lines.filter((line) => line.startsWith('ExecStart=') && !line.startsWith('ExecStart=-')).at(-1)!;
  return { env, argv: execStartWords(exec.slice('ExecStart='.length)) };
}

// `env -u NODE_OPTIONS`: tap adds its loaders to a spawned node, which would write tap's process
// records where nobody may not.
const AS_NOBODY = ['-u', 'NODE_OPTIONS', 'setpriv', '--reuid', String(NOBODY), '--regid', String(NOBODY), '--clear-groups'];

/** The proofs' folder in the session, nobody's home in it, and the CLI run there as nobody. */
function colorsPlace(desktop: Desktop) {
  const dir = join(desktop.dir, 'colors');
  const home = join(dir, 'home');
  const env = { ...desktop.env, HOME: home, XDG_CACHE_HOME: join(home, 'cache') };
  const wallpaper = (...args: string[]) => spawnCollect('env', [...AS_NOBODY, process.execPath, BIN, '--home', home, ...args], env);
  return { dir, home, env, wallpaper };
}

/** A program started as nobody in a process group of its own, killed when `t` ends. */
function startAsNobody(t: Test, argv: string[], env: NodeJS.ProcessEnv): void {
  const child = spawn('env', [...AS_NOBODY, ...argv], { env, stdio: 'ignore', detached: true });
  t.teardown(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  });
}

export function colorsApplyProofs(t: Test, desktop: Desktop): void {
  t.test(
    "colors --apply recolours a real xterm and merges the Xresources; the schedule's timer recolours it with colors apply",
    async (t) => {
      const { dir, home, env, wallpaper } = colorsPlace(desktop);
      mkdirSync(home, { recursive: true });
      await writeImage(join(dir, 'pictures', 'navy.png'), { width: 640, height: 360, color: '#1e3a8a', format: 'png' });
      await writeImage(join(dir, 'pictures', 'sand.png'), { width: 640, height: 360, color: '#e8d5a8', format: 'png' });
      for (const path of [dir, home, join(dir, 'pictures')]) chownSync(path, NOBODY, NOBODY);
      chmodSync(dir, 0o755);
      t.equal((await wallpaper('scan', join(dir, 'pictures'), '--quiet')).code, 0);
      await wallpaper('config', 'set', 'set_command', 'true {path}');
      const first = await wallpaper('random', '--set', '--json');
      t.equal(first.code, 0, first.stderr);

      startAsNobody(t, ['xterm', '-geometry', '80x24+0+0', '-bg', '#ffffff', '-fg', '#000000', '-e', 'sleep', '600'], env);
      const terminalShows = (colour: string) => waitForScreen(desktop, TERMINAL, [colour], 30_000);
      let screen = await terminalShows('#ffffff');
      t.ok(screen.ok, `before: the xterm is white (${screen.seen})`);

      const applied = await wallpaper('colors', 'current', '--apply', '--mode', 'dark');
      t.equal(applied.code, 0, applied.stderr);
      t.match(applied.stderr, /colors applied to [1-9]\d* terminal\(s\); Xresources merged/);
      const scheme = JSON.parse(applied.stdout) as { id: string; background: string; foreground: string; colors: string[] };
      screen = await terminalShows(scheme.background);
      t.ok(screen.ok, `after: the xterm's background is the scheme's ${scheme.background} (${screen.seen})`);
      const query = (await run('xrdb', ['-query'], { env })).stdout;
      t.match(query, `*.background:\t${scheme.background}`, 'xrdb -query gives the background');
      t.match(query, `*.color4:\t${scheme.colors[4]}`, 'and the colours');

      // After every change: the setting, then the schedule's timer, its service run as systemd would.
      t.equal((await wallpaper('config', 'set', 'colors', 'apply')).code, 0);
      const bin = join(dir, 'bin');
      mkdirSync(bin, { recursive: true });
      copyFileSync(FAKE_SYSTEMCTL, join(bin, 'systemctl'));
      chmodSync(join(bin, 'systemctl'), 0o755);
      chmodSync(bin, 0o755);
      const scheduleEnv = { ...env, PATH: `${bin}:${desktop.env.PATH ?? '/usr/bin:/bin'}`, FAKE_LOG: join(home, 'systemctl.log') };
      const scheduled = await spawnCollect(
        'env',
        [...AS_NOBODY, process.execPath, BIN, '--home', home, 'schedule', '--every', '30m'],
        scheduleEnv,
      );
      t.equal(scheduled.code, 0, scheduled.stderr);
      const units = join(home, '.config', 'systemd', 'user');
      t.match(
        readFileSync(join(units, 'wallpaper-random.timer'), 'utf8'),
        /^OnCalendar=\*-\*-\* \*:00\/30:00$/m,
        'the timer fires every 30 minutes',
      );
      const service = serviceCommand(readFileSync(join(units, 'wallpaper-random.service'), 'utf8'));
      t.match(service.argv.join(' '), /random --set --if-due 29m$/, "the service's command");
      const clock = steppedClock(dir, new Date().toISOString().slice(0, 19).replace('T', ' '));
      // The service's command, as the timer starts it at the clock's time; the clock's variables after
      // setpriv, so that libfaketime's shared memory is nobody's, not root's.
      const onClock = Object.entries(clock.env).map(([name, value]) => `${name}=${value}`);
      const timerFires = () => spawnCollect('env', [...AS_NOBODY, 'env', ...onClock, ...service.argv], { ...env, ...service.env });
      // The timer fires every 30 minutes; its first run is due (no run of it changed anything yet), and
      // random may put the same picture on again, so the clock moves on to the next firing until the
      // screen changed.
      const start = Date.now();
      let changed = scheme;
      for (let i = 0; i <= 5 && changed.id === scheme.id; i++) {
        clock.set(new Date(start + i * 30 * 60_000 + 1000).toISOString().slice(0, 19).replace('T', ' '));
        const fired = await timerFires();
        t.equal(fired.code, 0, fired.stderr);
        changed = JSON.parse((await wallpaper('colors', 'current')).stdout);
      }
      t.not(changed.id, scheme.id, 'the timer put another wallpaper on the screen');
      t.not(changed.background, scheme.background, 'whose scheme differs');
      screen = await terminalShows(changed.background);
      t.ok(screen.ok, `the timer's change recoloured the xterm to ${changed.background} (${screen.seen})`);
      const again = await timerFires();
      t.equal(again.code, 0, again.stderr);
      t.equal(again.stdout, '', 'fired again within the 30 minutes: not due, nothing changed');
      t.equal(JSON.parse((await wallpaper('colors', 'current')).stdout).id, changed.id, 'the same wallpaper on the screen');
    },
  );

  t.test('a real kitty opened with the written kitty.conf shows the scheme', async (t) => {
    const { home, env, wallpaper } = colorsPlace(desktop);
    const written = await wallpaper('colors', 'current', '--write', '--mode', 'light');
    t.equal(written.code, 0, written.stderr);
    const scheme = JSON.parse(written.stdout) as { background: string };
    const file = join(home, 'colors', 'kitty.conf');
    t.match(readFileSync(file, 'utf8'), `background ${scheme.background}\n`);
    // Not yet that colour there: the xterm of the test before, killed at its end, is gone.
    const before = await eventually(async () => !isColour((await screenColours(desktop, KITTY))[0]!, scheme.background), 30_000);
    t.ok(before, `before kitty, the place does not show ${scheme.background}`);
    const size = ['-o', 'initial_window_width=480', '-o', 'initial_window_height=300', '-o', 'remember_window_size=no'];
    startAsNobody(t, ['kitty', '--config', file, ...size, 'sleep', '600'], env);
    const screen = await waitForScreen(desktop, KITTY, [scheme.background], 30_000);
    t.ok(screen.ok, `kitty's background is the scheme's ${scheme.background} (${screen.seen})`);
  });
}
