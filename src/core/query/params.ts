// The pieces every parameter parser shares (filters.ts, curation-params.ts, order-params.ts, ratio.ts): raw values as the
// CLI and the query give them, the one value of a parameter, what disables a filter, and the one
// message shape naming the parameter and what it accepts.
import { WallpaperError } from '../errors.js';

/** A raw parameter: absent, one value, or several (a repeated query key). */
export type RawValue = string | readonly string[] | undefined;
export type RawParams = Readonly<Record<string, RawValue>>;

/** Long hostile values are cut in error messages so an error line stays one readable line. */
const clip = (value: string): string => (value.length > 64 ? `${value.slice(0, 64)}...` : value);

export const invalid = (name: string, value: string, expected: string) =>
  new WallpaperError('invalid_param', `invalid ${name} ${JSON.stringify(clip(value))}: expected ${expected}`);

export const listWords = (words: readonly string[]) => `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;

/** The one value of a parameter, or undefined when it is absent; a repeated parameter is refused. */
export function single(params: RawParams, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (value.length > 1) throw new WallpaperError('invalid_param', `invalid ${name}: given ${value.length} times, expected once`);
  return value[0];
}

/** Absent, empty and `any` all disable a filter (spec 4.1 rule 2). */
export const isDisabled = (value: string | undefined): value is undefined | '' =>
  value === undefined || value.trim() === '' || value.trim().toLowerCase() === 'any';
