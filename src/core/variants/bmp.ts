// Windows BMP, what many e-paper firmwares read (docs/frame.md#e-paper-frames): 1 bit a pixel for
// a two-colour palette (TRMNL's format), 8 bits with the palette as its colour table otherwise, and
// 24-bit BGR without a palette. Rows bottom-up, each padded to 4 bytes, a 40-byte BITMAPINFOHEADER:
// the plainest form every reader (ImageMagick, Pillow, GxEPD2's examples) takes.
import type { Rgb } from './palettes.js';
import { packRows } from './png-indexed.js';

const DPI_72 = 2835; // pixels per metre

function headers(width: number, height: number, bits: number, colours: number, pixelBytes: number): Buffer {
  const offset = 14 + 40 + colours * 4;
  const out = Buffer.alloc(offset);
  out.write('BM', 0, 'ascii');
  out.writeUInt32LE(offset + pixelBytes, 2);
  out.writeUInt32LE(offset, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22); // positive: bottom-up
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(bits, 28);
  out.writeUInt32LE(0, 30); // BI_RGB
  out.writeUInt32LE(pixelBytes, 34);
  out.writeInt32LE(DPI_72, 38);
  out.writeInt32LE(DPI_72, 42);
  out.writeUInt32LE(colours, 46);
  out.writeUInt32LE(colours, 50);
  return out;
}

/** A BMP of palette indices: 1-bit for two colours, else 8-bit. */
export function encodeIndexedBmp(indices: Uint8Array, width: number, height: number, palette: readonly Rgb[]): Buffer {
  const bits = palette.length <= 2 ? 1 : 8;
  const pixels = packRows(indices, width, height, bits, 0, 4, true);
  const head = headers(width, height, bits, palette.length, pixels.length);
  for (const [i, [r, g, b]] of palette.entries()) head.set([b, g, r, 0], 54 + i * 4);
  return Buffer.concat([head, pixels]);
}

/** A 24-bit BMP of `rgb` (3 bytes a pixel, rows top to bottom). */
export function encodeRgbBmp(rgb: Uint8Array, width: number, height: number): Buffer {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const row = (height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 3;
      pixels[row + x * 3] = rgb[from + 2]!;
      pixels[row + x * 3 + 1] = rgb[from + 1]!;
      pixels[row + x * 3 + 2] = rgb[from]!;
    }
  }
  return Buffer.concat([headers(width, height, 24, 0, pixels.length), pixels]);
}
