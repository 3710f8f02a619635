// Three groups of near-duplicates whose savings differ widely (groups come largest saving
// first): a small picture with one copy, a large PNG with two full-size copies, a middle one with
// one copy. What each face's order test writes into its library.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EDITS, photo } from './photos.js';

/** Write the three groups into `folder` (files `small-*`, `large-*`, `middle-*`). */
export async function writeGroupsOfSizes(folder: string): Promise<void> {
  const small = await photo(61, 480, 270);
  writeFileSync(join(folder, 'small-original.png'), small);
  writeFileSync(join(folder, 'small-copy.jpg'), await EDITS['JPEG q60']!(small));
  const large = await photo(62, 1600, 900);
  writeFileSync(join(folder, 'large-original.png'), large);
  writeFileSync(join(folder, 'large-copy.jpg'), await EDITS['JPEG q95']!(large));
  writeFileSync(join(folder, 'large-copy.webp'), await EDITS.WebP!(large));
  const middle = await photo(63, 960, 540);
  writeFileSync(join(folder, 'middle-original.png'), middle);
  writeFileSync(join(folder, 'middle-copy.jpg'), await EDITS['JPEG q95']!(middle));
}

interface Answered {
  keep: string;
  wallpapers: { id: string; filename: string; size_bytes: number }[];
}

/** Each group's saving (bytes of all but the one to keep), in the order answered. */
export const savings = (groups: readonly Answered[]): number[] =>
  groups.map((g) => g.wallpapers.filter((w) => w.id !== g.keep).reduce((sum, w) => sum + w.size_bytes, 0));

/** The groups' names (the prefix of their files), in the order answered. */
export const groupNames = (groups: readonly Answered[]): string[] => groups.map((g) => g.wallpapers[0]!.filename.split('-')[0]!);

/** The order before groups came largest saving first (by the kept one's id): the fixture must differ from it to prove anything. */
export const byKeepId = (groups: readonly Answered[]): string[] =>
  [...groups].sort((a, b) => (a.keep < b.keep ? -1 : 1)).map((g) => g.wallpapers[0]!.filename.split('-')[0]!);
