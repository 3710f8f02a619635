// A wallpaper's whole scheme (the `json` format): the terminal colours of scheme.ts and the Material
// tokens of material.ts. Both are made from the record alone (its stored palette and brightness), so
// nothing is decoded; the Material tokens, the costly part (~100 ms to load Google's library and
// solve the tones), are kept per wallpaper in the cache home's color-schemes/ (docs/colors.md#how-the-colours-are-made):
// an id names the picture's bytes, so its tokens never change.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../common/index.js';
import type { Wallpaper } from '../types.js';
import type { ColorScheme } from './formats.js';
import { type MaterialSchemes, materialSchemes } from './material.js';
import { type Mode, modeOfBrightness, terminalScheme } from './scheme.js';

/** Bumped when the Material tokens are made differently, so cached ones are made again. */
const MATERIAL_VERSION = 1;

/** The cached tokens of a wallpaper, made and kept on a miss (a cache that cannot be written only
 * costs the next call the time again). */
async function materialOf(wallpaper: Pick<Wallpaper, 'id' | 'palette'>, cacheDir: string): Promise<MaterialSchemes> {
  const file = join(cacheDir, 'color-schemes', `${wallpaper.id}.json`);
  try {
    const kept = JSON.parse(await readFile(file, 'utf8')) as MaterialSchemes & { version: number };
    if (kept.version === MATERIAL_VERSION && kept.light && kept.dark) return kept;
  } catch {
    // Absent or torn: made again below.
  }
  const made = await materialSchemes(wallpaper.palette);
  await writeFileAtomic(file, Buffer.from(JSON.stringify({ version: MATERIAL_VERSION, ...made }))).catch(() => undefined);
  return made;
}

/** The scheme of `wallpaper` for `mode` (`auto`: its brightness, unless `scheme` says what the
 * desktop shows). */
export async function colorSchemeOf(
  wallpaper: Pick<Wallpaper, 'id' | 'palette' | 'brightness'>,
  mode: Mode | 'auto',
  cacheDir: string,
): Promise<ColorScheme> {
  const resolved = mode === 'auto' ? modeOfBrightness(wallpaper.brightness) : mode;
  const material = await materialOf(wallpaper, cacheDir);
  return {
    id: wallpaper.id,
    mode: resolved,
    ...terminalScheme(wallpaper.palette, resolved),
    material: { light: material.light, dark: material.dark },
  };
}
