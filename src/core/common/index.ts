// The common room: small helpers every room may use: files (atomic writes, moves across devices,
// no-clobber placing, safe names), the one bounded-cache primitive, and whether a pid still lives.
// May use: nothing but the leaves.
export { VersionedCache } from './cache.js';
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
