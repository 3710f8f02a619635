// The shared steps of the timed formats (GNOME's XML and .stw): frame files by path, one index each,
// and the flaws that make a timed file malformed (docs/design.md#the-time-of-day), named the same way for both.
import { extname, isAbsolute, join } from 'node:path';
import type { Frame } from './timeline.js';

/** A timed file that cannot be played: skipped by the scan with this reason. */
export class MalformedDynamic extends Error {}

/** Files that are themselves timed wallpapers: a frame naming one would play a loop. */
const TIMED_EXTENSIONS = new Set(['.xml', '.stw']);

/** Frame files by path, each given an index once. */
export class FrameFiles {
  readonly frames: Frame[] = [];
  private readonly index = new Map<string, number>();

  /** @param folder where relative paths are read from: the timed file's own folder */
  constructor(private readonly folder: string) {}

  /** The index of the frame `name` names (relative to the timed file's folder when not absolute). */
  of(name: string, where: string): number {
    const trimmed = name.trim();
    if (trimmed === '') throw new MalformedDynamic(`${where} names no image file`);
    const path = isAbsolute(trimmed) ? trimmed : join(this.folder, trimmed);
    if (TIMED_EXTENSIONS.has(extname(path).toLowerCase()))
      throw new MalformedDynamic(`a transition loop: ${where} shows ${path}, itself a timed wallpaper, not an image`);
    let i = this.index.get(path);
    if (i === undefined) {
      i = this.frames.length;
      this.frames.push({ path });
      this.index.set(path, i);
    }
    return i;
  }
}

/** A transition that goes nowhere: from a frame to itself. */
export function checkTransition(from: number, to: number, frames: FrameFiles, where: string): void {
  if (from === to) {
    const frame = frames.frames[from]!;
    throw new MalformedDynamic(`a transition loop: ${where} goes from ${'path' in frame ? frame.path : from} to itself`);
  }
}

const hhmm = (t: number) => `${String(Math.floor(t / 3600)).padStart(2, '0')}:${String(Math.floor(t / 60) % 60).padStart(2, '0')}`;

/** Times of a day given in order around the clock from the first, each strictly after the one
 * before it. The clock may go past midnight once, and only where the file says so: at an `@00:00`
 * line or right after a transition that reaches or crosses midnight (wallutils' adwaita-timed runs
 * 07:00 ... `@18:00-00:00`, `@00:00`, 05:00); a time earlier than the one above it anywhere else
 * (`@18:00` then `@06:00`) went backwards: malformed (docs/formats.md#dynamic-wallpapers). */
export function checkDayOrder(times: readonly { at: number; until?: number; where: string }[]): void {
  const DAY = 86_400;
  const first = times[0]?.at ?? 0;
  const offset = (t: number) => (((t - first) % DAY) + DAY) % DAY;
  let previousEnd = 0;
  let wrapped = false;
  for (const [i, { at, until, where }] of times.entries()) {
    const before = times[i - 1];
    if (before && at <= before.at) {
      const reachesMidnight = before.until !== undefined && (before.until === 0 || before.until < before.at);
      if (wrapped || !(at === 0 || reachesMidnight))
        throw new MalformedDynamic(
          `times out of order: ${where} (${hhmm(at)}) goes back from the time before it (${hhmm(before.at)}); ` +
            'a file that runs past midnight says so with @00:00 or a transition across it',
        );
      wrapped = true;
    }
    const start = offset(at);
    if (i > 0 && start <= offset(times[i - 1]!.at))
      throw new MalformedDynamic(`times out of order: ${where} is not after the time before it`);
    if (i > 0 && start < previousEnd)
      throw new MalformedDynamic(`times out of order: ${where} starts before the transition ahead of it ends`);
    const length = until === undefined ? 0 : (((until - at) % DAY) + DAY) % DAY;
    if (until !== undefined && length === 0) throw new MalformedDynamic(`times out of order: ${where} ends when it starts`);
    previousEnd = start + length;
  }
  if (previousEnd > DAY) throw new MalformedDynamic(`times out of order: ${times.at(-1)!.where} runs past the first time`);
}
