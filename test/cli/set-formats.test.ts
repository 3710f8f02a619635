// `random --set` of a format the desktop may not show (docs/design.md#every-format): the setter is
// given a rendition (JPEG for a photo, PNG for a drawing, at least the monitor's size) kept in the
// cache home's renditions/, while what --set reports is the wallpaper's own path; JPEG, PNG and WebP
// go to the setter as they are. Read back, a rendition is the wallpaper it stands for (`current`).
import { chmodSync, copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import t from 'tap';
import { runCli } from '../helpers/cli.js';
import { readCalls } from '../helpers/fake-desktop.js';
import { tempDir } from '../helpers/fixtures.js';
import { heifEnc, requireEncoders } from '../helpers/formats.js';

const FAKE = fileURLToPath(new URL('../fixtures/fake-setters/record', import.meta.url));

t.test('a HEIC and an SVG are set through renditions; --set reports their own paths', async (t) => {
  if (!requireEncoders(t)) return;
  const root = tempDir(t);
  const pictures = join(root, 'pictures');
  mkdirSync(pictures);
  const png = join(root, 'photo.png');
  await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#305080' } })
    .png()
    .toFile(png);
  heifEnc([png], join(pictures, 'photo.heic'));
  writeFileSync(
    join(pictures, 'logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><rect width="16" height="9" fill="#d03030"/></svg>',
  );
  const bin = join(root, 'bin');
  mkdirSync(bin);
  copyFileSync(FAKE, join(bin, 'gsettings'));
  chmodSync(join(bin, 'gsettings'), 0o755);
  const log = join(root, 'calls.log');
  const home = join(root, 'home');
  const env = { PATH: `${bin}:/usr/bin:/bin`, FAKE_LOG: log, XDG_CURRENT_DESKTOP: 'GNOME' };
  const cli = (args: string[]) => runCli(['--home', home, ...args], env);
  t.equal((await cli(['scan', pictures, '--quiet'])).code, 0);

  for (const [name, hue, ext] of [
    ['photo.heic', 'blue', 'jpg'],
    ['logo.svg', 'red', 'png'],
  ] as const) {
    writeFileSync(log, '');
    const result = await cli(['random', '--set', '--dominant-hue', hue, '--monitors', 'DP-1=1920x1080']);
    t.equal(result.code, 0, result.stderr);
    t.equal(result.stdout.trim(), join(pictures, name), `${name}: --set reports the wallpaper's own path`);
    const set = readCalls(log).find((call) => call[1] === 'set' && call[3] === 'picture-uri')?.[4] ?? '';
    t.match(set, new RegExp(`^${pathToFileURL(join(home, 'renditions')).href}/[0-9a-f]{16}-1920x1080\\.${ext}$`), `${name}: a rendition`);
    const meta = await sharp(fileURLToPath(set)).metadata();
    t.same([meta.width, meta.height], [1920, 1080], `${name}: at the monitor's size`);
  }
  // gsettings reads the rendition back: current names the wallpaper it stands for, as --set did.
  const current = await cli(['current', '--json']);
  t.equal(current.code, 0, current.stderr);
  const [{ wallpaper: shown }] = JSON.parse(current.stdout);
  t.equal(shown.path, join(pictures, 'logo.svg'), 'current: the wallpaper, not its rendition');
  t.match(shown.id, /^[0-9a-f]{16}$/, 'with its id');
  t.equal((await cli(['favorite', 'current'])).code, 0, 'favorite current finds it');

  // back puts the HEIC back as a set gives it: its rendition (made again when the cache was
  // cleared meanwhile), never the .heic GNOME cannot show nor a rendition that is gone.
  rmSync(join(home, 'renditions'), { recursive: true });
  writeFileSync(log, '');
  const back = await cli(['back']);
  t.equal(back.code, 0, back.stderr);
  t.equal(back.stdout.trim(), join(pictures, 'photo.heic'), "back reports the wallpaper's own path");
  const restored = readCalls(log).find((call) => call[1] === 'set' && call[3] === 'picture-uri')?.[4] ?? '';
  t.match(
    restored,
    new RegExp(`^${pathToFileURL(join(home, 'renditions')).href}/[0-9a-f]{16}-1920x1080\\.jpg$`),
    'back: the rendition again',
  );
  t.ok(existsSync(fileURLToPath(restored)), 'made again');
});
