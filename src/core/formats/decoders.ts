// The process's decoders, held apart from decode.ts so that naming them at the room's door does
// not load the decoding code: its WebAssembly decoder threads (JPEG XL without djxl, and HEIC), and
// whether a system decoder (djxl) is used where present (off to measure or test the WebAssembly one).
import { WasmPool } from './wasm-pool.js';

/** The process's decoder threads (JPEG XL without djxl, and HEIC). */
export const wasmDecoders = new WasmPool();

let systemDecoders = true;
/** Whether a system decoder (djxl) is used when present; off to measure or test the WebAssembly one. */
export const useSystemDecoders = (use: boolean): void => {
  systemDecoders = use;
};
export const systemDecodersOn = (): boolean => systemDecoders;
