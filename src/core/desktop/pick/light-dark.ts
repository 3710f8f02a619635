// Picks for a light and a dark style: a "light" pick is one of the light or medium matches (chosen
// in proportion to how many there are, so every such wallpaper is equally likely); the dark one is
// the light pick's designer counterpart when it has one (pair_id) with a usable file, else a dark
// match of the same filters. When one side has no match, the other serves both.
import { lightChoices, pickAmong } from './choices.js';
import type { Filters, PickedFile, SourcePickOptions, WallpaperSource } from '../../types.js';

/** A light (or medium) pick, of its screen's orientation when one matches. */
async function pickLight(source: WallpaperSource, filters: Filters, options: SourcePickOptions): Promise<PickedFile | undefined> {
  return pickAmong(source, await lightChoices(source, filters), options);
}

export interface LightDarkPicks {
  light: PickedFile;
  dark: PickedFile;
}

/** A light and a dark pick for the two slots; `counterpart` opens a pick's pair (local index only). */
export async function pickLightDark(
  source: WallpaperSource,
  filters: Filters,
  options: SourcePickOptions,
  counterpart?: (id: string) => Promise<PickedFile | undefined>,
): Promise<LightDarkPicks | undefined> {
  const light = await pickLight(source, filters, options);
  const pair = light?.wallpaper.pair_id && counterpart ? await counterpart(light.wallpaper.pair_id) : undefined;
  const dark = pair ?? (await source.randomFile({ ...filters, brightness: 'dark' }, options));
  if (light && dark) return { light, dark };
  const either = light ?? dark;
  return either && { light: either, dark: either };
}
