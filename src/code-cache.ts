// The program's own compile cache where Node has none (before 22.1: Node 20), for the bundled
// program's files only (dist/*.cjs; docs/design.md#how-the-program-is-built-and-started). Each file
// is compiled as Node would (the same CommonJS wrapper, as a vm.Script) with V8's code cache of the
// last run, and when the program ends of itself (its event loop empty; not by process.exit) the code
// of the files that had none, or whose cache V8 turned away, is written with the functions that ran
// compiled in it. V8 checks each cache against its source, its own version and flags, so a stale or
// damaged file costs only a compile. One folder per Node version and build of the program
// (`program-VERSION-STAMP`), the others removed when it is made. compile-cache.ts asks for it for the
// short commands only.
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { basename, dirname, join, sep } from 'node:path';
import type { Script } from 'node:vm';

type Compile = (this: Module, content: string, filename: string) => unknown;

/** What Node's CommonJS loader keeps private and this module replaces for the program's files. */
interface Loader {
  prototype: { _compile: Compile };
  wrap(content: string): string;
}

/** The folder of this Node and this build of the program under `dir`: the program's files are
 * bundled together, so one file's size and time stand for the build. */
function folderOf(dir: string, programDir: string): string {
  const stamp = statSync(join(programDir, 'cli.cjs'));
  return join(dir, `program-${process.version}-${Math.round(stamp.mtimeMs).toString(36)}-${stamp.size.toString(36)}`);
}

/** Write `data` to `file` by a temporary sibling and a rename: another process never reads half. */
function writeWhole(file: string, data: Uint8Array): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, data);
  renameSync(temp, file);
}

/** Compile the program's files in `programDir` with the code cache kept in `dir`. */
export function useCodeCache(dir: string, programDir: string): void {
  const folder = folderOf(dir, programDir);
  const ours = programDir.endsWith(sep) ? programDir : `${programDir}${sep}`;
  const loader = Module as unknown as Loader;
  const compile = loader.prototype._compile;
  const toWrite: [Script, string][] = [];
  // Taken here, not imported: a Node with a compile cache of its own never loads it for this.
  const vm = process.getBuiltinModule('node:vm');

  loader.prototype._compile = function (this: Module, content: string, filename: string) {
    if (!filename.startsWith(ours) || !filename.endsWith('.cjs')) return compile.call(this, content, filename);
    const cacheFile = join(folder, `${basename(filename)}.code`);
    let cachedData: Buffer | undefined;
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      // Not made yet: compiled now, written when the program ends.
    }
    // No import() in these files (scripts/bundle.js makes a package's a require), so no module loader.
    const script = new vm.Script(loader.wrap(content), { filename, cachedData });
    if (cachedData === undefined || script.cachedDataRejected) toWrite.push([script, cacheFile]);
    const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    return wrapper.call(this.exports, this.exports, Module.createRequire(filename), this, filename, dirname(filename));
  };

  // beforeExit: the event loop has emptied, the command has ended of itself.
  process.once('beforeExit', () => {
    if (toWrite.length === 0) return;
    try {
      for (const other of readdirSync(dir, { withFileTypes: true }))
        if (other.isDirectory() && other.name.startsWith('program-') && join(dir, other.name) !== folder)
          rmSync(join(dir, other.name), { recursive: true, force: true });
    } catch {
      // No folder yet: nothing to remove.
    }
    try {
      mkdirSync(folder, { recursive: true });
      for (const [script, file] of toWrite) writeWhole(file, script.createCachedData());
    } catch {
      // A cache that cannot be written is only a slower start next time.
    }
  });
}
