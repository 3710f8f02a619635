// The process's decoders, held apart from decode.ts so that naming them at the room's door does
// not load the decoding code: its WebAssembly decoder threads (JPEG XL without djxl, and HEIC),
// whether a system decoder (djxl) is used where present (off to measure or test the WebAssembly one),
// and what their decodes cost in memory (docs/formats.md#memory).
import { collectNow, releaseMemory } from '../common/index.js';
import type { FormatName } from './table.js';
import { WasmPool } from './wasm-pool.js';

/** The process's decoder threads (JPEG XL without djxl, and HEIC). */
export const wasmDecoders = new WasmPool();

let systemDecoders = true;
/** Whether a system decoder (djxl) is used when present; off to measure or test the WebAssembly one. */
export const useSystemDecoders = (use: boolean): void => {
  systemDecoders = use;
};
export const systemDecodersOn = (): boolean => systemDecoders;

/** How many times a libvips decode's memory a pixel of these formats takes: djxl held 154 MB for a
 * 3840x2160 (18 bytes a pixel, its own process), libheif's WebAssembly memory ~200 MB and
 * @jsquash/jxl's ~400 MB, against the 3 bytes a pixel of the RGB that libvips holds, at most, for
 * the formats it streams. Counted so in the process's pixel budget, a 4K JPEG XL or HEIC is decoded
 * alone (beside small ones at most): two at once took `serve` to 760 MB. */
const HEAVY_DECODE_FACTOR = 8;

/** What decoding a `width` x `height` picture of `format` takes of the pixel budget
 * (analysis/decode-budget.ts). */
export const decodeCost = (format: FormatName, width: number, height: number): number =>
  width * height * (format === 'jxl' || format === 'heif' ? HEAVY_DECODE_FACTOR : 1);

/** After a burst of JPEG XL or HEIC decodes: how long at rest before the garbage is collected. */
const COLLECT_AFTER_MS = 3_000;
/** A picture this large is decoded after a collection (~10-30 ms, against its decode's seconds). */
const COLLECT_BEFORE_PIXELS = 4_000_000;
let collectTimer: NodeJS.Timeout | undefined;
/** Around a JPEG XL or HEIC decode of `pixels`. Their pixels (33 MB a 4K picture, outside V8's heap)
 * are freed only by a garbage collection, which V8 runs late for memory outside its heap and a server
 * at rest never runs: a large one is decoded after a collection (the last ones' pixels freed first),
 * and the garbage of a burst is collected COLLECT_AFTER_MS after its last decode. */
export function collectAround(pixels: number): void {
  if (pixels >= COLLECT_BEFORE_PIXELS) collectNow();
  clearTimeout(collectTimer);
  collectTimer = setTimeout(releaseMemory, COLLECT_AFTER_MS).unref();
}
