// The size of a JPEG XL image from its header (ISO/IEC 18181-1, SizeHeader and the start of
// ImageMetadata), in a bare codestream or inside the container's `jxlc`/`jxlp` boxes: enough to
// refuse a decompression bomb before the decoder sees a byte of it.
import { WallpaperError } from '../errors.js';

const broken = (why: string) => new WallpaperError('unsupported', `not a decodable JPEG XL file: ${why}`);

/** Bits read least significant first, as the codestream stores them. */
class Bits {
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}
  read(count: number): number {
    let value = 0;
    for (let i = 0; i < count; i++, this.at++) {
      const byte = this.bytes[this.at >> 3];
      if (byte === undefined) throw broken('the header is cut short');
      value += ((byte >> (this.at & 7)) & 1) * 2 ** i;
    }
    return value;
  }
  /** U32(Bits(9)+1, Bits(13)+1, Bits(18)+1, Bits(30)+1): the distribution of image sides. */
  side(): number {
    return this.read([9, 13, 18, 30][this.read(2)]!) + 1;
  }
}

/** Width over height of SizeHeader's ratio codes 1..7. */
const RATIOS = [
  [1, 1],
  [12, 10],
  [4, 3],
  [3, 2],
  [16, 9],
  [5, 4],
  [2, 1],
] as const;

/** The codestream: the file itself, or the content of its first jxlc/jxlp box. */
function codestream(bytes: Uint8Array): Uint8Array {
  if (bytes[0] === 0xff && bytes[1] === 0x0a) return bytes;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  while (at + 8 <= bytes.length) {
    let size = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    let header = 8;
    if (size === 1) {
      if (at + 16 > bytes.length) break;
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) size = bytes.length - at;
    if (size < header) break;
    if (type === 'jxlc') return bytes.subarray(at + header, at + size);
    if (type === 'jxlp') return bytes.subarray(at + header + 4, at + size); // 4 bytes of part index first
    at += size;
  }
  throw broken('no codestream box');
}

/** Width and height as displayed (the orientation of ImageMetadata applied). */
export function readJxlHeader(bytes: Uint8Array): { width: number; height: number } {
  const stream = codestream(bytes);
  if (stream[0] !== 0xff || stream[1] !== 0x0a) throw broken('no codestream signature');
  const bits = new Bits(stream.subarray(2));
  const small = bits.read(1) === 1;
  const height = small ? (bits.read(5) + 1) * 8 : bits.side();
  const ratio = bits.read(3);
  const width =
    ratio === 0 ? (small ? (bits.read(5) + 1) * 8 : bits.side()) : Math.floor((height * RATIOS[ratio - 1]![0]) / RATIOS[ratio - 1]![1]);
  let orientation = 1;
  try {
    if (bits.read(1) === 0 && bits.read(1) === 1) orientation = bits.read(3) + 1; // not all_default, extra_fields
  } catch {
    // A header cut right after the size: the decoder will say what is wrong.
  }
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}
