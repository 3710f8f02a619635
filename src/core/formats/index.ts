// The formats room: everything the library knows about image formats (CONTRACT.md 1 and 8.1), so no
// other room names one. Which formats are indexed and under which extensions and media types
// (table.ts); which format bytes hold, by content (sniff.ts); the size a header declares, read before
// any pixel so a decompression bomb is refused in every format (jxl-header.ts, isobmff.ts, bmp.ts,
// svg.ts); decoding to a sharp pipeline, the first frame of an animation and the primary image of a
// HEIC (decode.ts), with JPEG XL and HEIC decoded by WebAssembly in threads that give their memory
// back (wasm-pool.ts) or by djxl where the system has it (djxl.ts); SVG rendered without reading
// anything outside the file (svg.ts); and what this machine decodes, for doctor (support.ts).
// May use: common (how its decoder threads start), errors.ts and limits.ts of the core's root, sharp (loaded lazily), @jsquash/jxl and
// libheif-js (in the decoder threads only). Other rooms import this file, never the ones beside it.
export {
  type FormatName,
  type FormatInfo,
  FORMAT_TABLE,
  INDEXED_EXTENSIONS,
  BROWSER_FORMATS,
  formatInfo,
  extensionOf,
  formatOfExtension,
  contentTypeOf,
  shownEverywhere,
} from './table.js';
export { sniffFormat } from './sniff.js';
export { heifImageCount } from './isobmff.js';
export { type Probe, type DecodeOptions, probeImage, decodeImage, useSystemDecoders, wasmDecoders } from './decode.js';
export { type FormatSupport, formatSupport } from './support.js';
export { RECYCLE_BYTES, IDLE_MS } from './wasm-pool.js';
