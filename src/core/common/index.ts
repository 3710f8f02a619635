// The common room: small helpers every room may use: files (atomic writes, moves across devices,
// no-clobber placing, safe names), the one bounded-cache primitive, whether a pid still lives, and
// how a room starts a worker thread of its own, how memory is handed back after a burst of work,
// and a configured command line split into words without a shell.
// May use: nothing but the leaves.
export { VersionedCache } from './cache.js';
export { commandFor, commandLineProblem, MONITOR_PLACEHOLDER, splitCommandLine } from './command-line.js';
export {
  goneFromDisk,
  isMissingFile,
  isWithin,
  moveFile,
  placeWithoutClobber,
  readRange,
  realPathOf,
  sanitiseStem,
  writeFileAtomic,
} from './files.js';
export { isAlive } from './processes.js';
export { ownWorker } from './worker.js';
export { collectNow, releaseMemory } from './release-memory.js';
