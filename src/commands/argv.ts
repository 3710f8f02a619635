// The command word of a command line, read before anything is loaded: the first word after the
// program's own options (bin/ decides from it whether to run again with smaller malloc heaps,
// src/relaunch.ts; src/cli.ts which command module to load).

/** The program's own options that take a value (the value is not the command's name). */
const GLOBAL_VALUED = new Set(['--home', '--database']);
const GLOBAL_FLAGS = new Set(['--no-color']);

/** The first word of `argv` (as process.argv) that is not one of the program's own options. */
export function commandWord(argv: readonly string[]): string | undefined {
  for (let i = 2; i < argv.length; i++) {
    const arg = argv[i]!;
    if (GLOBAL_VALUED.has(arg)) i++;
    else if (GLOBAL_FLAGS.has(arg) || [...GLOBAL_VALUED].some((name) => arg.startsWith(`${name}=`))) continue;
    else return arg;
  }
  return undefined;
}

/** The value of one of the program's own options that take one (`--home DIR` or `--home=DIR`), when
 * given before the command word. */
export function globalValue(argv: readonly string[], name: string): string | undefined {
  for (let i = 2; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === name) return argv[i + 1];
    if (arg.startsWith(`${name}=`)) return arg.slice(name.length + 1);
    if (GLOBAL_VALUED.has(arg)) i++;
    else if (!GLOBAL_FLAGS.has(arg) && ![...GLOBAL_VALUED].some((valued) => arg.startsWith(`${valued}=`))) return undefined;
  }
  return undefined;
}
