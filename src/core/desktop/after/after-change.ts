// What runs after every change of the desktop's wallpaper (docs/colors.md#after-every-change): the
// `colors` setting (write or apply the scheme of the primary monitor's wallpaper) and the
// `on_change` hook (on-change.ts). The facade calls it once the change is recorded, for every face
// (random --set, next, back, hide current, watch, the schedule, the tray, POST .../set); nothing
// here throws: a failure is one reported line and never undoes the change.
import { oneLine } from '../../errors.js';
import type { Library } from '../../types.js';
import { colorScheme } from '../session/index.js';
import { type ChangedWallpaper, runOnChange } from './on-change.js';
import { readOnScreen } from '../record/index.js';
import type { Session } from '../session/index.js';
import { sunScheme } from '../session/index.js';
import type { Scheme } from '../session/index.js';

/** One place a change showed a wallpaper: its monitor (primary or not), its slot. */
export interface ShownPlace {
  primary: boolean;
  everywhere: boolean;
  slot: Scheme | null;
  id: string | null;
  path: string;
}

/** `auto` for a scheme: the scheme the wallpaper was picked for where the last `random --set` asked
 * one (`--appearance`: light, dark, the desktop's own or the sun's), else the wallpaper's own
 * brightness (a light picture a light scheme). */
export async function schemeFor(session: Session, library: Library, brightness: string): Promise<Scheme> {
  const appearance = readOnScreen(library.dirs.data).last_request?.options.appearance;
  if (appearance === 'light' || appearance === 'dark') return appearance;
  if (appearance === 'auto') return colorScheme(session.env);
  if (appearance === 'sun') return sunScheme(library.settings().location);
  return brightness === 'light' ? 'light' : 'dark';
}

/** The primary monitor's wallpaper among `places` (in a light/dark pair, the one of the desktop's
 * scheme now), or undefined when the library does not know it. */
async function primaryOf(session: Session, places: readonly ShownPlace[]): Promise<ShownPlace | undefined> {
  const onPrimary = places.filter((place) => place.primary || place.everywhere);
  const candidates = onPrimary.length > 0 ? onPrimary : places;
  const slotted = candidates.filter((place) => place.slot !== null);
  let place = candidates[0];
  if (slotted.length > 1) {
    const now = await colorScheme(session.env);
    place = slotted.find((p) => p.slot === now) ?? place;
  }
  return place?.id ? place : undefined;
}

/** Do the `colors` setting and start the `on_change` hook for a change that showed `places()`
 * (read only when a setting asks for something: nothing is added to a change when both are off). */
export async function afterChange(
  session: Session,
  library: Library,
  places: () => Promise<readonly ShownPlace[]>,
  report: (line: string) => void,
): Promise<void> {
  let settings: ReturnType<Library['settings']>;
  try {
    settings = library.settings();
  } catch (error) {
    report(`nothing done after the change: ${oneLine(error)}`);
    return;
  }
  const { colors: how, on_change: hook } = settings;
  if (how === 'off' && !hook) return;
  const shown = await places()
    .then((list) => primaryOf(session, list))
    .catch(() => undefined);
  const wallpaper = shown?.id ? library.get(shown.id) : undefined;
  if (!shown || !wallpaper) return;
  const changed: ChangedWallpaper = { id: wallpaper.id, path: shown.path };
  if (how !== 'off') {
    try {
      const colors = await import('../../colors/index.js');
      const scheme = await colors.colorSchemeOf(wallpaper, await schemeFor(session, library, wallpaper.brightness), library.dirs.cache);
      const written = await colors.writeScheme(scheme, shown.path, library.dirs.cache, session.env);
      changed.colors = written.json;
      if (how === 'apply') {
        const applied = await colors.applyScheme(scheme, written.xresources, session.env);
        if (typeof applied.xrdb === 'string') report(`colors apply: ${applied.xrdb}`);
      }
    } catch (error) {
      report(`colors ${how} after the change failed: ${oneLine(error)}`);
    }
  }
  // Not waited for: its guard reports its end (or its kill) whenever it comes.
  if (hook) runOnChange(hook, changed, session.env, report);
}
