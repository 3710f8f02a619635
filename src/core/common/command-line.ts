// Turns a configured command line (the `set_command` and `on_change` settings) into an argument
// array without a shell: POSIX-style word
// splitting (quotes and backslashes) but no variables, globs, pipes or redirections, then `{path}`
// substituted inside the words, so the file path is always part of exactly one argument.
import { WallpaperError } from '../errors.js';

/** The placeholder `set_command` uses for the file. */
const PATH_PLACEHOLDER = '{path}';
/** The placeholder for the monitor's name: a set_command with it runs once per monitor. */
export const MONITOR_PLACEHOLDER = '{monitor}';

/** Characters a backslash escapes inside double quotes, as in a POSIX shell. */
const DOUBLE_QUOTE_ESCAPES = new Set(['"', '\\', '$', '`', '\n']);

const isBlank = (char: string): boolean => char === ' ' || char === '\t' || char === '\n';

function invalid(problem: string, setting: string): WallpaperError {
  return new WallpaperError('invalid_param', `invalid ${setting}: ${problem}`);
}

/** What stops a line from splitting into words: the problem alone, named by the caller. */
class Unsplittable extends Error {}

/** Why `line` does not split into words (an open quote, a trailing backslash), or undefined. */
export function commandLineProblem(line: string): string | undefined {
  try {
    wordsOf(line);
    return undefined;
  } catch (error) {
    if (error instanceof Unsplittable) return error.message;
    throw error;
  }
}

/** Split a command line into words like a POSIX shell would, without expanding anything; a line
 * that does not split is invalid `setting`. */
export function splitCommandLine(line: string, setting = 'set_command'): string[] {
  try {
    return wordsOf(line);
  } catch (error) {
    if (error instanceof Unsplittable) throw invalid(error.message, setting);
    throw error;
  }
}

function wordsOf(line: string): string[] {
  const words: string[] = [];
  let word = '';
  // A word exists as soon as any part of it is seen, so `''` is one empty argument.
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const char = line[i] as string;
    if (isBlank(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i += 1;
    } else if (char === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Unsplittable('unterminated single quote');
      word += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (char === '"') {
      i += 1;
      for (;;) {
        if (i >= line.length) throw new Unsplittable('unterminated double quote');
        const inner = line[i] as string;
        if (inner === '"') break;
        const next = line[i + 1];
        if (inner === '\\' && next !== undefined && DOUBLE_QUOTE_ESCAPES.has(next)) {
          if (next !== '\n') word += next; // backslash-newline is a line continuation
          i += 2;
        } else {
          word += inner;
          i += 1;
        }
      }
      inWord = true;
      i += 1;
    } else if (char === '\\') {
      const next = line[i + 1];
      if (next === undefined) throw new Unsplittable('trailing backslash');
      if (next !== '\n') {
        word += next;
        inWord = true;
      }
      i += 2;
    } else {
      word += char;
      inWord = true;
      i += 1;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/**
 * The program and arguments for `set_command` and `file`. `{path}` is replaced wherever it appears
 * inside a word, and `{monitor}` by `monitor`; a command without `{path}` gets the file as its last
 * argument.
 */
export function commandFor(setCommand: string, file: string, monitor = ''): { program: string; args: string[] } {
  const words = splitCommandLine(setCommand);
  const [program, ...rest] = words;
  if (program === undefined) throw invalid('it is empty', 'set_command');
  if (program === '') throw invalid('the program name is empty', 'set_command');
  const hasPlaceholder = words.some((word) => word.includes(PATH_PLACEHOLDER));
  // split/join rather than String.replace: a path holding `$&` or `$'` must arrive verbatim.
  const substitute = (word: string): string => word.split(PATH_PLACEHOLDER).join(file).split(MONITOR_PLACEHOLDER).join(monitor);
  const args = rest.map(substitute);
  if (!hasPlaceholder) args.push(file);
  return { program: substitute(program), args };
}
