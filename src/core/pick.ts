// How one random wallpaper is chosen from the index: uniformly among the matches, avoiding recently
// set ones while others remain, preferring reachable files to those in folders that are away, and,
// for a screen (`w` x `h` given), preferring wallpapers of its orientation that need no upscaling,
// else the closest by KDE Plasma's rule (store/random.ts).
import { withUrls } from './record.js';
import type { RandomOrder } from './order-params.js';
import type { Store } from './store/index.js';
import type { Orientation } from './classify.js';
import type { Filters, Wallpaper } from './types.js';

export interface PickOptions {
  /** Ids to avoid while other matches remain; the last ones are given up first. */
  avoid?: readonly string[];
  /** The screen the wallpaper is for. */
  screen?: { w: number; h: number };
  /** A named client's walk or a seed's position instead of a uniform pick (order-params.ts). */
  order?: RandomOrder;
}

const orientationOf = ({ w, h }: { w: number; h: number }): Orientation => (w === h ? 'square' : w > h ? 'landscape' : 'portrait');

/** The filters narrowed to wallpapers made for the screen: its orientation, at least its size. */
function forScreen(filters: Filters, screen: { w: number; h: number }): Filters {
  return {
    ...filters,
    orientation: filters.orientation ?? orientationOf(screen),
    min_width: Math.max(filters.min_width ?? 0, screen.w),
    min_height: Math.max(filters.min_height ?? 0, screen.h),
  };
}

/** A client's next or a seed's n-th match, for the screen when it has matches for it. */
function ordered(store: Store, filters: Filters, order: RandomOrder, screen?: { w: number; h: number }): Wallpaper | undefined {
  const fitting = screen ? forScreen(filters, screen) : undefined;
  const among = fitting && store.count(fitting) > 0 ? fitting : filters;
  const from = (reachable: boolean) =>
    order.client !== undefined ? store.nextFor(order.client, among, reachable) : store.seeded(among, order.seed!, order.n ?? 0, reachable);
  // Reachable files first while any folder is away, the others only when none is reachable.
  const pick = (store.awayCount() > 0 ? from(true) : undefined) ?? from(false);
  return pick && withUrls(pick);
}

export function pickRandom(store: Store, filters: Filters, options: PickOptions = {}): Wallpaper | undefined {
  if (options.order?.client !== undefined || options.order?.seed !== undefined)
    return ordered(store, filters, options.order, options.screen);
  const pickAvoiding = (among: Filters, reachable?: boolean) => {
    const avoid = [...(options.avoid ?? [])];
    for (;;) {
      const pick = store.random(among, avoid, reachable);
      if (pick || avoid.length === 0) return pick && withUrls(pick);
      avoid.pop();
    }
  };
  // Wallpapers whose folder is away come only when no reachable one matches (store.random leaves
  // them out by itself whenever any are away).
  const anyAway = () => store.awayCount() > 0;
  const pick = (among: Filters) => pickAvoiding(among) ?? (anyAway() ? pickAvoiding(among, false) : undefined);
  if (!options.screen) return pick(filters);
  const fitting = pick(forScreen(filters, options.screen));
  if (fitting) return fitting;
  const closest = store.closest(filters, options.screen, options.avoid, true) ?? store.closest(filters, options.screen);
  return closest && withUrls(closest);
}
