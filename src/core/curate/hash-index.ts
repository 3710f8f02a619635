// Multi-index hashing (Norouzi, Punjani and Fleet, 2012) over the 64-bit perceptual hashes, so that
// near-duplicate search never compares every pair. The hash is cut into chunks (bits 0-11, the
// lowest frequencies, which an edit moves least, then 12-27, 28-43 and 44-59), and each chunk
// indexes a table of buckets (one counting sort), split further by the picture's mean lightness in
// bands as wide as the colour tolerance (copies differ by less, so only the band and its
// neighbours are looked at). A picture meets the pictures in every bucket within 2 bits of each of
// its chunks: by the pigeonhole principle every pair within 11 bits meets, and measured on real
// wallpapers 96% of copy pairs within HASH_WITHIN differ by at most 2 bits in the first 12 (crops,
// the far ones, are also found through the original they share). The first chunk is also probed at
// 3 bits in the picture's own band: of 4,519 copy pairs of the bench's transformed set (bench/RESULTS.md) the index met
// 4,423 without it, 4,493 with it (corner crops). 710 probes a picture, cheap because each table
// is walked in its own order (a key's pictures probe the same buckets, which stay in cache) and a
// pair is visited only from the first table it meets in. Timings: bench/RESULTS.md.

/** Each chunk: its first bit and its width. */
export const CHUNKS = [
  [0, 12],
  [12, 16],
  [28, 16],
  [44, 16],
] as const;
/** Lightness bands (0..1 in steps of the colour tolerance, and one spare at each end). */
export const BANDS = 18;

/** Every 16-bit mask with at most `bits` bits set, smallest first. */
function masksUpTo(bits: number): Uint16Array {
  const masks: number[] = [];
  for (let mask = 0; mask < 1 << 16; mask++) {
    let count = 0;
    for (let m = mask; m; m &= m - 1) count++;
    if (count <= bits) masks.push(mask);
  }
  return Uint16Array.from(masks);
}

/** The masks to probe, made on the first search (~7 ms, which every command paid at start when
 * they were module constants). MASKS: at most 2 bits set. FAR_MASKS: the first chunk is
 * probed one bit further, the masks with exactly 3 bits set, in the picture's own lightness band only. */
let probes: { MASKS: Uint16Array; FAR_MASKS: Uint16Array } | undefined;
const maskTables = () =>
  (probes ??= {
    MASKS: masksUpTo(2),
    FAR_MASKS: masksUpTo(3).filter((mask) => mask < 1 << CHUNKS[0][1] && popcount32(mask) === 3),
  });

/** Bits set in a 32-bit number. */
export function popcount32(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Call `visit(i, j)` (j < i) once for every pair of hashes (two 32-bit words each: `low` holds
 * bytes 0-3) that meet in a bucket, lie in the same or neighbouring lightness `bands` (1 to
 * BANDS - 2) and differ by at most `within` bits.
 */
export function forEachCandidatePair(
  low: Uint32Array,
  high: Uint32Array,
  bands: Uint8Array,
  within: number,
  visit: (i: number, j: number) => void,
): void {
  const n = low.length;
  const { MASKS, FAR_MASKS } = maskTables();
  const bitsOf = (i: number, from: number, width: number) => {
    const word = from < 32 ? (low[i]! >>> from) | (from > 0 ? high[i]! << (32 - from) : 0) : high[i]! >>> (from - 32);
    return (word >>> 0) & ((1 << width) - 1);
  };
  const keys = CHUNKS.map(([from, width]) => Uint16Array.from({ length: n }, (_, i) => bitsOf(i, from, width)));
  // Each table holds, next to each bucket's pictures, their hashes (two words each): a bucket is
  // read in one pass, and the hash distance, which turns most pictures met away, costs no read
  // elsewhere (measured: bench/RESULTS.md).
  const tables = keys.map((chunk, c) => {
    const values = 1 << CHUNKS[c]![1];
    const starts = new Uint32Array(values * BANDS + 1);
    chunk.forEach((key, i) => {
      starts[key * BANDS + bands[i]! + 1]!++;
    });
    for (let b = 0; b < values * BANDS; b++) starts[b + 1]! += starts[b]!;
    const items = new Uint32Array(n);
    const hashes = new Uint32Array(2 * n);
    const fill = starts.slice(0, values * BANDS);
    chunk.forEach((key, i) => {
      const at = fill[key * BANDS + bands[i]!]!++;
      items[at] = i;
      hashes[2 * at] = low[i]!;
      hashes[2 * at + 1] = high[i]!;
    });
    return { starts, items, hashes };
  });
  /** Whether i and j meet in table c: chunks within 2 bits in neighbouring bands, or (the first
   * table) 3 bits in one band. A pair is visited from the first table it meets in only. */
  const metIn = (c: number, i: number, j: number) => {
    const bits = popcount32(keys[c]![i]! ^ keys[c]![j]!);
    const apart = bands[i]! - bands[j]!;
    return (bits <= 2 && apart >= -1 && apart <= 1) || (c === 0 && bits === 3 && apart === 0);
  };
  for (let c = 0; c < CHUNKS.length; c++) {
    const { starts, items, hashes } = tables[c]!;
    const chunk = keys[c]!;
    const limit = 1 << CHUNKS[c]![1];
    let probes = 0;
    while (probes < MASKS.length && MASKS[probes]! < limit) probes++;
    // Pictures in the table's own order, a key's pictures together: they probe the same buckets,
    // which stay in cache from one picture to the next (in index order each probe was a miss).
    for (let at = 0; at < n; at++) {
      const i = items[at]!;
      const [lowI, highI, band, key] = [hashes[2 * at]!, hashes[2 * at + 1]!, bands[i]!, chunk[i]!];
      /** Visit the pictures of buckets from..to (inclusive) within `within` bits (a bucket lists
       * its pictures in order: past i, every pair is met from the other side), unless an earlier
       * table met them. The distance first: it reads the bucket's own memory. */
      const meet = (from: number, to: number) => {
        for (let b = from; b <= to; b++) {
          pictures: for (let k = starts[b]!, end = starts[b + 1]!; k < end; k++) {
            const j = items[k]!;
            if (j >= i) break;
            if (popcount32(lowI ^ hashes[2 * k]!) + popcount32(highI ^ hashes[2 * k + 1]!) > within) continue;
            for (let earlier = 0; earlier < c; earlier++) if (metIn(earlier, i, j)) continue pictures;
            visit(i, j);
          }
        }
      };
      for (let m = 0; m < probes; m++) {
        const bucket = (key ^ MASKS[m]!) * BANDS + band;
        meet(bucket - 1, bucket + 1);
      }
      // The first chunk one bit further, in the picture's own band only: a corner crop
      // moves 3 of its 12 bits more often than a copy moves its lightness a band.
      if (c === 0)
        for (const mask of FAR_MASKS) {
          const bucket = (key ^ mask) * BANDS + band;
          meet(bucket, bucket);
        }
    }
  }
}
