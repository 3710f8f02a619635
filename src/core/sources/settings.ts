// The settings key `sources` (docs/design.md#sources): each entry validated as a change or a loaded file
// is, with messages naming the field; the key masked wherever settings are shown.
import { WallpaperError } from '../errors.js';
import { SOURCE_KINDS, type SourceKind, type SourceSetting } from '../types/sources.js';

/** How many wallpapers a source keeps without --keep. */
export const DEFAULT_KEEP = 50;
/** What a key is shown as: never the key itself. */
export const MASKED_KEY = '***';
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

const fail = (field: string, expected: string) => new WallpaperError('invalid_param', `invalid ${field}: expected ${expected}`);

const text = (value: unknown, field: string): string | null => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.includes('\0')) throw fail(field, 'a text');
  return value;
};

function httpUrl(value: unknown, field: string): string | null {
  const given = text(value, field);
  if (given === null) return null;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw fail(field, 'an http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fail(field, 'an http:// or https:// URL');
  return given;
}

/** One entry, checked; `previous` (the same name's entry before) keeps its key when given "***". */
export function checkSource(entry: unknown, previous?: SourceSetting): SourceSetting {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw fail('sources', 'an array of source objects');
  const e = entry as Record<string, unknown>;
  if (typeof e.kind !== 'string' || !(SOURCE_KINDS as readonly string[]).includes(e.kind)) {
    throw fail('kind', `one of ${SOURCE_KINDS.join(', ')}`);
  }
  const kind = e.kind as SourceKind;
  if (typeof e.name !== 'string' || !NAME.test(e.name)) throw fail('name', '1 to 64 of A-Za-z0-9._- (starting with a letter or digit)');
  const keep = e.keep ?? DEFAULT_KEEP;
  if (typeof keep !== 'number' || !Number.isSafeInteger(keep) || keep < 1) throw fail('keep', 'a whole number, 1 or more');
  if (e.nsfw !== undefined && typeof e.nsfw !== 'boolean') throw fail('nsfw', 'true or false');
  const key = e.key === MASKED_KEY ? (previous?.key ?? null) : text(e.key, 'key');
  const source: SourceSetting = {
    name: e.name,
    kind,
    query: text(e.query, 'query'),
    keep,
    url: httpUrl(e.url, 'url'),
    key,
    image_path: text(e.image_path, 'image_path'),
    nsfw: e.nsfw === true,
  };
  if ((kind === 'rss' || kind === 'wallpaper' || kind === 'json') && source.url === null)
    throw fail('url', `the ${kind} source's URL (--url)`);
  if (kind === 'json' && source.image_path === null) throw fail('image_path', 'a dotted path to the image URL (--image-path)');
  if (kind === 'reddit' && source.query === null) throw fail('query', 'the subreddit (--query)');
  return source;
}

/** The whole `sources` value: unique names. */
export function checkSources(value: unknown, previous: readonly SourceSetting[]): SourceSetting[] {
  if (!Array.isArray(value)) throw fail('sources', 'an array of source objects');
  const sources = value.map((entry) =>
    checkSource(
      entry,
      previous.find((p) => p.name === (entry as { name?: unknown })?.name),
    ),
  );
  const names = new Set<string>();
  for (const { name } of sources) {
    if (names.has(name)) throw fail('sources', `unique names (${name} is twice)`);
    names.add(name);
  }
  return sources;
}

/** The sources as shown: every key that is set masked. */
export const maskKeys = (sources: readonly SourceSetting[]): SourceSetting[] =>
  sources.map((source) => ({ ...source, key: source.key === null ? null : MASKED_KEY }));

/** The name a new source of `kind` gets: KIND, then KIND-2, ... */
export function freeName(kind: string, taken: readonly string[]): string {
  if (!taken.includes(kind)) return kind;
  for (let n = 2; ; n++) if (!taken.includes(`${kind}-${n}`)) return `${kind}-${n}`;
}
