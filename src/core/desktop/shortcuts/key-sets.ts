// The key sets the four shortcuts can take (docs/desktops.md#keyboard-shortcuts): one chord of
// modifiers held with each arrow. `install` takes the first set of KEY_SETS whose four keys the
// desktop leaves free; `--keys CHORD` asks for one. A chord is written `Super+Ctrl+Alt`, read in any
// case and order, and always shown in the order Super, Ctrl, Alt, Shift.
import { WallpaperError } from '../../errors.js';

export type Modifier = 'Super' | 'Ctrl' | 'Alt' | 'Shift';
/** One chord of modifiers, in the order Super, Ctrl, Alt, Shift. */
export type KeySet = readonly Modifier[];

const ORDER: readonly Modifier[] = ['Super', 'Ctrl', 'Alt', 'Shift'];

/** The sets in the order `install` tries them (docs/desktops.md#keyboard-shortcuts has what each
 * desktop's defaults hold). */
export const KEY_SETS: readonly KeySet[] = [
  ['Super', 'Alt'],
  ['Super', 'Ctrl', 'Alt'],
  ['Ctrl', 'Alt', 'Shift'],
  ['Super', 'Ctrl', 'Alt', 'Shift'],
];

/** The words --keys accepts for each modifier (lower case). */
const WORDS: Record<string, Modifier> = {
  super: 'Super',
  win: 'Super',
  meta: 'Super',
  mod4: 'Super',
  ctrl: 'Ctrl',
  control: 'Ctrl',
  alt: 'Alt',
  mod1: 'Alt',
  shift: 'Shift',
};

/** `Super+Ctrl+Alt`. */
export const chordLabel = (keys: KeySet): string => keys.join('+');

const refused = (text: string, why: string) =>
  new WallpaperError(
    'invalid_param',
    `--keys "${text}": ${why}; --keys takes modifiers joined by +, from Super, Ctrl, Alt and Shift, ` +
      'at least one of them Super, Ctrl or Alt (for example --keys Super+Ctrl+Alt); the four arrows are added',
  );

/** The chord of `--keys`: modifiers joined by `+` (an `+arrows` at the end is allowed). */
export function parseChord(text: string): KeySet {
  const words = text
    .trim()
    .split('+')
    .map((word) => word.trim());
  if (words.length > 1 && /^arrows?$/i.test(words.at(-1)!)) words.pop();
  const found = new Set<Modifier>();
  for (const word of words) {
    if (word === '') throw refused(text, 'an empty word');
    const modifier = WORDS[word.toLowerCase()];
    if (!modifier) throw refused(text, `"${word}" is not a modifier`);
    if (found.has(modifier)) throw refused(text, `${modifier} is given twice`);
    found.add(modifier);
  }
  // Shift alone with the arrows selects text in every editor.
  if (found.size === 1 && found.has('Shift')) throw refused(text, 'Shift alone selects text');
  return ORDER.filter((modifier) => found.has(modifier));
}

/** The chosen set and why: asked with --keys, the first the desktop leaves free, or (none free)
 * the one with the fewest keys taken. */
export type Choice = 'asked' | 'free' | 'fewest_taken';

/** The set `install` uses: the asked one, else the first whose four keys are all free, else the one
 * with the fewest taken (the first of those); `taken` counts a set's taken keys. */
export function chooseKeys(
  taken: (keys: KeySet) => number,
  asked?: KeySet,
  sets: readonly KeySet[] = KEY_SETS,
): { keys: KeySet; choice: Choice } {
  if (asked) return { keys: asked, choice: 'asked' };
  const counts = sets.map((keys) => ({ keys, count: taken(keys) }));
  const free = counts.find((entry) => entry.count === 0);
  if (free) return { keys: free.keys, choice: 'free' };
  const fewest = counts.reduce((best, entry) => (entry.count < best.count ? entry : best));
  return { keys: fewest.keys, choice: 'fewest_taken' };
}
