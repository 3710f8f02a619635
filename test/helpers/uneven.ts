// Pictures near-duplicate search once missed, made in code from a seed: a photo lit unevenly
// (a bright glow in one corner, so a corner crop moves its mean lightness as far as a designer's
// grading does), and a faint pattern (light dots on a dark ground, denser in places: near-uniform at
// the analysis size, like GNOME's symbolic wallpapers) and a flat field.
import sharp from 'sharp';
import { photo } from './photos.js';

function random(seed: number): () => number {
  let state = (seed * 2654435761 + 3) % 2147483648;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** PNG bytes of photo `seed` with a bright glow over its top-left corner. */
export async function unevenPhoto(seed: number, width = 1280, height = 720): Promise<Buffer> {
  const glow = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><radialGradient id="sun" cx="0" cy="0" r="0.5"><stop offset="0" stop-color="#fffbe8" stop-opacity="1"/>
    <stop offset="1" stop-color="#fffbe8" stop-opacity="0"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="url(#sun)"/></svg>`;
  return sharp(await photo(seed, width, height))
    .composite([{ input: Buffer.from(glow) }])
    .png()
    .toBuffer();
}

/** PNG bytes of faint pattern `seed`: 2x2 light dots on a dark ground, their density following a
 * few soft blobs (the only structure left once the dots average out). */
export async function faintPattern(seed: number, width = 1280, height = 720): Promise<Buffer> {
  const next = random(seed);
  const blobs = Array.from({ length: 5 }, () => [next() * width, next() * height, (0.15 + next() * 0.25) * width] as const);
  const raw = Buffer.alloc(width * height * 3);
  for (let p = 0; p < width * height; p++) raw.set([40, 16, 70], p * 3);
  for (let y = 0; y < height - 1; y += 2) {
    for (let x = 0; x < width - 1; x += 2) {
      const density = blobs.reduce((sum, [bx, by, r]) => sum + Math.exp(-((x - bx) ** 2 + (y - by) ** 2) / (r * r)), 0);
      if (next() >= 0.04 + 0.06 * Math.min(1, density)) continue;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const)
        raw.set([150, 110, 190], ((y + dy) * width + x + dx) * 3);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** PNG bytes of a flat field of one colour. */
export const flatField = (colour: string, width = 1280, height = 720): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
