// The multi-index walk (src/core/curate/hash-index.ts) against its definition, by brute force
// over every pair: a pair is visited when its hashes differ by at most `within` bits and one of
// the four chunks meets (within 2 bits in the same or a neighbouring lightness band, or the first
// chunk within 3 bits in the same band), and never twice, however many chunks it meets in.
import t from 'tap';
import { BANDS, CHUNKS, forEachCandidatePair, popcount32 } from '../../src/core/curate/hash-index.js';

/** A seeded xorshift: the same hashes on every run. */
function random(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/** `count` hashes in families of copies of a few originals, each copy a few bits flipped, so that
 * many pairs are near, some meet in one chunk only and some in several. */
function hashes(count: number, flips: number, seed: number) {
  const next = random(seed);
  const low = new Uint32Array(count);
  const high = new Uint32Array(count);
  const bands = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const family = i % 7 === 0 || i < 8;
    const from = family ? i : Math.floor(next() * i);
    [low[i], high[i], bands[i]] = family
      ? [(next() * 2 ** 32) >>> 0, (next() * 2 ** 32) >>> 0, 1 + Math.floor(next() * (BANDS - 2))]
      : [low[from]!, high[from]!, Math.min(BANDS - 2, Math.max(1, bands[from]! + Math.floor(next() * 3) - 1))];
    const bits = family ? 0 : Math.floor(next() * flips);
    for (let b = 0; b < bits; b++) {
      const bit = Math.floor(next() * 64);
      if (bit < 32) low[i] = (low[i]! ^ (1 << bit)) >>> 0;
      else high[i] = (high[i]! ^ (1 << (bit - 32))) >>> 0;
    }
  }
  return { low, high, bands };
}

const chunkOf = (low: number, high: number, [from, width]: readonly [number, number]) => {
  const word = from < 32 ? (low >>> from) | (from > 0 ? high << (32 - from) : 0) : high >>> (from - 32);
  return (word >>> 0) & ((1 << width) - 1);
};

const cases = [
  { name: 'close copies (most pairs meet in every chunk)', count: 600, flips: 6, within: 22, seed: 7 },
  { name: 'far copies (pairs meet in one chunk, or through the 3-bit probe)', count: 600, flips: 16, within: 22, seed: 11 },
  { name: 'a tight distance', count: 400, flips: 12, within: 8, seed: 5 },
];

for (const { name, count, flips, within, seed } of cases)
  t.test(name, async (t) => {
    const { low, high, bands } = hashes(count, flips, seed);
    const expected: string[] = [];
    for (let i = 0; i < count; i++)
      for (let j = 0; j < i; j++) {
        if (popcount32(low[i]! ^ low[j]!) + popcount32(high[i]! ^ high[j]!) > within) continue;
        const apart = Math.abs(bands[i]! - bands[j]!);
        const meets = CHUNKS.some((chunk, c) => {
          const bits = popcount32(chunkOf(low[i]!, high[i]!, chunk) ^ chunkOf(low[j]!, high[j]!, chunk));
          return (bits <= 2 && apart <= 1) || (c === 0 && bits === 3 && apart === 0);
        });
        if (meets) expected.push(`${i} ${j}`);
      }
    const visited: string[] = [];
    let backwards = 0;
    forEachCandidatePair(low, high, bands, within, (i, j) => {
      if (j >= i) backwards++;
      visited.push(`${i} ${j}`);
    });
    t.equal(backwards, 0, 'every pair visited as (i, j) with j < i');
    t.ok(expected.length > 100, `the set has many near pairs (${expected.length})`);
    t.equal(new Set(visited).size, visited.length, 'no pair visited twice');
    t.same(visited.sort(), expected.sort(), 'exactly the pairs of the definition');
  });
