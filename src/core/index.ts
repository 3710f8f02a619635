// The core's one door: the facades and parsers the faces (the CLI's commands and the HTTP face) use,
// and the errors they map. Faces import values from here and shapes from types.ts, nothing else of
// the core (test/boundaries.test.ts), so the rooms behind it can be rearranged without touching a
// face. At most 40 names (test/rooms.test.ts): a name is added here only when a face needs it.

// The facades: a library (local or a running server's), the desktop, the doctor, the schedule.
export { isId, openLibrary } from './library/index.js';
export { openRemote } from './remote/index.js';
export {
  type DesktopOptions,
  type DesktopSet,
  type Monitor,
  type Scheme,
  openDesktop,
  parseAppearance,
  reportAfterChanges,
} from './desktop/index.js';
export { type Check, diagnose } from './doctor/index.js';
/** The schedule's parts (`schedule --every`, `--if-due`): one name at the door. */
export * as schedule from './schedule/index.js';
export type { ScheduleHost, ScheduledCommand } from './schedule/index.js';
export { copyIndex } from './portable/index.js';
export { resolveDirs, SETTINGS_KEYS, shownSettings } from './settings/index.js';
export { DEFAULT_KEEP, SOURCE_KINDS } from './sources/index.js';

// The parsers both faces share, so they accept and refuse the same values with the same words.
export { FILTER_WORDS, parseFilters, parseListOrder, parsePaging, parseRandomOrder, type RawParams } from './query/index.js';
export { parseVariant, screenOf, variantUrl } from './variants/index.js';
export { databaseUrlProblem, maskPasswords, redacted } from './store/index.js';

// Errors, mapped in one place by each face (http/errors.ts, cli.ts).
export { type ErrorCode, WallpaperError, oneLine } from './errors.js';

// What the HTTP face sends files with: the one cache primitive, a file's bytes, a file gone from disk.
export { goneFromDisk, isMissingFile, readRange, VersionedCache } from './common/index.js';
