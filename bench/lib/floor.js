// The first scan's floor (bench/figures/scan.js): what sharp alone spends to decode a file to at most
// 512 px with shrink-on-load, the one decode any scan must make. One definition for the figure and
// the probes that take the scan apart (bench/probes/scan-cpu.mjs, scan-parts.mjs).
import sharp from 'sharp';

/** The floor's target size: "decoding to <= 512 px with shrink-on-load". */
export const FLOOR_SIZE = 512;

/** Decode `bytes` as the floor does. */
export const decodeToFloor = (bytes) =>
  sharp(bytes).resize(FLOOR_SIZE, FLOOR_SIZE, { fit: 'inside', withoutEnlargement: true }).raw().toBuffer();
