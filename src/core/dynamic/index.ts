// The dynamic room: wallpapers that change with the time of day (docs/design.md#the-time-of-day). GNOME's timed
// background XML (gnome.ts), wallutils' Simple Timed Wallpaper .stw 1.0 (stw.ts) and Apple's dynamic
// HEIC (apple.ts: its XMP's apple_desktop binary plists, bplist.ts) read into one model
// (timeline.ts): which frame shows at a moment and when that changes, timed, by the sun's position,
// or light and dark. XML is read by xml.ts, which never expands an entity. What makes one malformed
// (frames.ts, read.ts): a missing frame file, times out of order, a transition loop, a frame that is
// no image; the scan skips such a file with the reason.
// May use: formats and sun (image headers and a HEIC's images; where the sun stands).
export { MalformedDynamic } from './frames.js';
export { TIMED_FILE_EXTENSIONS, checkFrames, readDynamic } from './read.js';
export { frameAt, noonFrame, summaryOf } from './timeline.js';
export type { Dynamic, DynamicSummary, Frame, FrameNow } from './timeline.js';
