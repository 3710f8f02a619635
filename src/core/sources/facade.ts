// The sources part of the Library facade: add, list and remove sources (kept in the
// settings key `sources`), and fetch: each source in turn (one failing never stops the others),
// then one scan indexes what came, then each source is trimmed to its --keep (oldest first, to the
// trash like a delete, favourites never).
import { join } from 'node:path';
import { prepare } from '../curate/index.js';
import { WallpaperError } from '../errors.js';
import type { LibraryDirs } from '../types/library.js';
import type { Store } from '../store/index.js';
import type { ScanSummary, Settings, Wallpaper } from '../types.js';
import { MASKED_KEY, freeName, maskKeys } from './settings.js';
import type { FetchSummary, SourceSetting, Sources } from '../types/sources.js';

export interface SourcesDeps {
  store: Store;
  dirs: LibraryDirs;
  settings: () => Settings;
  updateSettings: (patch: unknown) => Settings;
  scan: () => Promise<ScanSummary>;
  remove: (id: string) => Promise<boolean>;
  get: (id: string) => Wallpaper | undefined;
}

/** Where a source's files go: `<data home>/sources/<name>/`. */
export const sourcesRoot = (dirs: LibraryDirs): string => join(dirs.data, 'sources');

/** This library's client name on other servers: the same for every fetch from this data home. */
const clientName = (dirs: LibraryDirs): string =>
  `wallpaper-${process.getBuiltinModule('node:crypto').createHash('sha256').update(dirs.data).digest('hex').slice(0, 16)}`;

export function createSources(deps: SourcesDeps): Sources {
  const { store, dirs } = deps;
  const named = (name: string): SourceSetting | undefined => deps.settings().sources.find((source) => source.name === name);

  /** Trim a source to its keep: the oldest non-favourites go to the trash. Returns how many went. */
  async function trim(source: SourceSetting): Promise<number> {
    const files = store.sources.files(source.name);
    const ids = [...new Set(files.flatMap((file) => (file.id ? [file.id] : [])))];
    let over = ids.length - source.keep;
    let removed = 0;
    for (const id of ids) {
      if (over <= 0) break;
      if (deps.get(id)?.favorite) continue;
      const paths = files.filter((file) => file.id === id).map((file) => file.path);
      if (await deps.remove(id)) {
        store.sources.forgetFiles(paths);
        removed++;
        over--;
      }
    }
    return removed;
  }

  return {
    listSources() {
      return deps.settings().sources.map(({ name, kind, query, keep, key }) => {
        const state = store.sources.state(name);
        return {
          name,
          kind,
          query,
          keep,
          key: key === null ? null : MASKED_KEY,
          count: store.sources.count(name),
          last_fetch: state?.last_fetch ?? null,
          last_error: state?.last_error ?? null,
        };
      });
    },

    addSource(fields) {
      const current = deps.settings().sources;
      const name =
        fields.name ??
        freeName(
          fields.kind,
          current.map((source) => source.name),
        );
      if (current.some((source) => source.name === name)) {
        throw new WallpaperError('invalid_param', `invalid name: a source named ${JSON.stringify(name)} exists already`);
      }
      const after = deps.updateSettings({ sources: [...current, { ...fields, name }] }).sources;
      return maskKeys(after.filter((source) => source.name === name))[0]!;
    },

    async removeSource(name, options = {}) {
      const source = named(name);
      if (!source) return false;
      deps.updateSettings({ sources: deps.settings().sources.filter((other) => other.name !== name) });
      if (options.deleteFiles) {
        for (const file of store.sources.files(name)) if (file.id) await deps.remove(file.id);
      }
      store.sources.forget(name, options.deleteFiles === true);
      return true;
    },

    async fetchSources(names = [], options = {}) {
      const all = deps.settings().sources;
      for (const name of names) {
        if (!all.some((source) => source.name === name)) throw new WallpaperError('not_found', `no source named ${JSON.stringify(name)}`);
      }
      const chosen = names.length === 0 ? all : all.filter((source) => names.includes(source.name));
      const settings = deps.settings();
      const kept = new Set<string>();
      const seen = {
        has: (id: string) => kept.has(id) || store.get(id) !== undefined,
        fingerprints: store.candidates().map((candidate) => prepare(candidate.fingerprint)),
      };
      // undici and the kinds load only when something is fetched: list and random stay quick to start.
      const { fetchOne } = await import('./run.js');
      const summaries: FetchSummary[] = [];
      for (const source of chosen) {
        const context = {
          store,
          folder: join(sourcesRoot(dirs), source.name),
          client: clientName(dirs),
          maxBytes: settings.max_upload_bytes,
          thumbnailSize: settings.thumbnail_size,
          seen,
          kept,
        };
        summaries.push(await fetchOne(source, context, options));
      }
      if (kept.size > 0) {
        await deps.scan();
        // A scan that was already running when the files came may have missed them: one more.
        if ([...kept].some((id) => store.get(id) === undefined)) await deps.scan();
      }
      for (const summary of summaries) {
        const source = chosen.find((one) => one.name === summary.name)!;
        if (summary.added > 0) summary.removed = await trim(source);
        options.onSource?.(summary);
      }
      return summaries;
    },
  };
}
