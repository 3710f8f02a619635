// The settings room: where the library's files live (config, data and cache homes, docs/design.md#where-files-live)
// and the settings record kept there with conf, validated on load and on change.
// May use: common, sources and sun.
export { oneFolder, resolveDirs } from './home.js';
export type { LibraryDirs } from './home.js';
export { SETTINGS_KEYS, openSettings, ownFolders, shownSettings, validateSettings } from './settings.js';
export type { SettingsStore } from './settings.js';
export { SMALL_HINT, parseMinSize, smallerReason, smallerThan } from './min-size.js';
