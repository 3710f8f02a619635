// The thread that dithers and encodes an e-paper answer (docs/frame.md#e-paper-frames): the loop over
// every pixel is the server's own JavaScript (sharp cannot take a fixed palette), a few hundred
// milliseconds for a 1600x1200 panel, so it runs here and the server keeps answering meanwhile
// (epaper-threads.ts starts it). Each message is one picture's sRGB pixels, moved (not copied) in;
// the answer is the bytes of its PNG or BMP, moved out.
import { parentPort } from 'node:worker_threads';
import { encodeIndexedBmp } from './bmp.js';
import { ditherToPalette } from './dither.js';
import type { Dither, Rgb } from './palettes.js';
import { encodeIndexedPng } from './png-indexed.js';

export interface EpaperJob {
  id: number;
  rgb: Uint8Array;
  width: number;
  height: number;
  palette: Rgb[];
  dither: Dither;
  format: 'png' | 'bmp';
}

export type EpaperAnswer = { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; error: string };

parentPort?.on('message', (job: EpaperJob) => {
  try {
    const indices = ditherToPalette(job.rgb, job.width, job.height, job.palette, job.dither);
    const encode = job.format === 'bmp' ? encodeIndexedBmp : encodeIndexedPng;
    const bytes = encode(indices, job.width, job.height, job.palette);
    // A fresh copy that owns its memory (a small Buffer may sit in a shared pool): moved, not copied.
    const owned = new Uint8Array(bytes);
    parentPort!.postMessage({ id: job.id, ok: true, bytes: owned } satisfies EpaperAnswer, [owned.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id: job.id, ok: false, error: (error as Error).message } satisfies EpaperAnswer);
  }
});
