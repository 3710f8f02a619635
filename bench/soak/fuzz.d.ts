// Types of fuzz.js for the TypeScript tests that share it.
import type { Rng } from './random.js';
export interface FuzzStats {
  requests: number;
  statuses: Record<string, number>;
  problems: { path: string; problem: string }[];
  seed: number;
  ms: number;
}
export function encode(text: string): string;
export function queryString(rng: Rng): string;
export function idSegment(rng: Rng): string;
export function fuzzPath(rng: Rng, ids: readonly string[]): string;
export function checkReply(status: number, headers: Record<string, unknown>, body: Buffer, forbidden?: readonly string[], options?: { head?: boolean }): string | undefined;
export function fuzzQueries(options: {
  base: string;
  count: number;
  seed: number;
  ids?: readonly string[];
  connections?: number;
  forbidden?: readonly string[];
  deadlineMs?: number;
}): Promise<FuzzStats>;
