// The threads that run the WebAssembly decoders (wasm-worker.ts), and the rule that gives their
// memory back. A WebAssembly memory never shrinks: one 50-megapixel JPEG XL grows the decoder's to
// over a gigabyte, kept for the life of whatever holds it. So a thread is ended (its memory returned
// to the system) as soon as its memory has grown past RECYCLE_BYTES, and any thread once it has been
// idle for IDLE_MS; a new one starts on the next file (tens of milliseconds, against a decode's
// hundreds). A decode that runs past DECODE_TIMEOUT_MS ends its thread too: a hostile file cannot
// hold a core forever.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ownWorker } from '../common/index.js';
import type { CompiledDecoders, DecodeAnswer, DecodeRequest } from './wasm-worker.js';

/** Memory a thread may keep between files: what decoding a 4K image needs, so a scan of 4K
 * wallpapers reuses its threads, while the memory of anything larger goes back at once. */
const RECYCLE_BYTES = 160 * 1024 * 1024;
/** A thread idle this long is ended: a scan keeps its threads, a server at rest holds none. */
const IDLE_MS = 2_000;
/** The longest one decode may take (a 100-megapixel JPEG XL takes about 30 s on a slow core). */
const DECODE_TIMEOUT_MS = 120_000;

export interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

interface Job {
  request: DecodeRequest;
  resolve: (pixels: Pixels) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  job?: Job;
  timer?: NodeJS.Timeout;
}

const require = createRequire(import.meta.url);

/** Compile a decoder once for the process (a new thread then starts in milliseconds, where compiling
 * libheif took seconds on a busy machine); undefined when its package is missing. */
const compile = (file: string): Promise<WebAssembly.Module | undefined> =>
  readFile(require.resolve(file)).then(
    (bytes) => WebAssembly.compile(bytes),
    () => undefined,
  );

export class WasmPool {
  private readonly threads = new Set<Thread>();
  /** Threads being ended: their memory is not given back until they are gone, so no new thread
   * starts in their place before then (two 4K HEIC decoders' memories at once, ~400 MB). */
  private ending = 0;
  private readonly queue: Job[] = [];
  private nextId = 1;
  private compiled?: Promise<CompiledDecoders>;
  private modules: CompiledDecoders = {};
  /** Threads started and ended so far (for tests and the bench). */
  started = 0;
  ended = 0;

  constructor(private readonly size = Math.max(1, Math.min(2, availableParallelism()))) {}

  /** @param image a HEIC's image by its index among its top-level images (default: the primary one) */
  async decode(kind: DecodeRequest['kind'], bytes: Uint8Array, image?: number): Promise<Pixels> {
    this.compiled ??= Promise.all([compile('libheif-js/libheif-wasm/libheif.wasm'), compile('@jsquash/jxl/codec/dec/jxl_dec.wasm')]).then(
      ([heic, jxl]) => ({ ...(heic ? { heic } : {}), ...(jxl ? { jxl } : {}) }),
    );
    this.modules = await this.compiled;
    // A message carries a view's whole underlying buffer (a scan's read buffer may be far larger
    // than this file): a view of part of one is sent as a copy of its bytes.
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
    return new Promise((resolve, reject) => {
      this.queue.push({ request: { id: this.nextId++, kind, bytes: whole, ...(image === undefined ? {} : { image }) }, resolve, reject });
      this.pump();
    });
  }

  /** Threads alive now. */
  get alive(): number {
    return this.threads.size;
  }

  /** End the threads that are idle now, their memory given back before the call resolves: a
   * decoder outside this pool (djxl's process) is about to need as much. */
  async endIdle(): Promise<void> {
    await Promise.all([...this.threads].filter((thread) => !thread.job).map((thread) => this.end(thread)));
  }

  /** End every thread now (tests, and a process shutting down). */
  async close(): Promise<void> {
    await Promise.all([...this.threads].map((thread) => this.end(thread, new Error('the decoder was closed'))));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let thread = [...this.threads].find((candidate) => !candidate.job);
      if (!thread && this.threads.size + this.ending < this.size) thread = this.start(this.modules);
      if (!thread) return;
      const job = this.queue.shift()!;
      clearTimeout(thread.timer);
      thread.job = job;
      const current = thread;
      thread.timer = setTimeout(
        () => void this.end(current, new Error(`decoding took over ${DECODE_TIMEOUT_MS / 1000} s`)),
        DECODE_TIMEOUT_MS,
      ).unref();
      thread.worker.postMessage(job.request);
    }
  }

  private start(modules: CompiledDecoders): Thread {
    const { file, execArgv } = ownWorker(import.meta.url, 'wasm-worker');
    const worker = new Worker(file, { execArgv, workerData: modules });
    // A CLI command ends when its work does, whatever threads are idle.
    worker.unref();
    const thread: Thread = { worker };
    this.started++;
    worker.on('message', (answer: DecodeAnswer) => this.answered(thread, answer));
    worker.on('error', (error) => void this.end(thread, error));
    worker.on('exit', () => void this.end(thread, new Error('the decoder thread stopped')));
    this.threads.add(thread);
    return thread;
  }

  private answered(thread: Thread, answer: DecodeAnswer): void {
    const job = thread.job;
    thread.job = undefined;
    clearTimeout(thread.timer);
    if (job) {
      if (answer.ok) job.resolve({ data: Buffer.from(answer.data), width: answer.width, height: answer.height });
      else job.reject(new Error(answer.error));
    }
    if (answer.memoryBytes > RECYCLE_BYTES) void this.end(thread);
    else thread.timer = setTimeout(() => void this.end(thread), IDLE_MS).unref();
    this.pump();
  }

  private async end(thread: Thread, error?: Error): Promise<void> {
    if (!this.threads.delete(thread)) return;
    this.ended++;
    clearTimeout(thread.timer);
    thread.job?.reject(error ?? new Error('the decoder thread stopped'));
    thread.job = undefined;
    this.ending++;
    try {
      await thread.worker.terminate();
    } finally {
      this.ending--;
    }
    this.pump();
  }
}
