// The export file (`wallpaper export`, format version 1) and its checking before `import` touches
// anything: a file that is not JSON, has the wrong shape, a bad id or an unknown version is refused
// whole, with the JSON path of the first thing wrong (`favorites[3].id`), so nothing is half-applied.
import { normalTag } from '../query/index.js';
import { WallpaperError, oneLine } from '../errors.js';
import type { ExportEntry, ExportFile } from '../types.js';

export type { ExportFile };

export const EXPORT_FORMAT: ExportFile['format'] = 'wallpaper-export';
export const EXPORT_VERSION: ExportFile['version'] = 1;

const SECTIONS = ['favorites', 'hidden', 'tags', 'not_duplicates', 'history'] as const;
const TOP_KEYS = ['format', 'version', 'exported_at', 'settings', ...SECTIONS];

/** Raised with the JSON path of what is wrong. */
class Malformed extends Error {}

const typeName = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value);
const fail = (path: string, expected: string, value: unknown): never => {
  const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 64)) : typeName(value);
  throw new Malformed(`${path || 'the top level'}: expected ${expected}, got ${shown}`);
};

const object = (value: unknown, path: string, keys: readonly string[]): Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'a JSON object', value);
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).find((key) => !keys.includes(key));
  if (unknown !== undefined) throw new Malformed(`${path ? `${path}.` : ''}${unknown}: unknown key: expected ${keys.join(', ')}`);
  return record;
};
const array = (value: unknown, path: string): unknown[] => (Array.isArray(value) ? value : fail(path, 'an array', value));
const string = (value: unknown, path: string): string => (typeof value === 'string' ? value : fail(path, 'a string', value));
const id = (value: unknown, path: string): string =>
  typeof value === 'string' && /^[0-9a-f]{16}$/.test(value) ? value : fail(path, 'a wallpaper id (16 lowercase hex characters)', value);
const paths = (value: unknown, path: string): string[] => array(value ?? [], path).map((item, i) => string(item, `${path}[${i}]`));

function entry(value: unknown, path: string, extra: readonly string[] = []): ExportEntry & Record<string, unknown> {
  const record = object(value, path, ['id', 'paths', ...extra]);
  return { ...record, id: id(record.id, `${path}.id`), paths: paths(record.paths, `${path}.paths`) };
}

/** Check `text` (the file named `name`) and return it typed; invalid_param with the path otherwise. */
export function parseExport(text: string, name: string): ExportFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new WallpaperError('invalid_param', `invalid export file ${name}: not JSON (${oneLine(error)})`);
  }
  try {
    return checked(json);
  } catch (error) {
    if (!(error instanceof Malformed)) throw error;
    throw new WallpaperError('invalid_param', `invalid export file ${name} at ${error.message}`);
  }
}

function checked(json: unknown): ExportFile {
  const top = object(json, '', TOP_KEYS);
  if (top.format !== EXPORT_FORMAT) fail('format', `"${EXPORT_FORMAT}" (a file of wallpaper export)`, top.format);
  if (top.version !== EXPORT_VERSION) fail('version', `${EXPORT_VERSION} (the versions this program reads)`, top.version);
  const list = (key: (typeof SECTIONS)[number]) => array(top[key] ?? [], key);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: top.exported_at === undefined ? '' : string(top.exported_at, 'exported_at'),
    settings: top.settings === undefined ? {} : object(top.settings, 'settings', Object.keys(top.settings as object)),
    favorites: list('favorites').map((item, i) => entry(item, `favorites[${i}]`)),
    hidden: list('hidden').map((item, i) => entry(item, `hidden[${i}]`)),
    tags: list('tags').map((item, i) => {
      const record = entry(item, `tags[${i}]`, ['tags']);
      const names = array(record.tags, `tags[${i}].tags`).map((tag, j) => {
        const where = `tags[${i}].tags[${j}]`;
        return normalTag(string(tag, where)) ?? fail(where, 'a tag name (1 to 64 characters, no commas or control characters)', tag);
      });
      return { id: record.id, paths: record.paths, tags: [...new Set(names)] };
    }),
    not_duplicates: list('not_duplicates').map((item, i) => {
      const record = object(item, `not_duplicates[${i}]`, ['ids', 'paths']);
      const ids = array(record.ids, `not_duplicates[${i}].ids`);
      if (ids.length !== 2) fail(`not_duplicates[${i}].ids`, 'two ids', ids);
      const pair = ids.map((value, j) => id(value, `not_duplicates[${i}].ids[${j}]`)) as [string, string];
      const both = array(record.paths ?? [[], []], `not_duplicates[${i}].paths`);
      const pairPaths = [0, 1].map((j) => paths(both[j], `not_duplicates[${i}].paths[${j}]`)) as [string[], string[]];
      return { ids: pair, paths: pairPaths };
    }),
    history: list('history').map((item, i) => {
      const record = entry(item, `history[${i}]`, ['set_at', 'monitor']);
      const setAt = string(record.set_at, `history[${i}].set_at`);
      if (Number.isNaN(Date.parse(setAt))) fail(`history[${i}].set_at`, 'a date and time (ISO 8601)', setAt);
      const monitor = record.monitor ?? null;
      if (monitor !== null) string(monitor, `history[${i}].monitor`);
      return { id: record.id, paths: record.paths, set_at: setAt, monitor: monitor as string | null };
    }),
  };
}
