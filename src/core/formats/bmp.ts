// BMP, which sharp's prebuilt libvips does not read: the header (size, refused over the pixel limit
// before any pixel is read) and a decoder of the kinds Windows and image tools write: 1, 4 and 8
// bits with a palette (uncompressed or RLE), 16, 24 and 32 bits (plain or with bit fields),
// bottom-up or top-down. Out: RGBA pixels, top row first.
import { WallpaperError } from '../errors.js';

const broken = (why: string) => new WallpaperError('unsupported', `not a decodable BMP file: ${why}`);

export interface BmpHeader {
  width: number;
  height: number;
  topDown: boolean;
  bits: number;
  compression: number;
  /** Where the pixels start, where the palette starts, entries and their size (3 or 4 bytes). */
  dataAt: number;
  paletteAt: number;
  colours: number;
  entrySize: number;
  masks?: [number, number, number, number];
}

const RGB = 0;
const RLE8 = 1;
const RLE4 = 2;
const BITFIELDS = 3;
const ALPHABITFIELDS = 6;

export function readBmpHeader(bytes: Uint8Array): BmpHeader {
  if (bytes.length < 26) throw broken('the header is cut short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const infoSize = view.getUint32(14, true);
  const core = infoSize === 12;
  const width = core ? view.getUint16(18, true) : view.getInt32(18, true);
  const rawHeight = core ? view.getInt16(20, true) : view.getInt32(22, true);
  const bits = core ? view.getUint16(24, true) : view.getUint16(28, true);
  if (!core && bytes.length < 54) throw broken('the header is cut short');
  const compression = core ? RGB : view.getUint32(30, true);
  if (width <= 0 || rawHeight === 0) throw broken(`it declares ${width}x${rawHeight} pixels`);
  if (![1, 4, 8, 16, 24, 32].includes(bits)) throw broken(`${bits} bits a pixel`);
  if (![RGB, RLE8, RLE4, BITFIELDS, ALPHABITFIELDS].includes(compression)) throw broken(`compression ${compression} is not supported`);
  const paletteAt =
    14 + infoSize + (compression === BITFIELDS && infoSize === 40 ? 12 : compression === ALPHABITFIELDS && infoSize === 40 ? 16 : 0);
  let masks: BmpHeader['masks'];
  if (compression === BITFIELDS || compression === ALPHABITFIELDS) {
    const at = infoSize === 40 ? 54 : 54; // in the V4/V5 header, or just after the 40-byte one
    masks = [view.getUint32(at, true), view.getUint32(at + 4, true), view.getUint32(at + 8, true), 0];
    if (compression === ALPHABITFIELDS || infoSize >= 56) masks[3] = view.getUint32(at + 12, true);
  } else if (bits === 16) masks = [0x7c00, 0x03e0, 0x001f, 0];
  const used = core ? 0 : view.getUint32(46, true);
  const colours = bits <= 8 ? used || 2 ** bits : 0;
  return {
    width,
    height: Math.abs(rawHeight),
    topDown: rawHeight < 0,
    bits,
    compression,
    dataAt: view.getUint32(10, true),
    paletteAt,
    colours,
    entrySize: core ? 3 : 4,
    ...(masks ? { masks } : {}),
  };
}

/** The value of a field under `mask`, scaled to 0..255. */
function channel(value: number, mask: number): number {
  if (mask === 0) return 0;
  const shift = 31 - Math.clz32(mask & -mask);
  const max = mask >>> shift;
  return Math.round((((value & mask) >>> shift) * 255) / max);
}

/** RGBA pixels of a BMP whose header `readBmpHeader` read (and the caller checked for size). */
export function decodeBmp(bytes: Uint8Array, header: BmpHeader): { data: Buffer; width: number; height: number } {
  const { width, height, bits, compression } = header;
  const out = Buffer.alloc(width * height * 4);
  const palette: number[][] = [];
  for (let i = 0; i < header.colours; i++) {
    const at = header.paletteAt + i * header.entrySize;
    if (at + 3 > bytes.length) throw broken('the palette is cut short');
    palette.push([bytes[at + 2]!, bytes[at + 1]!, bytes[at]!]);
  }
  const put = (x: number, row: number, r: number, g: number, b: number, a = 255) => {
    const y = header.topDown ? row : height - 1 - row;
    if (x >= width || y < 0 || y >= height) return;
    const at = (y * width + x) * 4;
    out[at] = r;
    out[at + 1] = g;
    out[at + 2] = b;
    out[at + 3] = a;
  };
  const index = (x: number, row: number, i: number) => {
    const [r, g, b] = palette[i] ?? [0, 0, 0];
    put(x, row, r!, g!, b!);
  };
  if (compression === RLE8 || compression === RLE4) {
    decodeRle(bytes, header, index);
    return { data: out, width, height };
  }
  const stride = Math.ceil((width * bits) / 32) * 4;
  if (header.dataAt + stride * (height - 1) + Math.ceil((width * bits) / 8) > bytes.length) throw broken('the pixels are cut short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const masks = header.masks;
  const alpha = masks !== undefined && masks[3] !== 0;
  for (let row = 0; row < height; row++) {
    const line = header.dataAt + row * stride;
    for (let x = 0; x < width; x++) {
      if (bits <= 8) {
        const bit = x * bits;
        const byte = bytes[line + (bit >> 3)]!;
        index(x, row, (byte >> (8 - bits - (bit & 7))) & ((1 << bits) - 1));
      } else if (bits === 24) {
        const at = line + x * 3;
        put(x, row, bytes[at + 2]!, bytes[at + 1]!, bytes[at]!);
      } else {
        const value = bits === 16 ? view.getUint16(line + x * 2, true) : view.getUint32(line + x * 4, true);
        if (masks)
          put(x, row, channel(value, masks[0]), channel(value, masks[1]), channel(value, masks[2]), alpha ? channel(value, masks[3]) : 255);
        else put(x, row, (value >>> 16) & 255, (value >>> 8) & 255, value & 255); // 32-bit BI_RGB: the fourth byte is unused
      }
    }
  }
  return { data: out, width, height };
}

/** Run-length coded 8- and 4-bit pixels: runs, literal stretches, end of line, end of image, delta. */
function decodeRle(bytes: Uint8Array, header: BmpHeader, index: (x: number, row: number, i: number) => void): void {
  const four = header.compression === RLE4;
  let at = header.dataAt;
  let x = 0;
  let row = 0;
  while (at + 1 < bytes.length && row < header.height) {
    const count = bytes[at++]!;
    const value = bytes[at++]!;
    if (count > 0) {
      for (let i = 0; i < count; i++) index(x++, row, four ? (i % 2 === 0 ? value >> 4 : value & 15) : value);
    } else if (value === 0) {
      x = 0;
      row++;
    } else if (value === 1) return;
    else if (value === 2) {
      x += bytes[at++] ?? 0;
      row += bytes[at++] ?? 0;
    } else {
      const length = four ? Math.ceil(value / 2) : value;
      for (let i = 0; i < value; i++) {
        const byte = bytes[at + (four ? i >> 1 : i)] ?? 0;
        index(x++, row, four ? (i % 2 === 0 ? byte >> 4 : byte & 15) : byte);
      }
      at += length + (length % 2); // literal stretches are padded to a whole word
    }
  }
  if (row < header.height - 1) throw broken('the pixels are cut short');
}
