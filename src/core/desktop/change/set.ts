// How a pick goes on the desktop (docs/design.md#what-a-change-reports): one per monitor where the desktop can show one
// each and several are known; one composite spanned over all (`--span`); else one for all (`--same`,
// one monitor, or a desktop with one wallpaper for all: GNOME, Cinnamon, MATE), picked for the
// primary monitor by the same rules as one monitor of a per-monitor desktop. GNOME gets a light
// pick and a dark one for its two slots, both reported. `--fit` crops a pick to its monitor. Every
// monitor avoids its own recent ones; the history is written only once the setter succeeded.
import { join } from 'node:path';
import { WallpaperError } from '../../errors.js';
import { HISTORY_AVOID } from '../../limits.js';
import { appearanceChoices, MONITOR_UPSCALE, pickAmong, pickForMonitors, pickLightDark } from '../pick/index.js';
import type { Monitor } from '../monitors/index.js';
import { setEachMonitor, setLightDark, setSpanned, setWallpaper } from '../setters/index.js';
import type { Library, PickedFile } from '../../types.js';
import { shownFiles } from '../screen/index.js';
import { remember } from '../record/index.js';
import type { LastRequest } from '../record/index.js';
import type { Session } from '../session/index.js';
import { setOnly } from './set-only.js';
import { composing, shownFile } from '../place/index.js';
import type { DesktopOptions, DesktopRequest, DesktopSet } from '../types.js';

/** The monitors: always wanted (a one-for-all desktop picks for its primary), required only when
 * asked for (--monitors, --span). */
async function monitorsFor(session: Session, options: DesktopOptions): Promise<Monitor[] | undefined> {
  try {
    return await session.monitors(options.monitors);
  } catch (error) {
    if (options.monitors !== undefined || options.span) throw error;
    return undefined;
  }
}

export const screenOf = (monitor: Monitor) => ({ w: monitor.width, h: monitor.height, upscale: MONITOR_UPSCALE });
export const primaryOf = (monitors?: readonly Monitor[]) => monitors?.find((candidate) => candidate.primary) ?? monitors?.[0];

/** One file on every monitor; a set_command with {monitor} runs once per monitor, never with an
 * empty name. */
export async function setEverywhere(session: Session, library: Library, file: string, monitors?: readonly Monitor[]) {
  const setterOptions = session.setterOptions(library.settings().set_command);
  const info = session.setter(library.settings().set_command);
  if (info.name === 'set_command' && info.perMonitor) {
    if (!monitors?.length)
      throw new WallpaperError(
        'setter_failed',
        'set_command holds {monitor} but the monitors cannot be detected here: give them with --monitors or WALLPAPER_MONITORS',
      );
    return setEachMonitor(
      monitors.map((monitor) => ({ monitor, file })),
      setterOptions,
      { only: true },
    );
  }
  return setWallpaper(file, setterOptions);
}

const REMEMBERED = ['appearance', 'same', 'span', 'fit', 'monitors', 'allowRepeat', 'target'] as const;

/** What `next` asks again of a request: the filters, the server, and the options that shape a pick
 * or say where it goes, not the command's own (--json) nor `only` (one hide's). */
export function rememberedRequest({ filters, options = {}, server }: DesktopRequest): LastRequest {
  const remembered = Object.fromEntries(REMEMBERED.flatMap((key) => (options[key] === undefined ? [] : [[key, options[key]]])));
  return { filters, options: remembered, ...(server ? { server } : {}) };
}

/** The setter that plays a GNOME timed XML itself (picture-uri names it). */
export const GNOME = 'gnome';

/** Pick by the request and set; undefined when nothing matches. The change is remembered with what
 * it replaced (`back`) and the request (`next`). */
export async function setOnDesktop(session: Session, request: DesktopRequest): Promise<DesktopSet | undefined> {
  const before = await shownFiles(session, request.library);
  const set = await pickAndSet(session, request);
  if (set) await remember(request.library, before, set, rememberedRequest(request));
  return set;
}

