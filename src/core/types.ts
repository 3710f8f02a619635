// The shapes the core hands to its faces: the Wallpaper record of the API spec (section 2), the list
// response, the scan summary, the settings record, and the Library facade itself. They live in
// types/, leaf modules that import no module importing them (npm test checks src for cycles).
export type * from './types/files.js';
export type * from './types/library.js';
export type * from './types/portable.js';
export type * from './types/records.js';
export type * from './types/scan.js';
export type * from './types/settings.js';
export type * from './types/sources.js';
