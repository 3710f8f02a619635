// One wallpaper per monitor for `random --set`: a different one for each (none twice in one call
// while the matches allow), each fitting its monitor (its orientation and no upscaling, else up to
// 1.25x, else the closest by KDE Plasma's rule: pick.ts), each monitor avoiding what it showed
// recently. The same rule serves the local index and a server (`--server`: its w/h screen rule).
import type { Monitor } from '../monitors/index.js';
import type { PickedFile, WallpaperSource } from '../../types.js';
import { type Choices, pickAmong } from './choices.js';

/** How much a wallpaper may be enlarged for a monitor and still count as fitting it. */
export const MONITOR_UPSCALE = 1.25;

export interface MonitorPick {
  monitor: Monitor;
  picked: PickedFile;
}

/** A pick for each monitor, in their order, from the first of the choices that has one suiting it
 * (choices.ts), or undefined when nothing matches. */
export async function pickForMonitors(
  source: WallpaperSource,
  choices: Choices,
  monitors: readonly Monitor[],
  recent: (monitor: string) => readonly string[],
): Promise<MonitorPick[] | undefined> {
  const picks: MonitorPick[] = [];
  for (const monitor of monitors) {
    const picked = await pickAmong(source, choices, {
      avoid: recent(monitor.name),
      exclude: picks.map((pick) => pick.picked.wallpaper.id),
      screen: { w: monitor.width, h: monitor.height, upscale: MONITOR_UPSCALE },
    });
    if (!picked) return undefined;
    picks.push({ monitor, picked });
  }
  return picks;
}
