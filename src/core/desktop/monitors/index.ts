// The monitors' public face: detect them (or read the user's list) for `wallpaper monitors` and the
// per-monitor `random --set`.
// May use: tools.
export { detectMonitors } from './detect.js';
export { parseMonitorsOverride } from './parse-other.js';
export type { Monitor } from './types.js';
