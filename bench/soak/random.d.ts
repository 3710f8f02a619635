// Types of random.js for the TypeScript tests that share it.
export interface Rng {
  readonly seed: number;
  next(): number;
  int(n: number): number;
  between(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}
export function seeded(seed: number): Rng;
export function seedFromEnv(env?: NodeJS.ProcessEnv): number;
