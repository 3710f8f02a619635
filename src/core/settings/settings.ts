// The settings record (docs/design.md#http-rules) kept with conf in the config home: defaults, validation
// on load and on change, and errors that name the key and the file.
// Reads parse the JSON file directly and conf is loaded only to write: importing conf costs ~120 ms
// (measured), which `list` and `random` must not pay at every start.
// A parsed record is reused while the file's identity (inode, size, mtime and ctime in ns) is
// unchanged: one stat instead of read + parse + validate on every request of a server (the thumbnail
// route reads the size twice per request). conf replaces the file by rename, so a change by any
// process gives a new inode and is seen at once.
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import type Conf from 'conf';
import { VersionedCache } from '../common/index.js';
import { WallpaperError, oneLine } from '../errors.js';
import { commandLineProblem, isWithin, realPathOf } from '../common/index.js';
import type { LibraryDirs } from './home.js';
import {
  DEFAULT_MAX_UPLOAD_BYTES,
  DEFAULT_THUMBNAIL_SIZE,
  DEFAULT_VARIANT_CACHE_BYTES,
  MAX_THUMBNAIL_SIZE,
  MIN_THUMBNAIL_SIZE,
} from '../limits.js';
import { checkSources, maskKeys } from '../sources/index.js';
import { LOCATION_FORMAT, parseLocation } from '../sun/index.js';
import type { Settings } from '../types.js';
import { MIN_SIZE_FORMAT, normalMinSize, parseMinSize } from './min-size.js';

export const SETTINGS_KEYS = [
  'folders',
  'upload_folder',
  'thumbnail_size',
  'max_upload_bytes',
  'set_command',
  'variant_cache_bytes',
  'sources',
  'location',
  'notify',
  'min_size',
  'colors',
  'on_change',
] as const;
type Key = (typeof SETTINGS_KEYS)[number];

function defaultSettings(dirs: LibraryDirs): Settings {
  return {
    folders: [],
    upload_folder: join(dirs.data, 'uploads'),
    thumbnail_size: DEFAULT_THUMBNAIL_SIZE,
    max_upload_bytes: DEFAULT_MAX_UPLOAD_BYTES,
    set_command: null,
    variant_cache_bytes: DEFAULT_VARIANT_CACHE_BYTES,
    sources: [],
    location: null,
    notify: false,
    min_size: '0x0',
    colors: 'off',
    on_change: null,
  };
}

/** Where a value came from, for messages: a file being loaded, or a change being applied. */
type Source = { file: string } | { change: true };

const bad = (key: string, expected: string, source: Source) =>
  new WallpaperError(
    'file' in source ? 'bad_settings_file' : 'invalid_param',
    'file' in source ? `invalid ${key} in ${source.file}: expected ${expected}` : `invalid ${key}: expected ${expected}`,
  );

/** A command line setting (`set_command`, `on_change`) as kept: null for none or a blank line; one
 * that does not split into words is refused when it is set, not at the next change. */
function commandLine(key: string, value: unknown, expected: string, source: Source): string | null {
  if (value !== null && (typeof value !== 'string' || value.includes('\0'))) throw bad(key, expected, source);
  if (value === null || value.trim() === '') return null;
  const problem = commandLineProblem(value);
  if (problem) throw bad(key, `a command line whose quotes and backslashes close (${problem})`, source);
  return value;
}

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/** The library's own folders: the thumbnail and variant caches, the trash and downloads. A library
 * folder there would index thumbnails as wallpapers and bring deleted ones back from the trash. */
export const ownFolders = (dirs: LibraryDirs): string[] => [
  join(dirs.cache, 'thumbnails'),
  join(dirs.cache, 'variants'),
  join(dirs.data, 'trash'),
  join(dirs.data, 'downloads'),
];

/** The config, data and cache homes, each once. */
const homesOf = (dirs: LibraryDirs): string[] => [...new Set([dirs.config, dirs.data, dirs.cache])];

function checkFolder(key: string, value: unknown, source: Source, mustExist: boolean, dirs: LibraryDirs): string {
  if (typeof value !== 'string' || value.trim() === '' || !isAbsolute(value) || value.includes('\0')) {
    throw bad(key, 'an absolute folder path', source);
  }
  // `a/link/../b` means one folder to the kernel and another once normalised: name it plainly.
  if (value.split(/[/\\]/).some((segment) => segment === '.' || segment === '..')) {
    throw bad(key, 'an absolute folder path without . or .. segments', source);
  }
  const folder = resolve(value);
  const real = realPathOf(folder);
  const uploads = realPathOf(join(dirs.data, 'uploads'));
  if (homesOf(dirs).some((home) => isWithin(real, realPathOf(home))) && !isWithin(real, uploads)) {
    throw bad(key, "a folder outside the library's data, config and cache homes (which hold its index, thumbnails and trash)", source);
  }
  if (mustExist) {
    let isDirectory = false;
    try {
      isDirectory = statSync(folder).isDirectory();
    } catch {
      throw new WallpaperError('invalid_param', `invalid ${key}: ${folder} does not exist`);
    }
    if (!isDirectory) throw new WallpaperError('invalid_param', `invalid ${key}: ${folder} is not a directory`);
  }
  return folder;
}

/**
 * Validate `patch` (any subset of the settings keys) on top of `base`.
 * A change (source.change) also requires new folders to exist; a file being loaded does not, so an
 * unmounted disk never stops the tool from starting.
 */
