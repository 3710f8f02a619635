// An indexed PNG written byte by byte (docs/frame.md#e-paper-frames): a PLTE of exactly the
// palette's colours and 1, 2, 4 or 8 bits a pixel, so every pixel a reader decodes is one of them.
// sharp's `png({ palette: true })` takes no palette: libimagequant chooses one from the pixels. Fed
// pixels already of acep7's 7 colours it kept them when measured, but nothing promises that (nor
// the colour order, which is the panel's code), and it would quantize the picture a second time.
import { deflateSync } from 'node:zlib';
import type { Rgb } from './palettes.js';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** The fewest bits a pixel that index `count` colours (PNG allows 1, 2, 4, 8). */
export const bitsFor = (count: number): 1 | 2 | 4 | 8 => (count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8);

/** Indices packed `bits` a pixel, most significant first, each row starting on a byte; `lead` bytes
 * before each row (PNG's filter byte) and rows padded to `align` bytes (BMP's 4). */
export function packRows(indices: Uint8Array, width: number, height: number, bits: number, lead: number, align = 1): Buffer[] {
  const bytes = Math.ceil((width * bits) / 8);
  const size = lead + Math.ceil(bytes / align) * align;
  const perByte = 8 / bits;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(size);
    for (let x = 0; x < width; x++) {
      const at = lead + Math.floor(x / perByte);
      row[at] = row[at]! | (indices[y * width + x]! << (8 - bits * ((x % perByte) + 1)));
    }
    rows.push(row);
  }
  return rows;
}

export function encodeIndexedPng(indices: Uint8Array, width: number, height: number, palette: readonly Rgb[]): Buffer {
  const bits = bitsFor(palette.length);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bits;
  header[9] = 3; // indexed colour; compression, filter and interlace 0
  const plte = Buffer.from(palette.flatMap((c) => [...c]));
  const idat = deflateSync(Buffer.concat(packRows(indices, width, height, bits, 1)), { level: 6 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', plte),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
