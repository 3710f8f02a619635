// Near-duplicates judged on the aligned grids (second round), as table tests on pictures
// made in code: a corner crop of an unevenly lit picture is a copy (its mean lightness moves as
// far as a grading's, but the aligned grids compare the same region), a grading of it is never
// grouped; a faint pattern's copies are grouped, while other faint patterns of its colours, flat
// fields and the generated hard negatives never are.
import sharp from 'sharp';
import t from 'tap';
import { type Candidate, groupDuplicates } from '../../src/core/curate/duplicates.js';
import { type HardKind, hardNegative } from '../helpers/hard-negatives.js';
import { faintPattern, flatField, unevenPhoto } from '../helpers/uneven.js';
import { candidate } from '../helpers/candidates.js';

type Edit = (bytes: Buffer) => Promise<Buffer>;
const crop =
  (l: number, tp: number, r: number, b: number): Edit =>
  async (bytes) => {
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    const [left, top] = [Math.round(width * l), Math.round(height * tp)];
    const box = { left, top, width: width - left - Math.round(width * r), height: height - top - Math.round(height * b) };
    return sharp(bytes).extract(box).jpeg({ quality: 90 }).toBuffer();
  };
const EDITS: Record<string, Edit> = {
  'resized 50%': (b) => sharp(b).resize({ width: 640 }).jpeg({ quality: 90 }).toBuffer(),
  'JPEG q60': (b) => sharp(b).jpeg({ quality: 60 }).toBuffer(),
  WebP: (b) => sharp(b).webp({ quality: 80 }).toBuffer(),
  'cropped 8% at the bright corner': crop(0.08, 0.08, 0, 0),
  'cropped 8% at the far corner': crop(0, 0, 0.08, 0.08),
  'cropped 5% each side': crop(0.05, 0.05, 0.05, 0.05),
};
/** Designer gradings: the whole picture darker, or lighter (never a copy). */
const GRADINGS: Record<string, Edit> = {
  'graded 15% darker': (b) => sharp(b).linear(0.85, 0).png().toBuffer(),
  'graded lighter': (b) => sharp(b).linear(0.85, 40).png().toBuffer(),
};

/** The group (its ids) holding `id`, or just [id]. */
const groupOf = (groups: { ids: string[] }[], id: string): string[] => groups.find((g) => g.ids.includes(id))?.ids ?? [id];

for (const seed of [3, 8]) {
  t.test(`an unevenly lit photo (${seed}): every copy in one group, no grading in it`, async (t) => {
    const original = await unevenPhoto(seed);
    const candidates = [await candidate('original', original)];
    for (const [name, edit] of Object.entries(EDITS)) candidates.push(await candidate(name, await edit(original)));
    for (const [name, edit] of Object.entries(GRADINGS)) {
      candidates.push(await candidate(name, await edit(original)));
      // A copy of the grading: found with it, and still apart from the original's group.
      candidates.push(await candidate(`${name}, resized`, await EDITS['resized 50%']!(await edit(original))));
    }
    const groups = groupDuplicates(candidates);
    const kept = groupOf(groups, 'original');
    for (const name of Object.keys(EDITS)) t.ok(kept.includes(name), `${name}: with the original (group: ${kept.join(', ')})`);
    for (const name of Object.keys(GRADINGS)) {
      t.notOk(kept.includes(name), `${name}: not with the original`);
      t.same(groupOf(groups, name).sort(), [name, `${name}, resized`].sort(), `${name}: grouped with its own copy only`);
    }
  });
}

t.test('a faint pattern: its copies grouped, other faint patterns and flat fields never', async (t) => {
  const candidates: Candidate[] = [];
  for (const seed of [1, 2, 3]) {
    const original = await faintPattern(seed);
    candidates.push(await candidate(`pattern ${seed}`, original));
    for (const [name, edit] of Object.entries(EDITS)) candidates.push(await candidate(`pattern ${seed} ${name}`, await edit(original)));
  }
  for (const colour of ['#281046', '#29104a', '#000000']) {
    const flat = await flatField(colour);
    candidates.push(await candidate(`flat ${colour}`, flat));
    candidates.push(await candidate(`flat ${colour} resized 50%`, await EDITS['resized 50%']!(flat)));
  }
  const groups = groupDuplicates(candidates);
  for (const seed of [1, 2, 3]) {
    const group = groupOf(groups, `pattern ${seed}`);
    for (const name of Object.keys(EDITS)) t.ok(group.includes(`pattern ${seed} ${name}`), `pattern ${seed} ${name}: with its original`);
    t.ok(
      group.every((id) => id.startsWith(`pattern ${seed}`)),
      `pattern ${seed}: no other pattern in its group (${group.join(', ')})`,
    );
  }
  for (const group of groups)
    t.notOk(
      group.ids.some((id) => id.startsWith('flat')),
      `no flat field grouped: ${group.ids.join(', ')}`,
    );
});

const HARD: [HardKind, number][] = [
  ['nearblack', 40],
  ['noise', 20],
  ['stars', 20],
];

t.test('faint hard negatives (near-black fields, noise, star fields) are never grouped, nor with a faint pattern', async (t) => {
  const candidates: Candidate[] = [await candidate('pattern', await faintPattern(1, 480, 270))];
  for (const [kind, count] of HARD)
    for (let seed = 0; seed < count; seed++) candidates.push(await candidate(`${kind}-${seed}`, await hardNegative(kind, seed)));
  t.same(
    groupDuplicates(candidates).map((g) => g.ids),
    [],
    'no group',
  );
});
