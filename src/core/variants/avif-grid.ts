// A large AVIF as a grid of tiles, the way cameras write HEIC and libavif's `--grid`
// does: AVIF's encoder holds about 30 bytes a pixel of the picture it encodes (a 3840x2160 alone took
// ~270 MB), so a large variant is encoded tile by tile, one at a time, each an ordinary AVIF made by
// sharp, and the tiles are joined into one file whose primary item is a `grid` (ISO/IEC 23008-12
// 6.6.2.3) that every AVIF decoder composes back (libavif in Chromium, libheif, Safari). This file
// knows the boxes: it reads the one coded item of a tile and writes the grid around all of them.

/** What a tile made by sharp brings to the grid: its codec configuration, pixel info and payload. */
export interface AvifTile {
  av1C: Buffer;
  pixi: Buffer;
  data: Buffer;
}

interface Box {
  type: string;
  start: number;
  body: number;
  end: number;
}

const broken = (why: string) => new Error(`unexpected AVIF from the encoder: ${why}`);

function children(bytes: Buffer, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  for (let at = from; at + 8 <= to; ) {
    let size = bytes.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      size = Number(bytes.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) throw broken('a box overruns its parent');
    boxes.push({ type: bytes.toString('latin1', at + 4, at + 8), start: at, body: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

function child(boxes: Box[], type: string): Box {
  const found = boxes.find((box) => box.type === type);
  if (!found) throw broken(`no ${type} box`);
  return found;
}

/** The single coded image of an AVIF written by sharp (libheif): one item, one extent. */
export function readTile(bytes: Buffer): AvifTile {
  const meta = child(children(bytes, 0, bytes.length), 'meta');
  const inMeta = children(bytes, meta.body + 4, meta.end);
  const iprp = child(inMeta, 'iprp');
  const ipco = child(children(bytes, iprp.body, iprp.end), 'ipco');
  const properties = children(bytes, ipco.body, ipco.end);
  const copy = (box: Box) => Buffer.from(bytes.subarray(box.start, box.end));
  const iloc = child(inMeta, 'iloc');
  let at = iloc.body;
  const version = bytes[at]!;
  at += 4;
  const offsetSize = bytes[at]! >> 4;
  const lengthSize = bytes[at]! & 15;
  const baseSize = bytes[at + 1]! >> 4;
  const indexSize = version >= 1 ? bytes[at + 1]! & 15 : 0;
  at += 2;
  const read = (size: number): number => {
    const value =
      size === 0
        ? 0
        : size === 2
          ? bytes.readUInt16BE(at)
          : size === 4
            ? bytes.readUInt32BE(at)
            : size === 8
              ? Number(bytes.readBigUInt64BE(at))
              : Number.NaN;
    at += size;
    return value;
  };
  const items = read(version < 2 ? 2 : 4);
  if (items !== 1) throw broken(`${items} items, expected one`);
  read(version < 2 ? 2 : 4); // item_ID
  if (version >= 1) {
    if ((bytes.readUInt16BE(at) & 15) !== 0) throw broken('item data not in the file');
    at += 2;
  }
  at += 2; // data_reference_index
  const base = read(baseSize);
  const extents = read(2);
  if (extents !== 1) throw broken(`${extents} extents, expected one`);
  read(indexSize);
  const offset = base + read(offsetSize);
  const length = read(lengthSize);
  if (!(offset + length <= bytes.length)) throw broken('item data outside the file');
  return {
    av1C: copy(child(properties, 'av1C')),
    pixi: copy(child(properties, 'pixi')),
    data: Buffer.from(bytes.subarray(offset, offset + length)),
  };
}

const u16 = (value: number) => Buffer.from([value >> 8, value & 255]);
const u32 = (value: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
};
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const fullBox = (type: string, version: number, flags: number, ...parts: Buffer[]) =>
  box(type, u32(((version << 24) | flags) >>> 0), ...parts);
const ispe = (width: number, height: number) => fullBox('ispe', 0, 0, u32(width), u32(height));

export interface GridLayout {
  columns: number;
  rows: number;
  /** Every tile's size (the last column and row may reach past the picture: the grid cuts them). */
  tileWidth: number;
  tileHeight: number;
  width: number;
  height: number;
}

/** One AVIF file: a `grid` primary item of `layout` over `tiles`, given row by row. */
export function writeGrid(tiles: readonly AvifTile[], layout: GridLayout): Buffer {
  const { columns, rows, tileWidth, tileHeight, width, height } = layout;
  if (tiles.length !== columns * rows || columns > 256 || rows > 256) throw broken('the tiles do not fill the grid');
  const gridId = 1;
  const tileIds = tiles.map((_, i) => i + 2);
  const gridData = Buffer.concat([Buffer.from([0, 0, rows - 1, columns - 1]), u16(width), u16(height)]);
  const ftyp = box('ftyp', Buffer.from('avif', 'latin1'), u32(0), Buffer.from('avifmif1miafMA1B', 'latin1'));
  const hdlr = fullBox('hdlr', 0, 0, u32(0), Buffer.from('pict', 'latin1'), Buffer.alloc(12), Buffer.from([0]));
  const pitm = fullBox('pitm', 0, 0, u16(gridId));
  const infe = (id: number, type: string, hidden: boolean) =>
    fullBox('infe', 2, hidden ? 1 : 0, u16(id), u16(0), Buffer.from(type, 'latin1'), Buffer.from([0]));
  const iinf = fullBox('iinf', 0, 0, u16(tiles.length + 1), infe(gridId, 'grid', false), ...tileIds.map((id) => infe(id, 'av01', true)));
  const iref = fullBox('iref', 0, 0, box('dimg', u16(gridId), u16(tiles.length), ...tileIds.map(u16)));
  // Properties (1-based): the tile's ispe, the picture's ispe, pixi, then each distinct av1C.
  const configs: Buffer[] = [];
  const configOf = tiles.map((tile) => {
    let index = configs.findIndex((config) => config.equals(tile.av1C));
    if (index < 0) index = configs.push(tile.av1C) - 1;
    return 4 + index;
  });
  const ipco = box('ipco', ispe(tileWidth, tileHeight), ispe(width, height), tiles[0]!.pixi, ...configs);
  const associate = (id: number, properties: number[]) => Buffer.concat([u16(id), Buffer.from([properties.length, ...properties])]);
  const ipma = fullBox(
    'ipma',
    0,
    0,
    u32(tiles.length + 1),
    associate(gridId, [2, 3]),
    ...tileIds.map((id, i) => associate(id, [1, 3, 0x80 | configOf[i]!])), // av1C is essential
  );
  const payloads = [gridData, ...tiles.map((tile) => tile.data)];
  // iloc v0: 4-byte offsets (from the file's start) and lengths, one extent per item.
  const meta = (offsets: number[]) =>
    fullBox(
      'meta',
      0,
      0,
      hdlr,
      pitm,
      fullBox(
        'iloc',
        0,
        0,
        Buffer.from([0x44, 0x00]),
        u16(payloads.length),
        ...payloads.map((payload, i) => Buffer.concat([u16(i + 1), u16(0), u16(1), u32(offsets[i]!), u32(payload.length)])),
      ),
      iinf,
      iref,
      box('iprp', ipco, ipma),
    );
  let at = ftyp.length + meta(payloads.map(() => 0)).length + 8;
  const offsets = payloads.map((payload) => {
    const offset = at;
    at += payload.length;
    return offset;
  });
  return Buffer.concat([ftyp, meta(offsets), box('mdat', ...payloads)]);
}
