// `wallpaper export`: the user's own data as one JSON document (format.ts), every wallpaper named by
// its id (what import matches) with the paths it has in this library (for the person reading it).
import type { Store } from '../store/index.js';
import type { Settings } from '../types.js';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportFile } from './format.js';

export function buildExport(store: Store, settings: Settings, now: Date): ExportFile {
  const data = store.userData();
  const pathsById = store.pathsById();
  const named = (id: string) => ({ id, paths: pathsById.get(id) ?? [] });
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: now.toISOString(),
    settings: { ...settings },
    favorites: data.favorites.map(named),
    hidden: data.hidden.map(named),
    tags: [...data.tags].map(([id, tags]) => ({ ...named(id), tags })),
    not_duplicates: data.distinct.map(([a, b]) => ({ ids: [a, b], paths: [named(a).paths, named(b).paths] })),
    history: data.history.map(({ id, set_at, monitor }) => ({ ...named(id), set_at, monitor })),
  };
}
