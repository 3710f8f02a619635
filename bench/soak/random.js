// A small seeded PRNG (mulberry32) for the fuzzers and fault injectors: the same seed gives the
// same cases, so any failure a run prints reproduces with `SEED=<seed>`.

/** A generator of floats in [0, 1) from a 32-bit seed, with helpers. */
/**
 * @typedef {object} Rng
 * @property {number} seed
 * @property {() => number} next
 * @property {(n: number) => number} int
 * @property {(min: number, max: number) => number} between
 * @property {<T>(items: readonly T[]) => T} pick
 * @property {(p: number) => boolean} chance
 */

/** @param {number} seed @returns {Rng} */
export function seeded(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return {
    seed,
    next,
    /** An integer in [0, n). */
    int,
    /** An integer in [min, max]. */
    between: (min, max) => min + int(max - min + 1),
    pick: (items) => items[int(items.length)],
    chance: (p) => next() < p,
  };
}

/** The seed of a run: SEED from the environment when given, else one from the clock (printed by
 * the caller so a failure can be replayed). */
export function seedFromEnv(env = process.env) {
  const given = Number(env.SEED);
  return Number.isSafeInteger(given) && given > 0 ? given >>> 0 : (Date.now() % 2 ** 31) >>> 0;
}
