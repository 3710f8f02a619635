// How one random wallpaper is chosen from the index: uniformly among the matches, avoiding recently
// set ones while others remain, preferring reachable files to those in folders that are away, and,
// for a screen (`w` x `h` given), preferring wallpapers of its orientation that need no upscaling,
// else the closest by KDE Plasma's rule (store/random.ts).
import { withUrls } from '../store/index.js';
import type { Store } from '../store/index.js';
import type { Filters, PickOptions, RandomOrder, Screen, Wallpaper } from '../types.js';
import { orientationOf } from '../types/shape.js';

export type { PickOptions };

/** The filters narrowed to wallpapers made for the screen: its orientation, at least its size
 * (divided by the upscaling allowed). */
function forScreen(filters: Filters, screen: Screen, upscale = 1): Filters {
  return {
    ...filters,
    orientation: filters.orientation ?? orientationOf(screen.w, screen.h),
    min_width: Math.max(filters.min_width ?? 0, Math.ceil(screen.w / upscale)),
    min_height: Math.max(filters.min_height ?? 0, Math.ceil(screen.h / upscale)),
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

/** Wallpapers whose folder is away come only when no reachable one matches (the store leaves them
 * out by itself whenever any are away; `false` lets them in). */
const reachableFirst = <T>(store: Store, pick: (reachable?: boolean) => T | undefined): T | undefined =>
  pick() ?? (store.awayCount() > 0 ? pick(false) : undefined);

/** pickRandom's answer as the API's JSON text. The common ask, a plain uniform pick (no avoid,
 * exclude, screen or order), is built by the index in its read (store/record-json.ts). */
export function pickRandomJson(store: Store, filters: Filters, options: PickOptions = {}): string | undefined {
  const plain =
    !options.screen &&
    !options.avoid?.length &&
    !options.exclude?.length &&
    options.order?.client === undefined &&
    options.order?.seed === undefined;
  if (plain) return reachableFirst(store, (reachable) => store.randomJson(filters, reachable));
  const wallpaper = pickRandom(store, filters, options);
  return wallpaper && JSON.stringify(wallpaper);
}

export function pickRandom(store: Store, filters: Filters, options: PickOptions = {}): Wallpaper | undefined {
  if (options.order?.client !== undefined || options.order?.seed !== undefined)
    return ordered(store, filters, options.order, options.screen);
  const strict = options.exclude ?? [];
  const pickAvoiding = (among: Filters, reachable?: boolean) => {
    const avoid = [...strict, ...(options.avoid ?? [])];
    for (;;) {
      const pick = store.random(among, avoid, reachable);
      if (pick || avoid.length <= strict.length) return pick && withUrls(pick);
      avoid.pop();
    }
  };
  const pick = (among: Filters) => reachableFirst(store, (reachable) => pickAvoiding(among, reachable));
  const screen = options.screen;
  const upscale = screen?.upscale ?? 1;
  const chosen = !screen
    ? pick(filters)
    : (pick(forScreen(filters, screen)) ??
      (upscale > 1 ? pick(forScreen(filters, screen, upscale)) : undefined) ??
      closestTo(store, filters, screen, [...strict, ...(options.avoid ?? [])], strict));
  // Only when nothing but the excluded ones match is one of them taken again.
  return chosen ?? (strict.length > 0 ? pickRandom(store, filters, { ...options, exclude: undefined }) : undefined);
}

/** The closest by Plasma's rule, among the screen's orientation first (novelty never costs the
 * orientation while one of it matches), then among all; in each, the avoided ids are given back
 * one at a time, the oldest first (as pickAvoiding does), the excluded ones only by the caller. */
function closestTo(
  store: Store,
  filters: Filters,
  screen: Screen,
  avoid: readonly string[],
  exclude: readonly string[],
): Wallpaper | undefined {
  const tiers = filters.orientation ? [filters] : [{ ...filters, orientation: orientationOf(screen.w, screen.h) }, filters];
  for (const among of tiers) {
    if (among !== filters && store.count(among) === 0) continue;
    const skip = [...avoid];
    for (;;) {
      const closest = reachableFirst(store, (reachable) => store.closest(among, screen, skip, reachable ?? true));
      if (closest) return withUrls(closest);
      if (skip.length <= exclude.length) break;
      skip.pop();
    }
  }
  return undefined;
}
