// A bounded pool for the work that costs CPU per request (making variants): at most `concurrency`
// jobs run at once (sharp does the work on libuv's threads; this bounds how many images are in
// flight), up to `maxQueued` wait their turn, and beyond that a job is refused at once with a `busy`
// error, which the HTTP face answers 503 with Retry-After: a burst of cold requests degrades into
// quick refusals instead of a queue every client times out in.
import { WallpaperError } from '../errors.js';

export class WorkPool {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxQueued: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.queue.length >= this.maxQueued) {
        throw new WallpaperError(
          'busy',
          `too many images are being resized (${this.running} at work, ${this.queue.length} waiting): retry shortly`,
        );
      }
      await new Promise<void>((start) => this.queue.push(start));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Jobs running and waiting now (for tests and status). */
  get load(): { running: number; queued: number } {
    return { running: this.running, queued: this.queue.length };
  }
}
