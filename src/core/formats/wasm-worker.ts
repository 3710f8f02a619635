// The thread that runs the WebAssembly decoders (JPEG XL: @jsquash/jxl, libjxl; HEIC: libheif-js,
// libheif with libde265). A WebAssembly memory only grows, so these run here, in a thread the pool
// (wasm-pool.ts) ends once it has grown large: ending it is the only way to give the memory back.
// Each message is one file; the answer is its pixels as RGBA, top row first, the buffer moved (not
// copied) to the caller, and how large this thread's WebAssembly memories have grown.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

export interface DecodeRequest {
  id: number;
  kind: 'jxl' | 'heic';
  bytes: Uint8Array;
  /** A HEIC's image by index among its top-level images (a frame of a dynamic wallpaper); absent: the primary one. */
  image?: number;
}

export type DecodeAnswer =
  | { id: number; ok: true; data: ArrayBuffer; width: number; height: number; memoryBytes: number }
  | { id: number; ok: false; error: string; memoryBytes: number };

const require = createRequire(import.meta.url);

/** The decoders compiled once by the pool (wasm-pool.ts), so a new thread only instantiates them. */
export interface CompiledDecoders {
  heic?: WebAssembly.Module;
  jxl?: WebAssembly.Module;
}
const compiled = (workerData ?? {}) as CompiledDecoders;

// libheif-js reports its failures with console.log; in this thread they would reach the CLI's
// standard output (a `scan --json` reader's input). The answer carries the failure instead.
console.log = () => {};

interface HeifImage {
  get_width(): number;
  get_height(): number;
  is_primary(): boolean;
  free(): void;
  display(target: { data: Uint8ClampedArray; width: number; height: number }, done: (result: unknown) => void): void;
}
interface Libheif {
  ready: Promise<void>;
  HeifDecoder: new () => { decoder: number | null; decode(bytes: Uint8Array): HeifImage[] };
  heif_context_free(context: number): void;
  HEAPU8: Uint8Array;
}

let heif: Libheif | undefined;
let jxl: ((buffer: ArrayBuffer) => Promise<{ data: Uint8ClampedArray; width: number; height: number }>) | undefined;
let jxlMemory: (() => number) | undefined;

async function decodeHeic(bytes: Uint8Array, index?: number): Promise<{ data: ArrayBuffer; width: number; height: number }> {
  if (!heif) {
    const factory = require('libheif-js/libheif-wasm/libheif.js') as (options: object) => Libheif;
    const module = compiled.heic;
    heif = factory(
      module
        ? {
            instantiateWasm: (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) => {
              const instance = new WebAssembly.Instance(module, imports);
              done(instance, module);
              return instance.exports;
            },
          }
        : { wasmBinary: readFileSync(require.resolve('libheif-js/libheif-wasm/libheif.wasm')) },
    );
    await heif.ready;
  }
  const decoder = new heif.HeifDecoder();
  const images = decoder.decode(bytes);
  try {
    if (images.length === 0) throw new Error('libheif found no image in it');
    // A file of several images (a macOS dynamic wallpaper, a burst) is shown by its primary one.
    // (A frame of a dynamic one is asked by its index.)
    const image = index === undefined ? images.find((candidate) => candidate.is_primary()) : images[index];
    if (!image) throw new Error(index === undefined ? 'it has no primary image' : `it has no image ${index} (it holds ${images.length})`);
    const width = image.get_width();
    const height = image.get_height();
    const data = new Uint8ClampedArray(width * height * 4);
    await new Promise<void>((resolve, reject) =>
      image.display({ data, width, height }, (result) => (result ? resolve() : reject(new Error('libheif could not decode its image')))),
    );
    return { data: data.buffer, width, height };
  } finally {
    for (const image of images) image.free();
    if (decoder.decoder) heif.heif_context_free(decoder.decoder);
  }
}

async function decodeJxl(bytes: Uint8Array): Promise<{ data: ArrayBuffer; width: number; height: number }> {
  if (!jxl) {
    const { default: decode, init } = await import('@jsquash/jxl/decode.js');
    const wasm = compiled.jxl ?? (await WebAssembly.compile(readFileSync(require.resolve('@jsquash/jxl/codec/dec/jxl_dec.wasm'))));
    const module = (await init(wasm)) as unknown as { HEAPU8?: Uint8Array };
    jxlMemory = () => module.HEAPU8?.byteLength ?? 0;
    jxl = decode as unknown as typeof jxl;
  }
  const copy = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const image = await jxl!(copy);
  return { data: image.data.buffer as ArrayBuffer, width: image.width, height: image.height };
}

const memoryBytes = () => (heif?.HEAPU8?.byteLength ?? 0) + (jxlMemory?.() ?? 0);

parentPort?.on('message', async (request: DecodeRequest) => {
  try {
    const { data, width, height } =
      request.kind === 'jxl' ? await decodeJxl(request.bytes) : await decodeHeic(request.bytes, request.image);
    const answer: DecodeAnswer = { id: request.id, ok: true, data, width, height, memoryBytes: memoryBytes() };
    parentPort!.postMessage(answer, [data]);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const answer: DecodeAnswer = { id: request.id, ok: false, error: message, memoryBytes: memoryBytes() };
    parentPort!.postMessage(answer);
  }
});
