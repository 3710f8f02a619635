// Two faults once found on real desktops, on a real compositor: headless sway (a 1280x720 output and a rotated
// 720x1280 one) with wallpapers too small for either (960x540 and 540x960: more than 1.25x
// upscaling), so every pick comes from the closest-fit tier. `--same` picks for the primary output:
// always landscape, and no wallpaper twice in a row (the oldest given back first); the screenshot
// of the primary output shows the reported pick.
import { chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import { spawnCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';
import { startHeadlessSway } from '../helpers/headless-sway.js';
import { eventually } from '../helpers/serve.js';

const WIDE = ['#c03020', '#20a040', '#c0a020'];
const TALL = ['#2040c0', '#a020c0'];

async function meanColour(file: string): Promise<number[]> {
  const { channels } = await sharp(readFileSync(file)).stats();
  return channels.slice(0, 3).map((channel) => Math.round(channel.mean));
}

const hex = (colour: string) => [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16));
const near = (a: number[], b: number[]) => a.every((value, i) => Math.abs(value - b[i]!) <= 8);

t.test('--same on headless sway with wallpapers smaller than the outputs: landscape, no repeats, on screen', async (t) => {
  const sway = await startHeadlessSway(t);
  if (typeof sway === 'string') {
    t.plan(0, `skipped: headless sway cannot run here: ${sway}`);
    return;
  }
  const root = tempDir(t);
  chmodSync(root, 0o755);
  const colourOf = new Map<string, string>();
  for (const [i, colour] of WIDE.entries())
    colourOf.set(await writeImage(join(root, 'walls', `wide-${i}.jpg`), { width: 960, height: 540, color: colour }), colour);
  for (const [i, colour] of TALL.entries())
    colourOf.set(await writeImage(join(root, 'walls', `tall-${i}.jpg`), { width: 540, height: 960, color: colour }), colour);
  const env = { ...sway.env, PATH: '/usr/bin:/bin', WALLPAPER_MONITORS: '', DISPLAY: '' };
  const home = join(root, 'home');
  t.equal((await spawnCli(['--home', home, 'scan', join(root, 'walls'), '--quiet'], env)).code, 0);

  const seen: string[] = [];
  for (let run = 0; run < 5; run++) {
    const result = await spawnCli(['--home', home, 'random', '--set', '--same', '--json'], env);
    t.equal(result.code, 0, result.stderr);
    const picked = JSON.parse(result.stdout) as { id: string; path: string; orientation: string };
    t.equal(picked.orientation, 'landscape', `run ${run + 1}: fits the landscape primary output`);
    if (seen.length > 0) t.not(picked.id, seen.at(-1), `run ${run + 1}: not the one before`);
    seen.push(picked.id);
    const shot = join(root, `shot-${run}.png`);
    const shown = await eventually(async () => {
      sway.screenshot('HEADLESS-1', shot);
      return near(await meanColour(shot), hex(colourOf.get(picked.path)!));
    }, 10_000);
    t.ok(shown, `run ${run + 1}: HEADLESS-1 shows ${colourOf.get(picked.path)}`);
  }
  t.equal(new Set(seen.slice(0, 3)).size, 3, 'the three landscape ones before any comes again');
});
