// An indexed PNG written byte by byte (docs/frame.md#e-paper-frames): a PLTE of exactly the
// palette's colours and 1, 2, 4 or 8 bits a pixel, so every pixel a reader decodes is one of them.
// sharp's `png({ palette: true })` takes no palette: libimagequant chooses one from the pixels. Fed
// pixels already of acep7's 7 colours it kept them when measured, but nothing promises that (nor
// the colour order, which is the panel's code), and it would quantize the picture a second time.
import { crc32, deflateSync } from 'node:zlib';
import type { Rgb } from './palettes.js';

/** zlib's level for the pixels: 4 of 9. Dithered pixels are noise to deflate; measured on a 1600x1200
 * spectra6 answer, level 6 took 130 ms for 429,640 bytes and level 4 46 ms for 438,943 (2% more). */
const DEFLATE_LEVEL = 4;

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** The fewest bits a pixel that index `count` colours (PNG allows 1, 2, 4, 8). */
const bitsFor = (count: number): 1 | 2 | 4 | 8 => (count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8);

/** Indices packed `bits` a pixel, most significant first, each row starting on a byte, in one
 * buffer; `lead` bytes before each row (PNG's filter byte), rows padded to `align` bytes (BMP's 4)
 * and, with `bottomUp`, written last row first (BMP's order). */
export function packRows(
  indices: Uint8Array,
  width: number,
  height: number,
  bits: number,
  lead: number,
  align = 1,
  bottomUp = false,
): Buffer {
  const size = lead + Math.ceil(Math.ceil((width * bits) / 8) / align) * align;
  const out = Buffer.alloc(size * height);
  const perByte = 8 / bits;
  for (let y = 0; y < height; y++) {
    const start = (bottomUp ? height - 1 - y : y) * size + lead;
    const from = y * width;
    if (bits === 8) {
      out.set(indices.subarray(from, from + width), start);
      continue;
    }
    for (let x = 0; x < width; x++) {
      const at = start + ((x / perByte) | 0);
      out[at] = out[at]! | (indices[from + x]! << (8 - bits * ((x % perByte) + 1)));
    }
  }
  return out;
}

export function encodeIndexedPng(indices: Uint8Array, width: number, height: number, palette: readonly Rgb[]): Buffer {
  const bits = bitsFor(palette.length);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bits;
  header[9] = 3; // indexed colour; compression, filter and interlace 0
  const plte = Buffer.from(palette.flatMap((c) => [...c]));
  const idat = deflateSync(packRows(indices, width, height, bits, 1), { level: DEFLATE_LEVEL });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', plte),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
