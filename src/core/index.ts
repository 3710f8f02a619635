// The core's one door: everything the faces (the CLI's commands and the HTTP face) may use. They
// import from here and from types.ts only (test/boundaries.test.ts holds them to it), so the core's
// inside can be rearranged without touching a face.
export { isId, openLibrary, type OpenOptions } from './library.js';
export { databaseUrlProblem, isPostgresUrl, maskPasswords, redacted } from './store/index.js';
export type { PickOptions } from './pick.js';
export { type ListOrder, type RandomOrder, parseListOrder, parseRandomOrder } from './order-params.js';
export { parseVariant } from './variants/spec.js';
export { screenOf, variantUrl } from './variants/index.js';
export type * from './types.js';
export { type ErrorCode, WallpaperError, isWallpaperError, oneLine } from './errors.js';
export { FILTER_WORDS, parseFilters, parsePaging, type RawParams } from './filters.js';
export { goneFromDisk, isMissingFile, readRange } from './files.js';
export { VersionedCache } from './cache.js';
export { HISTORY_AVOID } from './limits.js';
export type { RemoteLibrary } from './remote.js';
export { type LibraryDirs, platformDirs, resolveDirs } from './home.js';
export { SETTINGS_KEYS } from './settings.js';

/** A client for a running `wallpaper serve` with the local library's interface; undici loads only
 * here, so local commands never pay for it. @param downloads where randomFile() keeps images */
export async function openRemote(server: string, options: { downloads?: string } = {}): Promise<import('./remote.js').RemoteLibrary> {
  const { RemoteLibrary } = await import('./remote.js');
  return new RemoteLibrary(server, options.downloads);
}
export { setEachMonitor, setLightDark, setSpanned, setWallpaper, setterAbilities } from './setters/index.js';
export { detectMonitors, parseMonitorsOverride, type Monitor } from './monitors/index.js';
export { setWallpaperById } from './desktop-set.js';
export { type Appearance, type Scheme, colorScheme, parseAppearance, schemeOfSignal, PORTAL } from './appearance.js';
export { lightFilters, pickLightDark } from './light-dark.js';
export { MONITOR_UPSCALE, type MonitorPick, pickForMonitors } from './monitor-picks.js';

/** compose.ts's images (--fit, --span); sharp loads only when one is made, so `random` and `list`
 * stay quick to start. */
export async function fitToMonitor(...args: Parameters<typeof import('./compose.js').fitToMonitor>): Promise<string> {
  return (await import('./compose.js')).fitToMonitor(...args);
}
export async function spanComposite(...args: Parameters<typeof import('./compose.js').spanComposite>): Promise<string> {
  return (await import('./compose.js')).spanComposite(...args);
}
export { type Check, type CheckLevel, diagnose } from './doctor.js';
export * from './schedule/index.js';
export type { Curation, DuplicateGroup, Mark } from './curate/facade.js';
