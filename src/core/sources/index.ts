// The sources room: wallpapers from the web into the library (docs/design.md#sources): one module per kind
// of service, the download (to a temp file, checked, placed), the fetch run with its keep rule,
// and the settings key `sources`. undici loads only when something is fetched.
// May use: analysis, common, curate, formats, query and store.
export { SOURCE_KINDS } from '../types/sources.js';
export type { SourceCredit, SourceSetting, Sources } from '../types/sources.js';
export { DEFAULT_KEEP, checkSources, maskKeys } from './settings.js';
export { createSources, sourcesRoot } from './facade.js';
export { withSourceTags, withSourceTitles } from './tags.js';
