// What would go on the screen, without setting it (docs/design.md#the-desktop-room): the choices an
// `--appearance` asks for (the session's scheme, the sun's, or the one named) and one pick, or one per
// monitor with --monitors, each avoiding what its monitor showed recently. `random` without --set
// asks this, and so loads nothing that places a wallpaper.
import { type Scheme, type Session, colorScheme, sunScheme } from '../session/index.js';
import { WallpaperError } from '../../errors.js';
import { HISTORY_AVOID } from '../../limits.js';
import type { Filters, Library, WallpaperSource } from '../../types.js';
import type { DesktopOptions, DesktopRequest, DesktopSet } from '../types.js';
import { type Choices, lightChoices, pickAmong } from './choices.js';
import { pickForMonitors } from './monitor-picks.js';

/** The choices for `--appearance`: dark matches for a dark scheme, light or medium ones for a light
 * one (empty: nothing matches); the filters alone without it. The scheme is the session's (auto),
 * the sun's at the library's location (sun), or the one named. */
export async function appearanceChoices(
  env: NodeJS.ProcessEnv,
  library: Library,
  source: WallpaperSource,
  filters: Filters,
  appearance?: DesktopOptions['appearance'],
): Promise<Choices> {
  if (appearance === undefined) return [filters];
  if (filters.brightness !== undefined)
    throw new WallpaperError('invalid_param', 'invalid --appearance: give --brightness or --appearance, not both');
  const scheme: Scheme =
    appearance === 'auto' ? await colorScheme(env) : appearance === 'sun' ? sunScheme(library.settings().location) : appearance;
  return scheme === 'dark' ? [{ ...filters, brightness: 'dark' }] : lightChoices(source, filters);
}

/** What set() would pick, without setting: one per monitor with --monitors, else one. */
export async function chooseFor(session: Session, request: DesktopRequest): Promise<DesktopSet | undefined> {
  const { library, filters } = request;
  const source = request.source ?? library;
  const options = request.options ?? {};
  const choices = await appearanceChoices(session.env, library, source, filters, options.appearance);
  if (choices.length === 0) return undefined;
  if (options.monitors === undefined) {
    const picked = await pickAmong(source, choices, {});
    return picked && { entries: [{ monitor: null, slot: null, picked }] };
  }
  const monitors = await session.monitors(options.monitors);
  const recent = (monitor: string) => (options.allowRepeat ? [] : library.recentlySet(HISTORY_AVOID, monitor));
  const picks = await pickForMonitors(source, choices, monitors, recent);
  return picks && { entries: picks.map(({ monitor, picked }) => ({ monitor, slot: null, picked })) };
}
