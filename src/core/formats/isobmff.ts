// The header of a HEIC/HEIF or AVIF file (ISO base media, ISO/IEC 23008-12): which item is the
// primary image, its coded type (hvc1, av01, grid...), its size (`ispe`) and rotation (`irot`), read
// from the `meta` box alone, so a file that declares 100,000 x 100,000 is refused before any pixel
// is decoded and a file without a primary image is refused at all.
import { WallpaperError } from '../errors.js';

interface Box {
  type: string;
  /** Where the box's content starts and ends. */
  start: number;
  end: number;
}

const broken = (why: string) => new WallpaperError('unsupported', `not a decodable HEIF/AVIF file: ${why}`);

function* boxes(view: DataView, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = view.getUint32(at);
    const type = String.fromCharCode(view.getUint8(at + 4), view.getUint8(at + 5), view.getUint8(at + 6), view.getUint8(at + 7));
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) throw broken(`the ${type} box is cut short`);
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) throw broken(`the ${type} box is cut short`);
    yield { type, start: at + header, end: at + size };
    at += size;
  }
}

const child = (view: DataView, parent: Box, type: string, skip = 0): Box | undefined => {
  for (const box of boxes(view, parent.start + skip, parent.end)) if (box.type === type) return box;
  return undefined;
};

/** The items the `iinf` box describes (version 2 and 3 `infe` entries), with their coded types. */
function* items(view: DataView, bytes: Uint8Array, meta: Box): Generator<{ id: number; type: string }> {
  const iinf = child(view, meta, 'iinf', 4);
  if (!iinf) return;
  const skip = view.getUint8(iinf.start) === 0 ? 6 : 8;
  for (const infe of boxes(view, iinf.start + skip, iinf.end)) {
    if (infe.type !== 'infe' || view.getUint8(infe.start) < 2) continue;
    const wide = view.getUint8(infe.start) >= 3;
    const id = wide ? view.getUint32(infe.start + 4) : view.getUint16(infe.start + 4);
    const typeAt = infe.start + 4 + (wide ? 4 : 2) + 2;
    if (typeAt + 4 <= infe.end) yield { id, type: String.fromCharCode(...bytes.subarray(typeAt, typeAt + 4)) };
  }
}

export interface HeifHeader {
  /** The primary item's coded type: `hvc1` (HEVC), `av01` (AV1), `grid` (tiles), ... */
  itemType: string;
  /** As displayed (`irot` applied). */
  width: number;
  height: number;
}

export function readHeifHeader(bytes: Uint8Array): HeifHeader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const top = { type: 'file', start: 0, end: bytes.length };
  const meta = child(view, top, 'meta');
  if (!meta) throw broken('no meta box');
  // meta, pitm, iinf, infe, ipma and ispe are full boxes: 4 bytes of version and flags first.
  const pitm = child(view, meta, 'pitm', 4);
  if (!pitm) throw broken('it has no primary image');
  const primary = view.getUint8(pitm.start) === 0 ? view.getUint16(pitm.start + 4) : view.getUint32(pitm.start + 4);

  const itemType = [...items(view, bytes, meta)].find((item) => item.id === primary)?.type;
  if (!itemType) throw broken(`its primary image (item ${primary}) is not described`);

  const iprp = child(view, meta, 'iprp', 4);
  const ipco = iprp && child(view, iprp, 'ipco');
  const ipma = iprp && child(view, iprp, 'ipma');
  if (!ipco || !ipma) throw broken('it has no item properties');
  const properties = [...boxes(view, ipco.start, ipco.end)];
  const version = view.getUint8(ipma.start);
  const wideIndex = (view.getUint8(ipma.start + 3) & 1) === 1;
  let at = ipma.start + 4;
  const entries = view.getUint32(at);
  at += 4;
  let size: { width: number; height: number } | undefined;
  let turns = 0;
  for (let entry = 0; entry < entries && at < ipma.end; entry++) {
    const id = version < 1 ? view.getUint16(at) : view.getUint32(at);
    at += version < 1 ? 2 : 4;
    const count = view.getUint8(at++);
    for (let i = 0; i < count; i++) {
      const index = wideIndex ? view.getUint16(at) & 0x7fff : view.getUint8(at) & 0x7f;
      at += wideIndex ? 2 : 1;
      const property = properties[index - 1];
      if (id !== primary || !property) continue;
      if (property.type === 'ispe') size = { width: view.getUint32(property.start + 4), height: view.getUint32(property.start + 8) };
      if (property.type === 'irot') turns = view.getUint8(property.start) & 3;
    }
  }
  if (!size || size.width === 0 || size.height === 0) throw broken('its primary image has no size');
  return turns % 2 === 1 ? { itemType, width: size.height, height: size.width } : { itemType, ...size };
}

/** Coded types of image items (as opposed to metadata items: Exif, mime, uri). */
const IMAGE_ITEMS = new Set(['hvc1', 'av01', 'grid', 'iden', 'iovl', 'jpeg', 'unci', 'avc1']);

/** How many top-level images the file holds (as libheif lists them: image items that are not a
 * grid's tile, a thumbnail or an auxiliary image), e.g. the frames of an Apple dynamic wallpaper. */
export function heifImageCount(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const meta = child(view, { type: 'file', start: 0, end: bytes.length }, 'meta');
  if (!meta) throw broken('no meta box');
  const images = new Set([...items(view, bytes, meta)].filter((item) => IMAGE_ITEMS.has(item.type)).map((item) => item.id));
  const iref = child(view, meta, 'iref', 4);
  if (iref) {
    const wide = view.getUint8(iref.start) !== 0;
    const idAt = (at: number) => (wide ? view.getUint32(at) : view.getUint16(at));
    const size = wide ? 4 : 2;
    for (const reference of boxes(view, iref.start + 4, iref.end)) {
      const from = idAt(reference.start);
      const count = view.getUint16(reference.start + size);
      if (reference.type === 'thmb' || reference.type === 'auxl') images.delete(from);
      if (reference.type === 'dimg')
        for (let i = 0; i < count && reference.start + size + 2 + (i + 1) * size <= reference.end; i++)
          images.delete(idAt(reference.start + size + 2 + i * size));
    }
  }
  return images.size;
}

/** An image sequence AVIF (`avis` as its major brand, as `avifenc` writes one from several frames)
 * as its still image: the same bytes with `avif` as the major brand. libavif writes the first frame
 * as the file's primary item too (readHeifHeader reads it), but libvips opens only a file whose
 * major brand is a still image's (docs/formats.md#animated-avif). Other files are returned as given. */
export function asStillAvif(bytes: Buffer): Buffer {
  if (bytes.length < 12 || bytes.toString('latin1', 4, 12) !== 'ftypavis') return bytes;
  const still = Buffer.from(bytes);
  still.write('avif', 8, 'latin1');
  return still;
}
