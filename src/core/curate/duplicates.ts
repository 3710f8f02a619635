// Near-duplicate groups: pictures whose fingerprints (fingerprint.ts) are
// close and whose grey grids agree once aligned (detail.ts), joined transitively (union-find). Two
// groups are joined only when every pair across them is made for the same screen (screen-shape.ts),
// two vector files only when their renderings agree as one drawing's sizes do (similarity.ts),
// is no colour grading of the other (similarity.ts) and is not marked "not duplicates": these keep
// two pictures apart even through a third. Never compares every pair: candidates come from
// multi-index hashing (hash-index.ts). Deterministic: the result depends on the set of candidates,
// never on their order. Groups come largest saving first. Thresholds measured on real
// wallpapers (bench/RESULTS.md, `--only duplicates`).
import type { Candidate, DuplicateGroup } from '../types.js';

export type { Candidate };
import { type Alignment, align, prepareGrid } from './detail.js';
import { pictureShareOf } from '../analysis/index.js';
import { BANDS, forEachCandidatePair, popcount32 } from './hash-index.js';
import { FLAT_BELOW, faint, faintConfirmed, forEachFaintPair } from './faint.js';
import { isVector, sameScreen } from './screen-shape.js';
import {
  HASH_WITHIN,
  type Prepared,
  SIGNATURE_WITHIN,
  confirmed,
  graded,
  lightnessMoved,
  prepare,
  sameDrawing,
  similar,
  suggested,
} from './similarity.js';

export { nearDuplicates } from './similarity.js';

export type { DuplicateGroup };

/** The groups among `candidates`, the one that frees the most bytes first; `distinct` holds "a\nb"
 * (a < b) pairs never to share a group; `gridsOf` reads the grids of the candidates the hash pairs
 * (a wallpaper without one, indexed before grids were kept, is judged by its fingerprint alone). */
export function groupDuplicates(
  candidates: readonly Candidate[],
  distinct: ReadonlySet<string> = new Set(),
  gridsOf: (ids: string[]) => ReadonlyMap<string, Uint8Array> = () => new Map(),
): DuplicateGroup[] {
  // Flat pictures are never grouped: leave them out altogether.
  const unsorted = candidates.map((candidate) => ({ candidate, prepared: prepare(candidate.fingerprint) }));
  // In order of lightness, then of the first chunk: pictures that meet sit close in memory. Then by
  // id, so that the order (and every tie below) never depends on the order given.
  const order = unsorted
    .filter(({ prepared }) => prepared.contrast >= FLAT_BELOW)
    .sort(
      (a, b) =>
        a.prepared.meanL - b.prepared.meanL ||
        (a.prepared.low & 0xfff) - (b.prepared.low & 0xfff) ||
        (a.candidate.id < b.candidate.id ? -1 : a.candidate.id > b.candidate.id ? 1 : 0),
    );
  const pictures = order.map(({ candidate }) => candidate);
  const prepared = order.map(({ prepared }) => prepared);
  const low = Uint32Array.from(prepared, (p) => p.low);
  const high = Uint32Array.from(prepared, (p) => p.high);
  // Lightness bands as wide as the colour tolerance, from 1 (bands 0 and BANDS - 1 stay empty).
  const bands = Uint8Array.from(prepared, (p) => 1 + Math.min(BANDS - 3, Math.max(0, Math.floor(p.meanL / SIGNATURE_WITHIN))));
  /** Whether every member of a would-be group is made for the screen of the one it would keep:
   * a letterboxed and a pillarboxed copy of one picture are other file shapes to each other, but
   * both copies of the original kept; another screen's version never is. */
  const oneScreen = (group: readonly number[]) => {
    const keep = best(group.map((i) => pictures[i]!));
    return group.every((i) => sameScreen(keep, pictures[i]!));
  };
  // The hash and the colours suggest, then the grids confirm (read only for the pictures
  // suggested); a pair without both grids (indexed before they were kept) takes the strict rule.
  const suggestions: [i: number, j: number][] = [];
  // The mean colours side by side: suggested()'s first test, made here on one array, turns most
  // pairs the hashes meet away before their Prepared values are read (bench/RESULTS.md).
  const means = Float64Array.from(prepared.flatMap((p) => [p.meanL, p.meanA, p.meanB]));
  const farthest = SIGNATURE_WITHIN * SIGNATURE_WITHIN;
  forEachCandidatePair(low, high, bands, HASH_WITHIN, (i, j) => {
    const ml = means[3 * i]! - means[3 * j]!;
    const ma = means[3 * i + 1]! - means[3 * j + 1]!;
    const mb = means[3 * i + 2]! - means[3 * j + 2]!;
    if (ml * ml + ma * ma + mb * mb > farthest) return;
    if (suggested(prepared[i]!, prepared[j]!)) suggestions.push([i, j]);
  });
  // Faint pictures by their colours: their hashes are noise.
  forEachFaintPair(prepared, (i, j) => suggestions.push([i, j]));
  const grids = gridsFor(pictures, suggestions, gridsOf);
  // Alignments made, by pair (i < j): a pair may be asked again as part of a group.
  const alignments = new Map<number, Alignment>();
  const alignmentOf = (i: number, j: number): Alignment | undefined => {
    const [x, y] = i < j ? [i, j] : [j, i];
    const [gx, gy] = [grids[x], grids[y]];
    if (!gx || !gy) return undefined;
    const key = x * pictures.length + y;
    const known = alignments.get(key);
    if (known) return known;
    const found = align(gx, gy);
    alignments.set(key, found);
    return found;
  };
  const apart = (i: number, j: number) => {
    const [a, b] = [pictures[i]!, pictures[j]!];
    if (distinct.has(a.id < b.id ? `${a.id}\n${b.id}` : `${b.id}\n${a.id}`)) return true;
    // Only a lightness shift asks for the grids (most pairs across two groups never need aligning).
    const [p, q] = [prepared[i]!, prepared[j]!];
    return graded(p, q, lightnessMoved(p, q) ? alignmentOf(i, j) : undefined);
  };
  // Closest pairs joined first: a copy meets its original's group before a grading or another
  // screen's version can take it into theirs (which would then keep the two groups apart). Ties by
  // the pictures' order, which is the ids' where all else is equal.
  const pairs = suggestions.map(([i, j]): [number, number, number] => [
    closeness(prepared[i]!, prepared[j]!),
    Math.min(i, j),
    Math.max(i, j),
  ]);
  pairs.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2]);
  const parent = pictures.map((_, i) => i);
  // Each root's members, to check every pair across two groups before joining them (groups are small).
  const members = pictures.map((_, i) => [i]);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  for (const [, i, j] of pairs) {
    const [ri, rj] = [find(i), find(j)];
    // Already one group: no need to align them (the costly part, so dense groups cost little).
    if (ri === rj) continue;
    const alignment = alignmentOf(i, j);
    const [p, q] = [prepared[i]!, prepared[j]!];
    const drawings = isVector(pictures[i]!) && isVector(pictures[j]!);
    const same = !alignment
      ? similar(p, q)
      : drawings
        ? sameDrawing(alignment)
        : faint(p, q)
          ? faintConfirmed(alignment)
          : confirmed(p, q, alignment);
    if (!same || members[ri]!.some((x) => members[rj]!.some((y) => apart(x, y)))) continue;
    if (!oneScreen([...members[ri]!, ...members[rj]!])) continue;
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
    .map((members) => {
      const keep = best(members);
      return {
        ids: members.map((m) => m.id).sort(),
        keep: keep.id,
        freed: members.reduce((sum, m) => sum + m.size_bytes, 0) - keep.size_bytes,
      };
    })
    .sort((x, y) => y.freed - x.freed || (x.keep < y.keep ? -1 : 1))
    .map(({ ids, keep }) => ({ ids, keep }));
}

