// The filters a desktop pick may come from, in the order to try them, and the pick among them that
// suits its screen. One set of filters usually; for a light scheme the light matches and the medium
// ones, the first drawn in proportion to their counts (so every such wallpaper is equally likely)
// and the other tried when the first has nothing that suits: a pick suits when it is none of the
// call's other picks and has its screen's orientation (a fault found on real desktops: narrowing the whole
// call to "medium" once put its one medium wallpaper on every monitor, a landscape one included).
import type { Filters, PickedFile, SourcePickOptions, Wallpaper, WallpaperSource } from '../../types.js';
import { orientationOf } from '../../types/shape.js';

/** Filters to try in order; empty when nothing matches. */
export type Choices = readonly Filters[];

/** The light and the medium matches of `filters`, in the order to try them; empty when neither has any. */
export async function lightChoices(source: WallpaperSource, filters: Filters): Promise<Filters[]> {
  const countOf = async (brightness: 'light' | 'medium') =>
    (await source.list({ ...filters, brightness }, { page: 1, limit: 1 })).pagination.total;
  const light = await countOf('light');
  const medium = await countOf('medium');
  const lightFirst = Math.random() * (light + medium) < light;
  const order: ('light' | 'medium')[] = lightFirst ? ['light', 'medium'] : ['medium', 'light'];
  const counts = { light, medium };
  return order.filter((brightness) => counts[brightness] > 0).map((brightness) => ({ ...filters, brightness }));
}

function suits(wallpaper: Wallpaper, options: SourcePickOptions): boolean {
  if (options.exclude?.includes(wallpaper.id)) return false;
  return !options.screen || wallpaper.orientation === orientationOf(options.screen.w, options.screen.h);
}

/** The first choice's pick that suits its screen, else the first pick at all. */
export async function pickAmong(source: WallpaperSource, choices: Choices, options: SourcePickOptions): Promise<PickedFile | undefined> {
  let first: PickedFile | undefined;
  for (const filters of choices) {
    const picked = await source.randomFile(filters, options);
    if (!picked) continue;
    if (choices.length === 1 || suits(picked.wallpaper, options)) return picked;
    first ??= picked;
  }
  return first;
}