export function validateSettings(base: Settings, patch: unknown, source: Source, dirs: LibraryDirs): Settings {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
    throw 'file' in source
      ? new WallpaperError('bad_settings_file', `invalid settings in ${source.file}: expected a JSON object`)
      : new WallpaperError('invalid_param', `invalid settings: expected a JSON object with any of ${SETTINGS_KEYS.join(', ')}`);
  }
  const next: Settings = { ...base, folders: [...base.folders] };
  const mustExist = 'change' in source;
  for (const [key, value] of Object.entries(patch)) {
    switch (key as Key) {
      case 'folders': {
        if (!Array.isArray(value)) throw bad(key, 'an array of absolute folder paths', source);
        // Only folders new to the record must exist: a folder already there may be on a disk that
        // is away, and that must not stop other changes.
        const folders = value.map((folder) => checkFolder(key, folder, source, mustExist && !base.folders.includes(folder), dirs));
        next.folders = [...new Set(folders)];
        break;
      }
      case 'upload_folder':
        next.upload_folder = value === base.upload_folder ? base.upload_folder : checkFolder(key, value, source, false, dirs);
        break;
      case 'thumbnail_size':
        if (!isWhole(value) || value < MIN_THUMBNAIL_SIZE || value > MAX_THUMBNAIL_SIZE) {
          throw bad(key, `a whole number from ${MIN_THUMBNAIL_SIZE} to ${MAX_THUMBNAIL_SIZE}`, source);
        }
        next.thumbnail_size = value;
        break;
      case 'max_upload_bytes':
        if (!isWhole(value) || value < 1) throw bad(key, 'a whole number of bytes, 1 or more', source);
        next.max_upload_bytes = value;
        break;
      case 'variant_cache_bytes':
        if (!isWhole(value) || value < 0) throw bad(key, 'a whole number of bytes, 0 or more (0 keeps no variants on disk)', source);
        next.variant_cache_bytes = value;
        break;
      case 'sources':
        try {
          next.sources = checkSources(value, base.sources);
        } catch (error) {
          // A file being loaded names itself; a change names the field.
          if ('file' in source) throw bad(key, `a valid sources array (${(error as Error).message})`, source);
          throw error;
        }
        break;
      case 'location':
        // Kept as written (less spaces), so `config get` shows what was set; "" or null unsets it.
        if (value === null || value === '') next.location = null;
        else if (typeof value === 'string' && parseLocation(value)) next.location = value.replace(/\s+/g, '');
        else throw bad(key, `${LOCATION_FORMAT}, or null`, source);
        break;
      case 'notify':
        if (typeof value !== 'boolean') throw bad(key, 'true or false', source);
        next.notify = value;
        break;
      case 'min_size':
        if (!parseMinSize(value)) throw bad(key, MIN_SIZE_FORMAT, source);
        next.min_size = normalMinSize(value as string);
        break;
      case 'colors':
        if (value !== 'off' && value !== 'write' && value !== 'apply') throw bad(key, 'off, write or apply', source);
        next.colors = value;
        break;
      case 'on_change':
        next.on_change = commandLine(key, value, 'a command line or null', source);
        break;
      case 'set_command':
        next.set_command = commandLine(key, value, 'a command string or null', source);
        break;
      default:
        throw new WallpaperError(
          'file' in source ? 'bad_settings_file' : 'invalid_param',
          `unknown setting ${JSON.stringify(key.slice(0, 64))}${'file' in source ? ` in ${source.file}` : ''}: expected one of ${SETTINGS_KEYS.join(', ')}`,
        );
    }
  }
  return next;
}

/** The settings as shown to anyone (config, GET /api/settings): source keys as "***". */
export const shownSettings = (settings: Settings): Settings => ({ ...settings, sources: maskKeys(settings.sources) });

export interface SettingsStore {
  readonly file: string;
  /** The record, read fresh from the file so changes by another process are seen. */
  read(): Settings;
  /** Validate and save a change; returns the whole new record. */
  update(patch: unknown): Settings;
}

const require = createRequire(import.meta.url);

export function openSettings(dirs: LibraryDirs): SettingsStore {
  const file = join(dirs.config, 'settings.json');
  const defaults = defaultSettings(dirs);
  let conf: Conf<Record<string, unknown>> | undefined;
  // The parsed record of one file identity (inode, size, times): a server reads settings on every
  // request, and a file replaced or edited by another process is a new identity.
  const parsed = new VersionedCache<Settings>({ maxEntries: 1 });
  const copy = (settings: Settings): Settings => ({ ...settings, folders: [...settings.folders], sources: [...settings.sources] });
  const read = (): Settings => {
    const info = statSync(file, { bigint: true, throwIfNoEntry: false });
    const identity = info ? `${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}` : 'absent';
    const cached = parsed.get(identity, file);
    if (cached) return copy(cached);
    let stored: unknown = {};
    try {
      stored = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw new WallpaperError('bad_settings_file', `settings file ${file} cannot be read: ${oneLine(error)}`, { cause: error });
      }
    }
    const settings = validateSettings(defaults, stored, { file }, dirs);
    parsed.set(identity, file, settings);
    return copy(settings);
  };
  return {
    file,
    read,
    update(patch) {
      const next = validateSettings(read(), patch, { change: true }, dirs);
      // conf writes atomically (temp file and rename) and creates the folder.
      const { default: ConfClass } = require('conf') as typeof import('conf');
      conf ??= new ConfClass({ cwd: dirs.config, configName: 'settings', accessPropertiesByDotNotation: false });
      conf.store = { ...next };
      return next;
    },
  };
}