async function pickAndSet(session: Session, request: DesktopRequest): Promise<DesktopSet | undefined> {
  const { library, filters } = request;
  const source = request.source ?? library;
  const options = request.options ?? {};
  const setterOptions = session.setterOptions(library.settings().set_command);
  const info = session.setter(library.settings().set_command);
  const can = info.name !== undefined ? info : { name: undefined, perMonitor: false, span: false, lightDark: false };
  if (options.span && options.same) throw new WallpaperError('invalid_param', 'invalid --span: it cannot be combined with --same');
  if (options.span && can.name !== undefined && !can.span) {
    throw new WallpaperError('invalid_param', `invalid --span: it applies to GNOME, Cinnamon and MATE (here: ${can.name})`);
  }
  const choices = await appearanceChoices(session.env, library, source, filters, options.appearance);
  if (choices.length === 0) return undefined;
  const detected = await monitorsFor(session, options);
  const monitors = options.only ? detected?.filter((monitor) => options.only!.includes(monitor.name)) : detected;
  const recent = (monitor?: string) => (options.allowRepeat ? [] : library.recentlySet(HISTORY_AVOID, monitor));
  const plays = can.name === GNOME;
  const fitted = async (picked: PickedFile, monitor?: Monitor) =>
    options.fit && monitor && !picked.wallpaper.dynamic
      ? (await composing()).fitToMonitor(picked.path, picked.wallpaper, monitor, join(library.dirs.cache, 'fitted'))
      : shownFile(library, picked, monitor, plays);

  const some = options.only !== undefined && can.perMonitor && monitors !== undefined && monitors.length > 0;
  if (monitors && (some || (monitors.length > 1 && (options.span || (can.perMonitor && !options.same))))) {
    const picks = await pickForMonitors(source, choices, monitors, recent);
    if (!picks) return undefined;
    let setter: string;
    if (options.span) {
      const parts = await Promise.all(
        picks.map(async ({ monitor, picked }) => ({ monitor, file: await shownFile(library, picked, monitor) })),
      );
      const file = await (await composing()).spanComposite(parts, join(library.dirs.data, 'span'));
      ({ setter } = await setSpanned(file, setterOptions));
    } else {
      const assignments = await Promise.all(picks.map(async ({ monitor, picked }) => ({ monitor, file: await fitted(picked, monitor) })));
      ({ setter } = some ? await setOnly(session, library, assignments) : await setEachMonitor(assignments, setterOptions));
    }
    return { setter, entries: picks.map(({ monitor, picked }) => ({ monitor, slot: null, picked })) };
  }

  // One for all: picked for (and fitted to) the only or the primary monitor when they are known.
  const monitor = primaryOf(monitors);
  const pickOptions = { avoid: recent(), ...(monitor ? { screen: screenOf(monitor) } : {}) };
  if (can.lightDark && filters.brightness === undefined && options.appearance === undefined) {
    // GNOME's two slots: a light pick and a dark one (its designer pair when it has one).
    const counterpart = async (id: string) => {
      const file = source === library ? await library.verifiedFile(id) : undefined;
      return file && { wallpaper: file.wallpaper, path: file.path };
    };
    const picks = await pickLightDark(source, filters, pickOptions, counterpart);
    if (!picks) return undefined;
    const { setter } = await setLightDark(await fitted(picks.light, monitor), await fitted(picks.dark, monitor), setterOptions);
    return { setter, entries: slotEntries(picks.light, picks.dark) };
  }
  const picked = await pickAmong(source, choices, pickOptions);
  if (!picked) return undefined;
  const { setter } = await setEverywhere(session, library, await fitted(picked, monitor), monitors);
  return { setter, entries: [{ monitor: null, slot: null, picked }] };
}

/** GNOME's two slots as entries: one entry when both hold the same wallpaper. */
export function slotEntries(light: PickedFile, dark: PickedFile): DesktopSet['entries'] {
  if (light.wallpaper.id === dark.wallpaper.id) return [{ monitor: null, slot: null, picked: light }];
  return [
    { monitor: null, slot: 'light', picked: light },
    { monitor: null, slot: 'dark', picked: dark },
  ];
}
