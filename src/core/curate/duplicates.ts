// Near-duplicate groups (issue 15): pictures whose fingerprints (fingerprint.ts) are close, joined
// transitively (union-find). Two groups are joined only when every pair across them is made for the
// same screen (screen-shape.ts), is no colour grading of the other (similarity.ts) and is not marked
// "not duplicates" (issue 24): these keep two pictures apart even through a third. Never compares every pair: candidates come
// from multi-index hashing (hash-index.ts). Thresholds measured on real wallpapers
// (bench/RESULTS.md, `--only duplicates`).
import type { Candidate, DuplicateGroup } from '../types.js';

export type { Candidate };
import { UNIFORM_BELOW, pictureShareOf } from '../analysis/index.js';
import { BANDS, forEachCandidatePair, popcount32 } from './hash-index.js';
import { sameScreen } from './screen-shape.js';
import { HASH_WITHIN, type Prepared, SIGNATURE_WITHIN, graded, prepare, similar } from './similarity.js';

export { nearDuplicates } from './similarity.js';

export type { DuplicateGroup };

/** The groups among `candidates`; `distinct` holds "a\nb" (a < b) pairs never to share a group. */
export function groupDuplicates(candidates: readonly Candidate[], distinct: ReadonlySet<string> = new Set()): DuplicateGroup[] {
  // Near-uniform pictures are never grouped: leave them out of the index altogether.
  const unsorted = candidates.map((candidate) => ({ candidate, prepared: prepare(candidate.fingerprint) }));
  // In order of lightness, then of the first chunk: pictures that meet sit close in memory.
  const order = unsorted
    .filter(({ prepared }) => prepared.contrast >= UNIFORM_BELOW)
    .sort((a, b) => a.prepared.meanL - b.prepared.meanL || (a.prepared.low & 0xfff) - (b.prepared.low & 0xfff));
  const pictures = order.map(({ candidate }) => candidate);
  const prepared = order.map(({ prepared }) => prepared);
  const low = Uint32Array.from(prepared, (p) => p.low);
  const high = Uint32Array.from(prepared, (p) => p.high);
  // Lightness bands as wide as the colour tolerance, from 1 (bands 0 and BANDS - 1 stay empty).
  const bands = Uint8Array.from(prepared, (p) => 1 + Math.min(BANDS - 3, Math.max(0, Math.floor(p.meanL / SIGNATURE_WITHIN))));
  const parent = pictures.map((_, i) => i);
  // Each root's members, to check every pair across two groups before joining them (groups are small).
  const members = pictures.map((_, i) => [i]);
  const apart = (i: number, j: number) => {
    const [a, b] = [pictures[i]!, pictures[j]!];
    const marked = distinct.has(a.id < b.id ? `${a.id}\n${b.id}` : `${b.id}\n${a.id}`);
    return marked || !sameScreen(a, b) || graded(prepared[i]!, prepared[j]!);
  };
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  // Closest pairs joined first: a copy meets its original's group before a grading or another
  // screen's version can take it into theirs (which would then keep the two groups apart).
  const pairs: [closeness: number, i: number, j: number][] = [];
  forEachCandidatePair(low, high, bands, HASH_WITHIN, (i, j) => {
    if (similar(prepared[i]!, prepared[j]!)) pairs.push([closeness(prepared[i]!, prepared[j]!), i, j]);
  });
  pairs.sort((x, y) => x[0] - y[0]);
  for (const [, i, j] of pairs) {
    const [ri, rj] = [find(i), find(j)];
    if (ri === rj || members[ri]!.some((x) => members[rj]!.some((y) => apart(x, y)))) continue;
    parent[rj] = ri;
    members[ri]!.push(...members[rj]!);
    members[rj] = [];
  }
  const groups = new Map<number, Candidate[]>();
  pictures.forEach((candidate, i) => {
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

/** How far apart two similar pictures are: hash bits, then mean colour (0.01 of it weighs a bit). */
const closeness = (p: Prepared, q: Prepared): number =>
  popcount32(p.low ^ q.low) + popcount32(p.high ^ q.high) + 100 * Math.hypot(p.meanL - q.meanL, p.meanA - q.meanA, p.meanB - q.meanB);

/** Pixels within this share of each other count as the same size: bars are measured on the
 * thumbnail, to a row or two. */
const SAME_SIZE_WITHIN = 0.03;

/** Formats every desktop, browser and viewer shows as they are (issue 30). Between two copies of one
 * picture at one size, such a file is kept over a JPEG XL, HEIC, AVIF, TIFF, BMP, GIF or SVG: a JPEG
 * and its lossless JPEG XL recompression (how GNOME ships its JPEGs) hold the very same pixels, so
 * nothing is lost, and the JPEG needs no rendition to be set nor a variant to be seen; bytes per
 * pixel, the next rule, compares nothing across codecs (a HEIC is half a JPEG's bytes at its quality). */
const WIDELY_SHOWN = new Set(['image/jpeg', 'image/png', 'image/webp']);

function best(members: Candidate[]): Candidate {
  const pixels = (c: Candidate) => c.width * c.height * pictureShareOf(c.fingerprint);
  const lossless = (c: Candidate) => (c.content_type === 'image/png' ? 1 : 0);
  const shownEverywhere = (c: Candidate) => (WIDELY_SHOWN.has(c.content_type) ? 1 : 0);
  const bytesPerPixel = (c: Candidate) => c.size_bytes / (c.width * c.height);
  const better = (a: Candidate, b: Candidate): boolean => {
    const [pa, pb] = [pixels(a), pixels(b)];
    if (Math.abs(pa - pb) > SAME_SIZE_WITHIN * Math.max(pa, pb)) return pa > pb;
    if (lossless(a) !== lossless(b)) return lossless(a) > lossless(b);
    if (shownEverywhere(a) !== shownEverywhere(b)) return shownEverywhere(a) > shownEverywhere(b);
    if (bytesPerPixel(a) !== bytesPerPixel(b)) return bytesPerPixel(a) > bytesPerPixel(b);
    return a.id < b.id;
  };
  return members.reduce((winner, c) => (better(c, winner) ? c : winner));
}
