// Near-duplicate groups (issue 15): pictures whose fingerprints (fingerprint.ts) are close, joined
// transitively (union-find), minus the pairs a user marked "not duplicates". Never compares every
// pair: two near-duplicates have mean colours within SIGNATURE_WITHIN of each other, so pictures are
// put in cells of that size by mean colour and each is compared only with its own and the 26
// neighbouring cells. Thresholds measured on real wallpapers (bench/RESULTS.md, `--only duplicates`).
import {
  UNIFORM_BELOW,
  chromaDifference,
  contrastOf,
  edgeDensityOf,
  hammingDistance,
  hashOf,
  meanColourOf,
  pictureShareOf,
  signatureDistance,
  signatureOf,
} from './fingerprint.js';

/** Hash bits (of 64) that may differ between near-duplicates, and the colour signatures' distance. */
export const HASH_WITHIN = 22;
export const SIGNATURE_WITHIN = 0.07;
/** Pictures of less contrast than this (dark patterns, soft gradients) need a far closer match:
 * their hashes are mostly noise, and the DCT does not see level. */
export const LOW_CONTRAST_BELOW = 0.06;
export const LOW_CONTRAST_HASH_WITHIN = 8;
export const LOW_CONTRAST_SIGNATURE_WITHIN = 0.03;
/** Colour may differ by at most this plus CHROMA_SHARE of the more colourful one's chroma: copies
 * differ by at most 0.64 of it (measured: crops of crops), a greyscale copy by all of it. */
export const CHROMA_WITHIN = 0.012;
export const CHROMA_SHARE = 0.5;
/** Edge densities may differ by this factor (as |log|): copies measured up to 0.41 (a 10% crop of a
 * fine pattern), different photos of one layout 0.5 and more. Below EDGES_KNOWN_FROM the density is
 * too small to compare. */
export const EDGES_LOG_WITHIN = 0.45;
const EDGES_KNOWN_FROM = 0.004;
/** Pictures with no colour (greyscale) have only the hash and the levels to tell them apart: a
 * closer hash is asked. */
export const GREY_BELOW = 0.015;
export const GREY_HASH_WITHIN = 14;

export interface Candidate {
  id: string;
  fingerprint: Uint8Array;
  width: number;
  height: number;
  size_bytes: number;
  content_type: string;
}

export interface DuplicateGroup {
  ids: string[];
  /** The member to keep: most pixels of picture (letterbox bars do not count), then least
   * compressed (PNG, lossless, before the lossy formats; then most bytes per pixel), then id. */
  keep: string;
}

/** Whether two fingerprints are of one picture. */
export function nearDuplicates(a: Uint8Array, b: Uint8Array): boolean {
  const contrast = Math.min(contrastOf(a), contrastOf(b));
  if (contrast < UNIFORM_BELOW) return false;
  const low = contrast < LOW_CONTRAST_BELOW;
  if (hammingDistance(hashOf(a), hashOf(b)) > (low ? LOW_CONTRAST_HASH_WITHIN : HASH_WITHIN)) return false;
  if (signatureDistance(signatureOf(a), signatureOf(b)) > (low ? LOW_CONTRAST_SIGNATURE_WITHIN : SIGNATURE_WITHIN)) return false;
  const { difference, chroma } = chromaDifference(signatureOf(a), signatureOf(b));
  if (difference > CHROMA_WITHIN + CHROMA_SHARE * chroma) return false;
  if (chroma < GREY_BELOW && hammingDistance(hashOf(a), hashOf(b)) > GREY_HASH_WITHIN) return false;
  const [edgesA, edgesB] = [edgeDensityOf(a), edgeDensityOf(b)];
  if (edgesA === undefined || edgesB === undefined || Math.min(edgesA, edgesB) < EDGES_KNOWN_FROM) return true;
  return Math.abs(Math.log(edgesA / edgesB)) <= EDGES_LOG_WITHIN;
}

const cellKey = (x: number, y: number, z: number) => `${x},${y},${z}`;

/** The groups among `candidates`; `distinct` holds "a\nb" (a < b) pairs never to be joined directly. */
export function groupDuplicates(candidates: readonly Candidate[], distinct: ReadonlySet<string> = new Set()): DuplicateGroup[] {
  const cells = new Map<string, number[]>();
  const coords = candidates.map((candidate, index) => {
    const [l, a, b] = meanColourOf(candidate.fingerprint).map((v) => Math.floor(v / SIGNATURE_WITHIN)) as [number, number, number];
    const key = cellKey(l, a, b);
    const cell = cells.get(key);
    if (cell) cell.push(index);
    else cells.set(key, [index]);
    return [l, a, b] as const;
  });
  const parent = candidates.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  candidates.forEach((candidate, i) => {
    const [l, a, b] = coords[i]!;
    for (let dl = -1; dl <= 1; dl++)
      for (let da = -1; da <= 1; da++)
        for (let db = -1; db <= 1; db++) {
          for (const j of cells.get(cellKey(l + dl, a + da, b + db)) ?? []) {
            if (j <= i || find(i) === find(j)) continue;
            const other = candidates[j]!;
            if (!nearDuplicates(candidate.fingerprint, other.fingerprint)) continue;
            if (distinct.has(candidate.id < other.id ? `${candidate.id}\n${other.id}` : `${other.id}\n${candidate.id}`)) continue;
            parent[find(j)] = find(i);
          }
        }
  });
  const groups = new Map<number, Candidate[]>();
  candidates.forEach((candidate, i) => {
    const root = find(i);
    const group = groups.get(root);
    if (group) group.push(candidate);
    else groups.set(root, [candidate]);
  });
  return [...groups.values()]
    .filter((members) => members.length > 1)
    .map((members) => ({ ids: members.map((m) => m.id).sort(), keep: best(members).id }))
    .sort((x, y) => (x.keep < y.keep ? -1 : 1));
}

/** Pixels within this share of each other count as the same size: bars are measured on the
 * thumbnail, to a row or two. */
const SAME_SIZE_WITHIN = 0.03;

function best(members: Candidate[]): Candidate {
  const pixels = (c: Candidate) => c.width * c.height * pictureShareOf(c.fingerprint);
  const lossless = (c: Candidate) => (c.content_type === 'image/png' ? 1 : 0);
  const bytesPerPixel = (c: Candidate) => c.size_bytes / (c.width * c.height);
  const better = (a: Candidate, b: Candidate): boolean => {
    const [pa, pb] = [pixels(a), pixels(b)];
    if (Math.abs(pa - pb) > SAME_SIZE_WITHIN * Math.max(pa, pb)) return pa > pb;
    if (lossless(a) !== lossless(b)) return lossless(a) > lossless(b);
    if (bytesPerPixel(a) !== bytesPerPixel(b)) return bytesPerPixel(a) > bytesPerPixel(b);
    return a.id < b.id;
  };
  return members.reduce((winner, c) => (better(c, winner) ? c : winner));
}
