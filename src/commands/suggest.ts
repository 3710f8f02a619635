// "Did you mean": the flag a mistyped one most likely meant. A command's own flags come first and a
// flag that contains the typed word counts as a match (`--hue` -> `--dominant-hue`, `--width` ->
// `--min-width`); only then the closest by edit distance, the global flags last.

/** Edit distance (insertions, deletions, substitutions, and swaps of two neighbours: `lsit` is one
 * edit from `list`, the commonest slip of fast fingers) between two short strings. */
function distance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) current[j] = Math.min(current[j]!, before[j - 2]! + 1);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** The best guess for `typed` (e.g. `--hue`, or a command name) among `own`, then `global`
 * candidates (flags with their dashes, or names), or undefined when none is close. */
export function suggestFlag(typed: string, own: readonly string[], global: readonly string[] = []): string | undefined {
  const bare = (text: string) => text.replace(/^-+/, '').toLowerCase();
  const word = bare(typed).split('=')[0]!;
  if (word.length < 2) return undefined;
  for (const group of [own, global]) {
    const containing = group.filter((candidate) => candidate && bare(candidate).split('-').includes(word));
    if (containing.length > 0) return containing[0];
  }
  const scored = [...own, ...global].filter(Boolean).map((candidate) => ({ candidate, far: distance(word, bare(candidate)) }));
  const best = scored.sort((a, b) => a.far - b.far)[0];
  return best && best.far <= Math.max(1, Math.floor(word.length / 3)) ? best.candidate : undefined;
}
