// The core's one door: everything the faces (the CLI's commands and the HTTP face) may use. They
// import from here and from types.ts only (test/boundaries.test.ts holds them to it), so the core's
// inside can be rearranged without touching a face.
export { isId, openLibrary, type OpenOptions } from './library/facade.js';
export { databaseUrlProblem, isPostgresUrl, maskPasswords, redacted } from './store/index.js';
export { parseListOrder, parseRandomOrder } from './query/order-params.js';
export { parseVariant } from './variants/spec.js';
export { screenOf, variantUrl } from './variants/index.js';
export type * from './types.js';
export { type ErrorCode, WallpaperError, isWallpaperError, oneLine } from './errors.js';
export { FILTER_WORDS, parseFilters, parsePaging, type RawParams } from './query/filters.js';
export { goneFromDisk, isMissingFile, readRange } from './common/files.js';
export { VersionedCache } from './common/cache.js';
export type { RemoteLibrary } from './remote/remote.js';
export { type LibraryDirs, resolveDirs } from './settings/home.js';
export { SETTINGS_KEYS, shownSettings } from './settings/settings.js';
export { SOURCE_KINDS } from './sources/types.js';
export { DEFAULT_KEEP } from './sources/settings.js';

/** A client for a running `wallpaper serve` with the local library's interface; undici loads only
 * here, so local commands never pay for it. @param downloads where randomFile() keeps images */
export async function openRemote(
  server: string,
  options: { downloads?: string } = {},
): Promise<import('./remote/remote.js').RemoteLibrary> {
  const { RemoteLibrary } = await import('./remote/remote.js');
  return new RemoteLibrary(server, options.downloads);
}
export {
  type Desktop,
  type DesktopOptions,
  type DesktopRequest,
  type DesktopSet,
  type SetEntry,
  type Slot,
  openDesktop,
} from './desktop/index.js';
export type { Monitor } from './desktop/monitors/index.js';
export { type Appearance, type Scheme, parseAppearance } from './desktop/appearance.js';
export { type Check, type CheckLevel, diagnose } from './doctor/doctor.js';
/** The schedule's parts (`schedule --every`, `--if-due`): one name at the door. */
export * as schedule from './schedule/index.js';
export type { ChangeState, Every, Plan, ScheduleHost, ScheduleStatus, ScheduledCommand } from './schedule/index.js';
export { type CopyReport, copyIndex } from './portable/copy.js';