/** The prepared grids of the pictures in `pairs` (by picture index), from the candidates or `gridsOf`. */
function gridsFor(
  pictures: readonly Candidate[],
  pairs: readonly [number, number][],
  gridsOf: (ids: string[]) => ReadonlyMap<string, Uint8Array>,
): (ReturnType<typeof prepareGrid> | undefined)[] {
  const wanted = [...new Set(pairs.flat())];
  const missing = wanted.filter((i) => !pictures[i]!.grid).map((i) => pictures[i]!.id);
  const read = missing.length ? gridsOf(missing) : new Map<string, Uint8Array>();
  const grids: (ReturnType<typeof prepareGrid> | undefined)[] = [];
  for (const i of wanted) {
    const grid = pictures[i]!.grid ?? read.get(pictures[i]!.id);
    if (grid) grids[i] = prepareGrid(grid);
  }
  return grids;
}

/** How far apart two similar pictures are: hash bits, then mean colour (0.01 of it weighs a bit). */
const closeness = (p: Prepared, q: Prepared): number =>
  popcount32(p.low ^ q.low) + popcount32(p.high ^ q.high) + 100 * Math.hypot(p.meanL - q.meanL, p.meanA - q.meanA, p.meanB - q.meanB);

/** Pixels within this share of each other count as the same size: bars are measured on the
 * thumbnail, to a row or two. */
const SAME_SIZE_WITHIN = 0.03;

/** Formats every desktop, browser and viewer shows as they are. Between two copies of one
 * picture at one size, such a file is kept over a JPEG XL, HEIC, AVIF, TIFF, BMP, GIF or SVG: a JPEG
 * and its lossless JPEG XL recompression (how GNOME ships its JPEGs) hold the very same pixels, so
 * nothing is lost, and the JPEG needs no rendition to be set nor a variant to be seen; bytes per
 * pixel, the next rule, compares nothing across codecs (a HEIC is half a JPEG's bytes at its quality). */
const WIDELY_SHOWN = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** The copy to keep: the most pixels of picture (a vector's nominal size: a drawing has no bars
 * and renders at any size, so the larger nominal size is only the designer's choice of the two),
 * then lossless, then widely shown, then the most bytes per pixel (between two rasters). */
function best(members: Candidate[]): Candidate {
  const pixels = (c: Candidate) => c.width * c.height * (isVector(c) ? 1 : pictureShareOf(c.fingerprint));
  const lossless = (c: Candidate) => (c.content_type === 'image/png' ? 1 : 0);
  const shownEverywhere = (c: Candidate) => (WIDELY_SHOWN.has(c.content_type) ? 1 : 0);
  const bytesPerPixel = (c: Candidate) => c.size_bytes / (c.width * c.height);
  const better = (a: Candidate, b: Candidate): boolean => {
    const [pa, pb] = [pixels(a), pixels(b)];
    if (Math.abs(pa - pb) > SAME_SIZE_WITHIN * Math.max(pa, pb)) return pa > pb;
    if (lossless(a) !== lossless(b)) return lossless(a) > lossless(b);
    if (shownEverywhere(a) !== shownEverywhere(b)) return shownEverywhere(a) > shownEverywhere(b);
    const rasters = !isVector(a) && !isVector(b);
    if (rasters && bytesPerPixel(a) !== bytesPerPixel(b)) return bytesPerPixel(a) > bytesPerPixel(b);
    return a.id < b.id;
  };
  return members.reduce((winner, c) => (better(c, winner) ? c : winner));
}
