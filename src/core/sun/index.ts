// The sun room: where the sun is at the library's `location` (docs/design.md#the-time-of-day): the location
// setting's form, and sunrise and sunset (suncalc) with polar day and night, for `--appearance
// sun` and `watch`, and where the sun stands (altitude, azimuth) for the solar dynamic wallpapers.
// May use: nothing but the leaves.
export { LOCATION_FORMAT, parseLocation } from './location.js';
export type { Location } from './location.js';
export { nextSunEvent, sunAt } from './times.js';
export type { SunEvent, SunNow } from './times.js';
export { sunPosition } from './position.js';
export type { SunPosition } from './position.js';
