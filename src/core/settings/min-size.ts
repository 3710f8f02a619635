// The settings key `min_size` (docs/cli.md#wallpaper-config): the smallest picture a scan indexes,
// "WIDTHxHEIGHT" either way round (a picture is big enough when its longer side reaches the larger
// number and its shorter side the smaller); "0x0", the default, indexes every picture however small.

export const MIN_SIZE_FORMAT = '"WIDTHxHEIGHT" in whole pixels (640x360; 0x0 indexes every picture)';
/** The largest side min_size may name: past it no picture could be indexed at all. */
const MAX_SIDE = 65_535;
/** Under this (either way round), a scan with min_size off says how many it indexed (a hint). */
export const SMALL_HINT = { width: 320, height: 200 } as const;

/** [larger, smaller] of a min_size value, or undefined when it is not one. */
export function parseMinSize(value: unknown): [number, number] | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(\d{1,5})\s*[xX×]\s*(\d{1,5})\s*$/.exec(value);
  if (!match) return undefined;
  const [a, b] = [Number(match[1]), Number(match[2])];
  if (a > MAX_SIDE || b > MAX_SIDE) return undefined;
  return [Math.max(a, b), Math.min(a, b)];
}

/** The value as kept: "WIDTHxHEIGHT", as written less spaces. */
export const normalMinSize = (value: string): string => value.replace(/\s+/g, '').replace(/[X×]/, 'x');

/** Whether a picture of this size is smaller than `minSize` (never, with it off or unreadable). */
export function smallerThan(width: number, height: number, minSize: string | [number, number]): boolean {
  const limits = typeof minSize === 'string' ? parseMinSize(minSize) : minSize;
  if (!limits) return false;
  return Math.max(width, height) < limits[0] || Math.min(width, height) < limits[1];
}

/** The reason a scan gives for a picture under min_size. */
export const smallerReason = (minSize: string): string => `smaller than min_size ${minSize}`;
