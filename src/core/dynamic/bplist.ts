// Apple's binary property list (`bplist00`), read for the small dictionaries an Apple dynamic HEIC
// keeps in its XMP: an 8-byte magic, objects, an offset table and a 32-byte trailer. Only the types
// those hold are read (dictionaries, arrays, integers, reals, booleans, strings, data); every
// offset and length is checked against the bytes, objects nest at most MAX_DEPTH deep (a reference
// cycle is a depth too deep), so a hostile plist costs no more than its size.

export type PlistValue = null | boolean | number | string | Uint8Array | PlistValue[] | { [key: string]: PlistValue };

export class PlistError extends Error {}

const MAX_DEPTH = 32;
const MAX_OBJECTS = 100_000;

export function parseBplist(bytes: Uint8Array): PlistValue {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 40 || String.fromCharCode(...bytes.subarray(0, 8)) !== 'bplist00') throw new PlistError('not a binary plist');
  const trailer = bytes.length - 32;
  const offsetSize = view.getUint8(trailer + 6);
  const refSize = view.getUint8(trailer + 7);
  const count = Number(view.getBigUint64(trailer + 8));
  const top = Number(view.getBigUint64(trailer + 16));
  const table = Number(view.getBigUint64(trailer + 24));
  if (![1, 2, 4, 8].includes(offsetSize) || ![1, 2, 4, 8].includes(refSize)) throw new PlistError('bad sizes in its trailer');
  if (count > MAX_OBJECTS || top >= count || table + count * offsetSize > trailer) throw new PlistError('its trailer points outside it');

  const uint = (at: number, size: number): number => {
    if (at + size > trailer) throw new PlistError('a value runs past its end');
    let value = 0;
    for (let i = 0; i < size; i++) value = value * 256 + bytes[at + i]!;
    return value;
  };
  const offsetOf = (ref: number) => {
    if (ref >= count) throw new PlistError(`a reference to object ${ref} of ${count}`);
    return uint(table + ref * offsetSize, offsetSize);
  };

  const read = (ref: number, depth: number): PlistValue => {
    if (depth > MAX_DEPTH) throw new PlistError('objects nested too deep (a reference loop?)');
    const at = offsetOf(ref);
    if (at < 8 || at >= trailer) throw new PlistError('an object outside it');
    const marker = bytes[at]!;
    const type = marker >> 4;
    const info = marker & 0x0f;
    // The length of strings, data, arrays and dictionaries: the low nibble, or an int after it.
    const length = (): { n: number; start: number } => {
      let n = info;
      let start = at + 1;
      if (info === 0x0f) {
        const intMarker = bytes[at + 1]!;
        if (intMarker >> 4 !== 1) throw new PlistError('a length that is not an integer');
        const size = 1 << (intMarker & 0x0f);
        n = uint(at + 2, size);
        start = at + 2 + size;
      }
      // Every entry takes at least a byte: a length past the end is refused before any is made.
      if (start + n > trailer) throw new PlistError('a length runs past its end');
      return { n, start };
    };
    switch (type) {
      case 0x0:
        if (marker === 0x08) return false;
        if (marker === 0x09) return true;
        return null;
      case 0x1: {
        const size = 1 << info;
        if (size === 8) return Number(view.getBigInt64(at + 1));
        return uint(at + 1, size);
      }
      case 0x2:
        if (at + 1 + (1 << info) > trailer) throw new PlistError('a real runs past its end');
        if (info === 2) return view.getFloat32(at + 1);
        if (info === 3) return view.getFloat64(at + 1);
        throw new PlistError('a real of an unknown size');
      case 0x3:
        return view.getFloat64(at + 1); // a date: seconds since 2001-01-01
      case 0x4:
      case 0x5:
      case 0x6: {
        const { n, start } = length();
        const bytesLong = type === 0x6 ? n * 2 : n;
        if (start + bytesLong > trailer) throw new PlistError('a string or data runs past its end');
        const slice = bytes.subarray(start, start + bytesLong);
        if (type === 0x4) return slice;
        if (type === 0x5) return Buffer.from(slice).toString('latin1');
        let text = '';
        for (let i = 0; i < n; i++) text += String.fromCharCode(view.getUint16(start + i * 2));
        return text;
      }
      case 0xa: {
        const { n, start } = length();
        return Array.from({ length: n }, (_, i) => read(uint(start + i * refSize, refSize), depth + 1));
      }
      case 0xd: {
        const { n, start } = length();
        const dict: { [key: string]: PlistValue } = Object.create(null);
        for (let i = 0; i < n; i++) {
          const key = read(uint(start + i * refSize, refSize), depth + 1);
          if (typeof key !== 'string') throw new PlistError('a dictionary key that is not a string');
          dict[key] = read(uint(start + (n + i) * refSize, refSize), depth + 1);
        }
        return dict;
      }
      default:
        throw new PlistError(`an object of type 0x${type.toString(16)}, not read here`);
    }
  };
  return read(top, 0);
}
