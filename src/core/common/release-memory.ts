// Memory back to the system after a scan. A rescan holds every walked path and every indexed file's
// state at once and leaves the rest of its work as garbage; V8 grows its heap for that rather than
// collect, and keeps the pages afterwards: `serve` stayed at 2.1 GB RSS after the start-up rescan of
// a million files, 2 GB of it garbage. A full collection once the scan is over, and another a moment
// later when V8 has swept, brought it to 204 MB (bench/RESULTS.md). V8 offers no collection to
// programs started without --expose-gc; the flag is set here and the function taken from a fresh
// context, as jest's --logHeapUsage does.

const SWEEP_DELAY_MS = 1000;

let collect: (() => void) | undefined;

function collector(): () => void {
  if (!collect) {
    process.getBuiltinModule('node:v8').setFlagsFromString('--expose-gc');
    collect = process.getBuiltinModule('node:vm').runInNewContext('gc') as () => void;
  }
  return collect;
}

/** Collect garbage now and once more shortly (in the background), returning freed pages. */
export function releaseMemory(): void {
  const gc = collector();
  gc();
  setTimeout(gc, SWEEP_DELAY_MS).unref();
}

/** Collect garbage now, once (a large decode's pixels from the last one are then freed before the
 * next one's are made). */
export function collectNow(): void {
  collector()();
}
