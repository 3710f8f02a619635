// One real compositor end to end: headless sway with two outputs, the second rotated to portrait by
// `transform 90`; `wallpaper random --set` on a library of known colours; then grim screenshots of
// each output show a different image, each of its output's orientation. Then waybar's tray hosts
// `wallpaper tray`: registered, the icon in the bar is the wallpaper, the menu's Next changes the screen.
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import { spawnCli } from '../helpers/cli.js';
import { proveFormats } from '../helpers/desktops/format-proofs.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';
import { onScreenProofs } from '../helpers/desktops/on-screen-proofs.js';
import { MIXED, makeLibrary, type Place } from '../helpers/desktops/screen.js';
import { trayOnHostCases } from '../helpers/desktops/tray-hosts.js';
import { BAR_HEIGHT, startWaybar } from '../helpers/desktops/waybar.js';
import { startHeadlessSway } from '../helpers/headless-sway.js';
import { eventually } from '../helpers/serve.js';

// Many cases in one file: at the suite's load on a machine half as fast as usual it took up to 148 s
// in fresh-clone runs, near tap's 180 s: a longer limit, so that only a hang ends it.
t.setTimeout(360_000);

const WIDE = ['#c03020', '#20a040', '#c0a020'];
const TALL = ['#2040c0', '#a020c0', '#20b0b0'];

/** The mean colour of an image, as [r, g, b]. Read as bytes: libvips caches decoded files by name,
 * and the screenshot is taken again into the same file. */
async function meanColour(file: string): Promise<number[]> {
  const { channels } = await sharp(readFileSync(file)).stats();
  return channels.slice(0, 3).map((channel) => Math.round(channel.mean));
}

const hex = (colour: string) => [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16));
const near = (a: number[], b: number[]) => a.every((value, i) => Math.abs(value - b[i]!) <= 8);

t.test('random --set on headless sway: each output shows its own pick, of its own orientation', async (t) => {
  const sway = await startHeadlessSway(t);
  if (typeof sway === 'string') {
    t.plan(0, `skipped: headless sway cannot run here: ${sway}`);
    return;
  }
  const root = tempDir(t);
  // sway's swaybg runs as sway's user and must read the pictures.
  chmodSync(root, 0o755);
  const colourOf = new Map<string, string>();
  for (const [i, colour] of WIDE.entries())
    colourOf.set(await writeImage(join(root, 'walls', `wide-${i}.jpg`), { width: 1280, height: 720, color: colour }), colour);
  for (const [i, colour] of TALL.entries())
    colourOf.set(await writeImage(join(root, 'walls', `tall-${i}.jpg`), { width: 720, height: 1280, color: colour }), colour);
  const env = { ...sway.env, PATH: '/usr/bin:/bin', WALLPAPER_MONITORS: '', DISPLAY: '' };
  const home = join(root, 'home');
  t.equal((await spawnCli(['--home', home, 'scan', join(root, 'walls'), '--quiet'], env)).code, 0);

  const monitors = await spawnCli(['--home', home, 'monitors', '--json'], env);
  t.same(
    JSON.parse(monitors.stdout).map((m: { name: string; width: number; height: number }) => [m.name, m.width, m.height]),
    [
      ['HEADLESS-1', 1280, 720],
      ['HEADLESS-2', 720, 1280],
    ],
    'the rotated output is portrait',
  );

  for (let run = 0; run < 2; run++) {
    const result = await spawnCli(['--home', home, 'random', '--set', '--json'], env);
    t.equal(result.code, 0, result.stderr);
    const picks = JSON.parse(result.stdout) as { monitor: string; wallpaper: { path: string; orientation: string } }[];
    t.same(
      picks.map((pick) => [pick.monitor, pick.wallpaper.orientation]),
      [
        ['HEADLESS-1', 'landscape'],
        ['HEADLESS-2', 'portrait'],
      ],
    );
    for (const pick of picks) {
      const shot = join(root, `${pick.monitor}-${run}.png`);
      const expected = hex(colourOf.get(pick.wallpaper.path)!);
      // swaybg draws a moment after swaymsg returns.
      const seen = await eventually(async () => {
        sway.screenshot(pick.monitor, shot);
        return near(await meanColour(shot), expected);
      }, 10_000);
      t.ok(seen, `${pick.monitor} shows ${colourOf.get(pick.wallpaper.path)} (run ${run + 1})`);
      const { width, height } = await sharp(shot).metadata();
      t.equal(width! < height!, pick.monitor === 'HEADLESS-2', `${pick.monitor}: the screenshot has the output's orientation`);
    }
  }

  // A JPEG XL, a HEIC and an SVG set through a rendition (a block of its own, on this session).
  const proofs = join(root, 'format-proofs');
  await proveFormats(t, {
    dir: proofs,
    home: join(proofs, 'home'),
    run: (args) => spawnCli(['--home', join(proofs, 'home'), ...args], env),
    look: async (colour) => {
      const seen: string[] = [];
      const ok = await eventually(async () => {
        seen.length = 0;
        for (const output of ['HEADLESS-1', 'HEADLESS-2']) {
          const shot = join(root, `${output}-proof.png`);
          sway.screenshot(output, shot);
          seen.push(`${output} ${(await meanColour(shot)).join(',')}`);
        }
        return seen.every((line) => near(line.split(' ')[1]!.split(',').map(Number), hex(colour)));
      }, 10_000);
      return { ok, seen };
    },
  });

  // current (read back from the swaybg sway runs), back and hide current on the same sway, by
  // screenshot of the whole layout.
  const places: Place[] = [
    { name: 'HEADLESS-1', x: 0, y: 0, width: 1280, height: 720 },
    { name: 'HEADLESS-2', x: 1280, y: 0, width: 720, height: 1280 },
  ];
  const desktop = {
    env,
    dir: join(root, 'on-screen'),
    screenshot: async (file: string) => void execFileSync('grim', [file], { env, stdio: 'ignore' }),
  };
  const showUnknown = async (file: string) => {
    chmodSync(join(desktop.dir, 'elsewhere'), 0o755);
    execFileSync('swaymsg', ['output', '*', 'bg', file, 'fill'], { env, stdio: 'ignore' });
  };
  const library = await makeLibrary(desktop.dir, MIXED);
  // waybar (below) first: its log stays open in this process, which the in-process runs must not see appear.
  const bus = await startWaybar(t, env);
  onScreenProofs(t, desktop, () => places, library, { showUnknown });

  // The tray on waybar's tray module (a bar along the top of each output), on a session bus of sway's user.
  if (!bus.startsWith('unix:')) t.test('the tray on waybar', (t) => t.plan(0, bus));
  else
    trayOnHostCases(t, { ...desktop, env: { ...env, DBUS_SESSION_BUS_ADDRESS: bus } }, library, {
      host: "waybar's tray",
      monitors: () => places,
      panel: { name: 'bar', x: 0, y: 0, width: 1280, height: BAR_HEIGHT },
      setArgs: ['--same'],
    });
});
