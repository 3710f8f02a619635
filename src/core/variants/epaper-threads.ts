// The threads of the e-paper answers (epaper-worker.ts): as many as the cores but at most two,
// started when a palette is first asked for and ended once idle for IDLE_MS (a server at rest holds
// none). Jobs beyond the threads wait in a queue; the resize pool (pool.ts) already bounds how many
// variants are in flight. Each job is published on the `wallpaper:dither` diagnostics channel as it
// starts and ends ({ phase, width, height }), which the tests read to order events.
import { channel } from 'node:diagnostics_channel';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ownWorker } from '../common/index.js';
import type { EpaperAnswer, EpaperJob } from './epaper-worker.js';

/** A thread idle this long is ended. */
const IDLE_MS = 2_000;
const published = channel('wallpaper:dither');

interface Waiting {
  job: EpaperJob;
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  busy?: Waiting;
  timer?: NodeJS.Timeout;
}

class EpaperThreads {
  private readonly threads = new Set<Thread>();
  private readonly queue: Waiting[] = [];
  private nextId = 1;

  constructor(private readonly size = Math.max(1, Math.min(2, availableParallelism()))) {}

  /** The PNG or BMP of `rgb` dithered to `palette`; the pixels are moved to the thread. */
  encode(job: Omit<EpaperJob, 'id'>): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { ...job, id: this.nextId++ }, resolve, reject });
      this.pump();
    });
  }

  /** Start a thread now if none is alive (while the picture is still being resized: the thread's
   * start, tens of milliseconds, is then off the answer's path). */
  warm(): void {
    if (this.threads.size > 0) return;
    const thread = this.start();
    thread.timer = setTimeout(() => this.end(thread), IDLE_MS).unref();
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let thread = [...this.threads].find((candidate) => !candidate.busy);
      if (!thread && this.threads.size < this.size) thread = this.start();
      if (!thread) return;
      const waiting = this.queue.shift()!;
      clearTimeout(thread.timer);
      thread.busy = waiting;
      const { job } = waiting;
      published.publish({ phase: 'start', width: job.width, height: job.height });
      thread.worker.postMessage(job, [job.rgb.buffer as ArrayBuffer]);
    }
  }

  private start(): Thread {
    const { file, execArgv } = ownWorker(import.meta.url, 'epaper-worker');
    const worker = new Worker(file, { execArgv });
    // A CLI command ends when its work does, whatever threads are idle.
    worker.unref();
    const thread: Thread = { worker };
    worker.on('message', (answer: EpaperAnswer) => this.answered(thread, answer));
    worker.on('error', (error) => this.end(thread, error));
    worker.on('exit', () => this.end(thread, new Error('the dithering thread stopped')));
    this.threads.add(thread);
    return thread;
  }

  private answered(thread: Thread, answer: EpaperAnswer): void {
    const waiting = thread.busy;
    thread.busy = undefined;
    if (waiting) {
      published.publish({ phase: 'end', width: waiting.job.width, height: waiting.job.height });
      if (answer.ok) waiting.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
      else waiting.reject(new Error(answer.error));
    }
    thread.timer = setTimeout(() => this.end(thread), IDLE_MS).unref();
    this.pump();
  }

  private end(thread: Thread, error?: Error): void {
    if (!this.threads.delete(thread)) return;
    clearTimeout(thread.timer);
    thread.busy?.reject(error ?? new Error('the dithering thread stopped'));
    void thread.worker.terminate();
    this.pump();
  }
}

/** The process's e-paper threads. */
export const epaperThreads = new EpaperThreads();
