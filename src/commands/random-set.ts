// How `random --set` puts wallpapers on the desktop: one per monitor (the default when several are
// detected and the desktop can show one each), one for all (`--same`, one monitor, or a desktop with
// one wallpaper for all: GNOME, Cinnamon, MATE), or one composite spanned over all (`--span`).
// `--fit` crops a pick whose shape differs from its monitor's. GNOME gets a light pick for its light
// slot and a dark one (a designer pair when there is one) for its dark slot; `--appearance` picks
// for a light or a dark scheme instead (auto: the session's). Every monitor avoids its own recent
// ones; the history is written only once the setter succeeded.
import { join } from 'node:path';
import {
  type Filters,
  HISTORY_AVOID,
  type Library,
  type Monitor,
  type MonitorPick,
  type PickedFile,
  WallpaperError,
  type WallpaperSource,
  detectMonitors,
  fitToMonitor,
  pickForMonitors,
  setEachMonitor,
  setSpanned,
  setWallpaper,
  setLightDark,
  setterAbilities,
  spanComposite,
  type Appearance,
  colorScheme,
  lightFilters,
  pickLightDark,
} from '../core/index.js';

export interface DesktopOptions {
  appearance?: Appearance;
  same?: boolean;
  span?: boolean;
  fit?: boolean;
  monitors?: string;
  allowRepeat?: boolean;
}

/** What was set: one wallpaper for all monitors (and GNOME's dark slot), or one per monitor. */
export type SetResult = { picked: PickedFile; dark?: PickedFile } | { picks: MonitorPick[] };

interface Setting {
  env: NodeJS.ProcessEnv;
  library: Library;
  source: WallpaperSource;
  filters: Filters;
}

const screenOf = (monitor: Monitor) => ({ w: monitor.width, h: monitor.height });

/** The monitors, when they matter: asked for (--monitors, --span) or needed for one each. */
async function monitorsFor(env: NodeJS.ProcessEnv, options: DesktopOptions, perMonitor: boolean): Promise<Monitor[] | undefined> {
  const asked = options.monitors !== undefined || options.span || options.fit;
  if (!asked && !(perMonitor && !options.same)) return undefined;
  try {
    return await detectMonitors({ env, override: options.monitors });
  } catch (error) {
    // Without a way to tell the monitors, one wallpaper for all is still a wallpaper; a bad
    // --monitors or a span that needs them is an error.
    if (options.monitors !== undefined || options.span) throw error;
    return undefined;
  }
}

/** The filters for `--appearance`: dark matches for a dark scheme, light or medium for a light one
 * (undefined: nothing matches); unchanged without it. */
export async function appearanceFilters(
  env: NodeJS.ProcessEnv,
  source: WallpaperSource,
  filters: Filters,
  appearance?: Appearance,
): Promise<Filters | undefined> {
  if (appearance === undefined) return filters;
  if (filters.brightness !== undefined)
    throw new WallpaperError('invalid_param', 'invalid --appearance: give --brightness or --appearance, not both');
  const scheme = appearance === 'auto' ? await colorScheme(env) : appearance;
  return scheme === 'dark' ? { ...filters, brightness: 'dark' } : lightFilters(source, filters);
}

/** Pick and set; undefined when nothing matches the filters. */
export async function setOnDesktop(setting: Setting, options: DesktopOptions): Promise<SetResult | undefined> {
  const { env, library, source } = setting;
  const filters = await appearanceFilters(env, source, setting.filters, options.appearance);
  if (!filters) return undefined;
  const setterOptions = { env, setCommand: library.settings().set_command };
  const abilities = setterAbilities(setterOptions);
  const can = 'name' in abilities ? abilities : { name: undefined, perMonitor: false, span: false, lightDark: false };
  if (options.span && options.same) throw new WallpaperError('invalid_param', 'invalid --span: it cannot be combined with --same');
  if (options.span && can.name !== undefined && !can.span) {
    throw new WallpaperError('invalid_param', `invalid --span: it applies to GNOME, Cinnamon and MATE (here: ${can.name})`);
  }
  const monitors = await monitorsFor(env, options, can.perMonitor);
  const recent = (monitor?: string) => (options.allowRepeat ? [] : library.recentlySet(HISTORY_AVOID, monitor));
  const fitted = (file: string, picked: PickedFile, monitor: Monitor) =>
    options.fit ? fitToMonitor(file, picked.wallpaper, monitor, join(library.dirs.cache, 'fitted')) : file;

  if (monitors && monitors.length > 1 && (options.span || (can.perMonitor && !options.same))) {
    const picks = await pickForMonitors(source, filters, monitors, recent);
    if (!picks) return undefined;
    if (options.span) {
      const file = await spanComposite(
        picks.map(({ monitor, picked }) => ({ monitor, file: picked.path })),
        join(library.dirs.data, 'span'),
      );
      await setSpanned(file, setterOptions);
    } else {
      const assignments = await Promise.all(
        picks.map(async ({ monitor, picked }) => ({ monitor, file: await fitted(picked.path, picked, monitor) })),
      );
      await setEachMonitor(assignments, setterOptions);
    }
    for (const { monitor, picked } of picks) library.recordSet(picked.wallpaper.id, monitor.name);
    return { picks };
  }

  // One for all: fitted to the only (or the primary) monitor when they are known.
  const monitor = monitors?.find((candidate) => candidate.primary) ?? monitors?.[0];
  const pickOptions = { avoid: recent(), ...(monitor ? { screen: screenOf(monitor) } : {}) };
  const fileOf = (picked: PickedFile) => (monitor ? fitted(picked.path, picked, monitor) : picked.path);
  if (can.lightDark && filters.brightness === undefined) {
    // GNOME's two slots: a light pick and a dark one (its designer pair when it has one).
    const counterpart = async (id: string) => {
      const file = source === library ? await library.verifiedFile(id) : undefined;
      return file && { wallpaper: file.wallpaper, path: file.path };
    };
    const picks = await pickLightDark(source, filters, pickOptions, counterpart);
    if (!picks) return undefined;
    await setLightDark(await fileOf(picks.light), await fileOf(picks.dark), setterOptions);
    for (const id of new Set([picks.light.wallpaper.id, picks.dark.wallpaper.id])) library.recordSet(id);
    return { picked: picks.light, dark: picks.dark };
  }
  const picked = await source.randomFile(filters, pickOptions);
  if (!picked) return undefined;
  await setWallpaper(await fileOf(picked), setterOptions);
  library.recordSet(picked.wallpaper.id);
  return { picked };
}

/** Without --set, --monitors prints a pick per monitor (what --set would choose). */
export async function picksFor(setting: Setting, options: DesktopOptions): Promise<MonitorPick[] | undefined> {
  const { env, library, source } = setting;
  const filters = await appearanceFilters(env, source, setting.filters, options.appearance);
  if (!filters) return undefined;
  const monitors = await detectMonitors({ env, override: options.monitors });
  return pickForMonitors(source, filters, monitors, (monitor) => (options.allowRepeat ? [] : library.recentlySet(HISTORY_AVOID, monitor)));
}
