// The shapes of sources (docs/design.md#sources): a source as the settings keep it, the attribution a
// fetched wallpaper carries, what one kind answers, and the facade's methods the faces call.

export const SOURCE_KINDS = ['wallhaven', 'unsplash', 'reddit', 'bing', 'apod', 'rss', 'wallpaper', 'json'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** One entry of the settings key `sources`. */
export interface SourceSetting {
  name: string;
  kind: SourceKind;
  /** The search words (the subreddit for reddit), or null. */
  query: string | null;
  /** At most this many wallpapers of the source stay (default 50). */
  keep: number;
  /** The feed, the API's base, or the other server's base URL; null for the service's own. */
  url: string | null;
  /** The service's API key; shown as "***" wherever settings are printed. */
  key: string | null;
  /** For `json`: the dotted path to the image URL in the answer. */
  image_path: string | null;
  /** Fetch what a service marks adult too. */
  nsfw: boolean;
}

/** A fetched wallpaper's attribution: the Wallpaper JSON's `source` (each field a string or null). */
export interface SourceCredit {
  name: string;
  kind: string;
  page_url: string | null;
  author: string | null;
  author_url: string | null;
  license: string | null;
}

/** A source as `source list --json` and `GET /api/sources` show it. */
export interface SourceEntry {
  name: string;
  kind: SourceKind;
  query: string | null;
  keep: number;
  /** "***" when the source has a key (the key itself is never shown), else null. */
  key: string | null;
  count: number;
  last_fetch: string | null;
  last_error: string | null;
}

/** What one source's fetch did (`fetch --json`, `POST /api/sources/{name}/fetch`). */
export interface FetchSummary {
  name: string;
  added: number;
  skipped: number;
  removed: number;
  failed: number;
  error: string | null;
}

export interface FetchOptions {
  /** Every request's time limit, in ms (default SOURCE_TIMEOUT_MS). */
  timeoutMs?: number;
  /** The largest monitor, when known: Wallhaven's `atleast`. */
  monitor?: { width: number; height: number };
  /** How host names are resolved (default dns.lookup, called with `all: true`); every address it
   * gives is checked against the source's reach before it is connected to. */
  lookup?: import('node:net').LookupFunction;
  /** Told about each source as it is done. */
  onSource?: (summary: FetchSummary) => void;
}

/** The sources part of the Library facade. */
export interface Sources {
  /** The sources with their counts and last fetch. */
  listSources(): SourceEntry[];
  /** Add a source (validated like the settings); returns it as the settings keep it, key masked. */
  addSource(fields: Omit<Partial<SourceSetting>, 'kind'> & { kind: string }): SourceSetting;
  /** Remove a source; its files move to the trash when `deleteFiles`. false for an unknown name. */
  removeSource(name: string, options?: { deleteFiles?: boolean }): Promise<boolean>;
  /** Fetch the named sources (every source when none are named), then index what came. */
  fetchSources(names?: readonly string[], options?: FetchOptions): Promise<FetchSummary[]>;
}
