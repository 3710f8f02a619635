// The wallpaper on the screen now (docs/design.md#the-wallpaper-on-screen): read back from the desktop where it can tell,
// else what this library last put there (the record of changes, record/); each file with its
// record in the library when the library knows it.
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { WallpaperError } from '../../errors.js';
import type { Library } from '../../types.js';
import { colorScheme } from '../session/index.js';
import { type Change, type ShownFile, readOnScreen, shownByHistory } from '../record/index.js';
import { shownOnDesktop } from '../setters/index.js';
import type { Session } from '../session/index.js';
import type { ShownEntry } from '../types.js';

/** One entry when every monitor and slot shows the same file (the 7.5 "path alone" case). */
function collapsed(files: ShownFile[]): ShownFile[] {
  const [first] = files;
  if (first && files.length > 1 && files.every((file) => file.path === first.path)) return [{ ...first, monitor: null, slot: null }];
  return files;
}

/** The wallpaper a file this library made for the screen stands for: `--fit`'s crop or a format's
 * rendition, `<cache>/{fitted,renditions}/<id>-<W>x<H>.<ext>` (compose.ts), or a dynamic
 * wallpaper's frame made a rendition, `<id>-f<N>-...` or `<id>-i<N>-...` (dynamic-frame.ts); else
 * undefined. */
function madeFrom(library: Library, path: string): string | undefined {
  if (!['fitted', 'renditions'].some((folder) => dirname(path) === join(library.dirs.cache, folder))) return undefined;
  const id = /^([0-9a-f]{16})(?:-[fi]\d+)?-\d+x\d+\.\w+$/.exec(basename(path))?.[1];
  return id && library.get(id) ? id : undefined;
}

/** The dynamic wallpaper the history put where `file` is shown, when `file` is one of its frame
 * files (what a desktop that does not play it was given): the screen shows that wallpaper. Also
 * for the lock screen (lock-screen.ts), with its own history. */
export async function dynamicShowing(
  library: Library,
  history: readonly ShownFile[],
  file: Omit<ShownFile, 'id'>,
): Promise<string | undefined> {
  const put = history.find(
    (entry) => (entry.monitor === null || entry.monitor === file.monitor) && (entry.slot === null || entry.slot === file.slot),
  );
  const wallpaper = put?.id ? library.get(put.id) : undefined;
  if (!wallpaper?.dynamic || wallpaper.path === file.path) return undefined;
  try {
    // The dynamic room (and the formats it reads) only for a dynamic wallpaper: `current` starts
    // without it.
    const { readDynamic } = await import('../../dynamic/index.js');
    const frames = readDynamic(wallpaper.path, await readFile(wallpaper.path))?.frames ?? [];
    return frames.some((frame) => 'path' in frame && frame.path === file.path) ? wallpaper.id : undefined;
  } catch {
    return undefined; // gone or changed since: the file is what it is
  }
}

const named = (change: Change) => change.shown.some((file) => file.monitor !== null);
const monitorNames = (monitors: () => Promise<{ name: string }[]>) =>
  monitors().then(
    (list) => list.map((monitor) => monitor.name),
    () => [],
  );

/** What the screen shows now, as files with their ids (null: not in this library). A `--span`
 * composite on the screen stands for the picks of each monitor: the history has them. */
export async function shownFiles(session: Session, library: Library): Promise<ShownFile[]> {
  // KDE names its screens by their place: the monitors as the last pick by filters knew them.
  const monitors = () => session.monitors(readOnScreen(library.dirs.data).last_request?.options.monitors);
  const read = await shownOnDesktop(session.setterOptions(library.settings().set_command), monitors);
  const spanned = read?.some((file) => dirname(file.path) === join(library.dirs.data, 'span'));
  const { changes } = readOnScreen(library.dirs.data);
  // A file for every monitor that a later one for one monitor partly covers stays on the others: the
  // desktop's monitor names say which.
  const split = changes.some((change, i) => change.shown.some((file) => file.monitor === null) && changes.slice(i + 1).some(named));
  const history = shownByHistory(changes, split ? await monitorNames(monitors) : []);
  if (!read || spanned) return collapsed(history);
  const files = await Promise.all(
    read.map(async (file) => ({
      ...file,
      id: (await dynamicShowing(library, history, file)) ?? library.resolveWallpaper(file.path) ?? madeFrom(library, file.path) ?? null,
    })),
  );
  return collapsed(files);
}

/** The shown files as entries with their records (`current`, `back`). */
export function entriesOf(library: Library, files: readonly ShownFile[]): ShownEntry[] {
  return files.map(({ monitor, slot, path, id }) => {
    const wallpaper = id ? library.get(id) : undefined;
    // A crop, a rendition or a dynamic wallpaper's frame on the screen is reported as its wallpaper,
    // as `random --set` reports it.
    const shown = wallpaper && (madeFrom(library, path) || wallpaper.dynamic) ? wallpaper.path : path;
    return { monitor, slot, path: shown, wallpaper: wallpaper ?? null };
  });
}

/** The id of the wallpaper `current` names: on the monitor named, else on the primary monitor; in
 * the slot the desktop's scheme shows now. not_found when the screen shows nothing this library
 * knows. */
export async function currentId(session: Session, library: Library, monitor?: string): Promise<{ id: string; monitors: string[] }> {
  const files = await shownFiles(session, library);
  const override = readOnScreen(library.dirs.data).last_request?.options.monitors;
  const monitors = await session.monitors(override).catch(() => []);
  // The monitors the desktop has, else (not detected) those the screen's files name.
  const known = monitors.length > 0 ? monitors.map((m) => m.name) : [...new Set(files.flatMap((file) => file.monitor ?? []))];
  if (monitor !== undefined && known.length > 0 && !known.includes(monitor))
    throw new WallpaperError('invalid_param', `invalid --monitor "${monitor}": this desktop has ${known.join(', ')}`);
  const name = monitor ?? monitors.find((m) => m.primary)?.name ?? monitors[0]?.name;
  // The monitor's own file before one for every monitor.
  const onMonitor = [
    ...files.filter((file) => name !== undefined && file.monitor === name),
    ...files.filter((file) => file.monitor === null || name === undefined),
  ];
  const slots = onMonitor.filter((file) => file.slot !== null);
  const scheme = slots.length > 1 ? await colorScheme(session.env).catch(() => 'light' as const) : undefined;
  const file = slots.length > 1 ? slots.find((candidate) => candidate.slot === scheme) : onMonitor[0];
  if (!file) throw new WallpaperError('not_found', 'nothing is known to be on the screen: set one first (wallpaper random --set)');
  if (!file.id)
    throw new WallpaperError('not_found', `the wallpaper on the screen (${file.path}) is not in this library: scan its folder first`);
  const showing = files.filter((candidate) => candidate.id === file.id).map((candidate) => candidate.monitor);
  return { id: file.id, monitors: showing.includes(null) ? [] : (showing as string[]) };
}
