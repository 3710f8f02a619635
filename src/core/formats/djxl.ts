// JPEG XL through the system's own decoder, libjxl's `djxl` (Debian's libjxl-tools), when this
// machine has one: measured four times faster than the WebAssembly build (bench/RESULTS.md), and run
// as a process of its own, so its memory is back the moment it exits. Never required: without it the
// WebAssembly decoder reads every file. Every file comes out as 8-bit pixels (PNM), a losslessly
// recompressed JPEG (how GNOME ships its wallpapers) too: djxl 0.7 takes twice the CPU to rebuild the
// JPEG as to decode the pixels (2.2 s against 0.9 s for a 4K picture, bench/RESULTS.md), more than
// sharp's shrink-on-load of the rebuilt JPEG saves. djxl runs with glibc's mmap threshold fixed at its
// default (docs/formats.md#memory): left to grow, as glibc grows it after each large buffer freed, it
// had djxl keep freed buffers in its heap, 454 MB for a 3840x2160 JPEG XL with alpha against 384 MB
// fixed (the same pixels, 0.1 s more CPU; an RGB one unchanged; bench/RESULTS.md). A value the user
// set is kept.
import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { Pixels } from './wasm-pool.js';

let found: Promise<string | undefined> | undefined;

/** The path of `djxl` on PATH, looked up once. */
export function systemDjxl(env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  found ??= (async () => {
    for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
      const path = join(dir, 'djxl');
      if (
        await access(path, constants.X_OK).then(
          () => true,
          () => false,
        )
      )
        return path;
    }
    return undefined;
  })();
  return found;
}

/** glibc's first mmap threshold (128 KiB): set, glibc no longer raises it. */
const MMAP_THRESHOLD = '131072';

/** djxl's environment: this process's, with the mmap threshold fixed unless the user set one. */
export const djxlEnv = (env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv => ({
  ...env,
  MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? MMAP_THRESHOLD,
});

const run = (file: string, args: string[]) =>
  new Promise<void>((resolve, reject) =>
    execFile(file, args, { timeout: 120_000, maxBuffer: 1024 * 1024, env: djxlEnv() }, (error, _out, stderr) =>
      error ? reject(new Error(`djxl failed: ${String(stderr).trim().split('\n').at(-1) || error.message}`)) : resolve(),
    ),
  );

/** Pixels of the PNM file djxl writes: P6 (RGB), P5 (grey), or P7/PAM when there is alpha. 8 bits. */
function readPnm(bytes: Buffer): Pixels & { channels: number } {
  const magic = bytes.subarray(0, 2).toString();
  if (magic === 'P7') {
    const end = bytes.indexOf('ENDHDR\n');
    if (end < 0) throw new Error('djxl wrote a PAM image without a header end');
    const header = Object.fromEntries(
      bytes
        .subarray(3, end)
        .toString()
        .split('\n')
        .map((line) => line.split(' ') as [string, string]),
    );
    const width = Number(header.WIDTH);
    const height = Number(header.HEIGHT);
    const channels = Number(header.DEPTH);
    return { data: bytes.subarray(end + 7, end + 7 + width * height * channels), width, height, channels };
  }
  // P5/P6: magic, width, height and maxval as whitespace-separated words, then one whitespace byte.
  const header = /^P([56])\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(bytes.subarray(0, 64).toString('latin1'));
  if (!header || header[4] !== '255') throw new Error('djxl wrote no 8-bit PNM image');
  const channels = header[1] === '6' ? 3 : 1;
  const width = Number(header[2]);
  const height = Number(header[3]);
  const at = header[0].length;
  return { data: bytes.subarray(at, at + width * height * channels), width, height, channels };
}

export async function decodeWithDjxl(djxl: string, bytes: Uint8Array): Promise<Pixels & { channels: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'wallpaper-jxl-'));
  try {
    const input = join(dir, 'in.jxl');
    await writeFile(input, bytes);
    // A .ppm name: djxl 0.7 writes P6 for RGB and PAM for RGB with alpha (it refuses .pam for RGB).
    await run(djxl, [input, join(dir, 'out.ppm'), '--bits_per_sample=8', '--quiet']);
    return readPnm(await readFile(join(dir, 'out.ppm')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
