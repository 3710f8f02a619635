// How many pixels this process decodes at once. libvips holds a decode's pixels in memory (less with
// shrink-on-load, never nothing), and a scan's workers and concurrent uploads all decode in one
// process: four 100-megapixel uploads at once approached 2 GB. Each decode takes its pixel count from
// one budget and waits, first come first served, while the budget is spent; one image larger than
// the whole budget runs alone. Process-wide on purpose: the memory it guards is the process's.
import { DECODE_PIXEL_BUDGET } from '../limits.js';

export class PixelBudget {
  private inUse = 0;
  private readonly waiting: { pixels: number; start: () => void }[] = [];

  constructor(private readonly limit: number) {}

  /** Run `work` once `pixels` (capped at the whole budget) fit in what is left of the budget. */
  async run<T>(pixels: number, work: () => Promise<T>): Promise<T> {
    const cost = Math.max(1, Math.min(pixels, this.limit));
    if (this.waiting.length > 0 || this.inUse + cost > this.limit) {
      await new Promise<void>((start) => this.waiting.push({ pixels: cost, start }));
    } else {
      this.inUse += cost;
    }
    try {
      return await work();
    } finally {
      this.inUse -= cost;
      this.startWaiting();
    }
  }

  /** Pixels being decoded now (for tests). */
  get pixelsInUse(): number {
    return this.inUse;
  }

  private startWaiting(): void {
    while (this.waiting.length > 0 && this.inUse + this.waiting[0]!.pixels <= this.limit) {
      const next = this.waiting.shift()!;
      this.inUse += next.pixels;
      next.start();
    }
  }
}

/** The process's one budget, shared by scans and uploads. */
export const decodeBudget = new PixelBudget(DECODE_PIXEL_BUDGET);
