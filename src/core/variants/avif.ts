// Encoding an AVIF variant within a bounded memory (issue 32). Up to a 1920x1200 screen's pixels
// the picture is encoded whole, as always; a larger one (a 4K TV asks for 3840x2160) is rendered a
// row of tiles at a time (raw, 3 bytes a pixel) and encoded tile by tile, one at a time, each tile at
// most TILE_SIDE a side, into one grid AVIF (avif-grid.ts): what the encoder holds is then a tile's
// ~30 bytes a pixel, not the whole picture's (a 3840x2160 encoded whole took ~270 MB, 5000x5000
// ~700). The price: the source is decoded once per row of tiles (at most five).
import type { Sharp } from 'sharp';
import { type AvifTile, readTile, writeGrid } from './avif-grid.js';

/** The most pixels encoded as one AVIF picture (what served `serve` within its figure, issue 25). */
export const WHOLE_AVIF_PIXELS = 1920 * 1200;
/** The longest side of a tile of a grid AVIF: about a megapixel each. */
export const TILE_SIDE = 1024;
/** The pixels of the largest tile (for the pixel budget). */
export const TILE_PIXELS = TILE_SIDE * TILE_SIDE;

/** Encoder settings: effort 4 of 9 for a whole picture; 3 for tiles of a large one (at 4 a 3840x2160
 * took 4.5 times as long, 68 s against 15 s on a loaded 2-core machine, for 13% fewer bytes). */
const avifOptions = (quality: number | undefined, tiled: boolean) => ({ quality: quality ?? 55, effort: tiled ? 3 : 4 });

/** Whether a box of `w` x `h` is encoded as a grid of tiles. */
export const isTiled = (w: number, h: number): boolean => w * h > WHOLE_AVIF_PIXELS;

/** Tiles of at most TILE_SIDE, of even sides (4:2:0 chroma), the last column and row cut by the grid. */
export function gridOf(width: number, height: number) {
  const columns = Math.ceil(width / TILE_SIDE);
  const rows = Math.ceil(height / TILE_SIDE);
  const even = (side: number, count: number) => Math.max(64, 2 * Math.ceil(side / count / 2));
  return { columns, rows, tileWidth: even(width, columns), tileHeight: even(height, rows), width, height };
}

/** The AVIF of the picture `make()` gives (a pipeline already resized to `w` x `h`; called once per
 * row of tiles when tiled, so only one row's raw pixels are held, never the whole picture's). */
export async function encodeAvif(make: () => Sharp, w: number, h: number, quality: number | undefined): Promise<Buffer> {
  if (!isTiled(w, h)) return make().avif(avifOptions(quality, false)).toBuffer();
  const { default: sharp } = await import('sharp');
  const layout = gridOf(w, h);
  const tiles: AvifTile[] = [];
  for (let row = 0; row < layout.rows; row++) {
    const top = row * layout.tileHeight;
    const height = Math.min(layout.tileHeight, h - top);
    // One opaque 8-bit sRGB strip: the grid has no alpha item, so transparency is flattened onto
    // black (the letterbox colour).
    const { data, info } = await make()
      .extract({ left: 0, top, width: w, height })
      .flatten({ background: { r: 0, g: 0, b: 0 } })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    for (let column = 0; column < layout.columns; column++) {
      const left = column * layout.tileWidth;
      const width = Math.min(layout.tileWidth, w - left);
      const tile = await sharp(data, { raw })
        .extract({ left, top: 0, width, height })
        // Every tile has the same size: the last ones are padded with their edge (the grid cuts it).
        .extend({ right: layout.tileWidth - width, bottom: layout.tileHeight - height, extendWith: 'copy' })
        .avif(avifOptions(quality, true))
        .toBuffer();
      tiles.push(readTile(tile));
    }
  }
  return writeGrid(tiles, layout);
}
