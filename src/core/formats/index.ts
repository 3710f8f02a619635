// The formats room: everything the library knows about image formats (docs/design.md#every-format), so no
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
  INDEXED_EXTENSIONS,
  formatInfo,
  extensionOf,
  formatOfExtension,
  contentTypeOf,
  shownEverywhere,
} from './table.js';
export { sniffFormat } from './sniff.js';
export { asStillAvif, heifImageCount } from './isobmff.js';
export { decodeCost, useSystemDecoders, wasmDecoders } from './decoders.js';

// The decoders and the support report are imported on first use: the table above is what most
// rooms need (the query's extensions, the desktop's shownEverywhere), and loading the decoders
// with it cost every command ~6 ES modules at start.
type Decode = typeof import('./decode.js');
export type { Probe } from './decode.js';

/** Format and displayed size from the bytes, no pixel decoded (decode.ts). */
export const probeImage: Decode['probeImage'] = async (bytes) => (await import('./decode.js')).probeImage(bytes);
/** The first frame / primary image as a sharp pipeline (decode.ts). */
export const decodeImage: Decode['decodeImage'] = async (bytes, probe, options) =>
  (await import('./decode.js')).decodeImage(bytes, probe, options);
/** What this machine decodes, for doctor (support.ts). */
export const formatSupport: typeof import('./support.js').formatSupport = async (env) => (await import('./support.js')).formatSupport(env);
