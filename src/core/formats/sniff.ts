// Which format a file's bytes hold, by their content alone (never its name or a client's word):
// the magic numbers of each format, the brands of an ISO media file (AVIF or HEIC), and for SVG the
// first element of an XML text.
import type { FormatName } from './table.js';

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0) =>
  bytes.length >= at + magic.length && magic.every((byte, i) => bytes[at + i] === byte);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

const JXL_CONTAINER = [0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a];
/** Sizes of the BMP info headers in use (OS/2 1.x to BITMAPV5HEADER): with `BM` they make a BMP. */
const BMP_INFO_SIZES = new Set([12, 16, 40, 52, 56, 64, 108, 124]);
const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1', 'mif2']);

/** An SVG: optional BOM, XML declaration, comments, processing instructions and a doctype, then `<svg`. */
const SVG_START = /^\uFEFF?\s*(?:<\?xml[^>]*>\s*|<!--[\s\S]*?-->\s*|<\?[^>]*>\s*|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>\s*)*<svg[\s>/]/i;
/** How much of a text file is read to find its root element. */
const SVG_SNIFF_BYTES = 64 * 1024;

/** The brands of an ISO base media file's `ftyp` box (major first), or undefined. */
function brands(bytes: Uint8Array): string[] | undefined {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return undefined;
  const size = Math.min(new DataView(bytes.buffer, bytes.byteOffset).getUint32(0), bytes.length);
  const found = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) found.push(ascii(bytes, at, at + 4));
  return found;
}

export function sniffFormat(bytes: Uint8Array): FormatName | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (/^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'gif';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0]) || startsWith(bytes, [0x4d, 0x4d, 0, 0x2a])) return 'tiff';
  if (startsWith(bytes, [0x49, 0x49, 0x2b, 0]) || startsWith(bytes, [0x4d, 0x4d, 0, 0x2b])) return 'tiff'; // BigTIFF
  if (startsWith(bytes, [0xff, 0x0a]) || startsWith(bytes, JXL_CONTAINER)) return 'jxl';
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length >= 18 && BMP_INFO_SIZES.has(bytes[14]! | (bytes[15]! << 8))) return 'bmp';
  const found = brands(bytes);
  if (found) {
    if (found.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
    if (found.some((brand) => HEIF_BRANDS.has(brand))) return 'heif';
    return undefined;
  }
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, SVG_SNIFF_BYTES)).toString('utf8');
  if (SVG_START.test(text)) return 'svg';
  return undefined;
}
