// Encoding an AVIF variant within a bounded memory. Up to a 1920x1200 screen's pixels
// the picture is encoded whole, as always; a larger one (a 4K TV asks for 3840x2160) is encoded tile
// by tile, one at a time, each tile at most TILE_SIDE a side and rendered straight from the source
// (decode, resize, cut: no raw copy of the whole picture), into one grid AVIF (avif-grid.ts). What the
// encoder holds is then a tile's ~30 bytes a pixel, not the whole picture's (a 3840x2160 encoded
// whole took ~270 MB, 5000x5000 ~700). Holding the picture's raw pixels instead, even a row of tiles
// at a time, left glibc's per-thread heaps holding more: a real `serve` peaked at 280-314 MB for a
// 5000x5000 against 178-190 MB this way (tiles of 1024). The price: the source is decoded once per
// tile (25 at most), a small part of the time the tiles' encoding takes with tiles of 1024.
import type { Sharp } from 'sharp';
import { type AvifTile, readTile, writeGrid } from './avif-grid.js';

/** The most pixels encoded as one AVIF picture (what served `serve` within its figure). */
export const WHOLE_AVIF_PIXELS = 1920 * 1200;
/** The longest side of a tile of a grid AVIF. Each tile decodes and resizes the source anew, so
 * their number is the time: a 3840x2160 from a 5640x3172 JPEG took 33 CPU s in 40 tiles of 512,
 * 14 s in 20 of 768, 13 s in 12 of 1024 (bench/RESULTS.md). Memory: a real `serve`
 * answering a 3840x2160 peaked at 143-170 MB with tiles of 512, 181-230 with 1024, glibc's default
 * arenas; serve now keeps two (src/relaunch.ts). */
export const TILE_SIDE = 1024;

/** Encoder settings: effort 4 of 9 for a whole picture; 3 for tiles of a large one (at 4 a 3840x2160
 * in tiles of 1024 took 38 CPU s against 13, for 0.3% fewer bytes; at 2, 11 s for 5% more). */
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

/** The AVIF of the picture `make()` gives (a new pipeline resized to `w` x `h` each call; called
 * once per tile when tiled). */
export async function encodeAvif(make: () => Sharp, w: number, h: number, quality: number | undefined): Promise<Buffer> {
  if (!isTiled(w, h)) return make().avif(avifOptions(quality, false)).toBuffer();
  const layout = gridOf(w, h);
  const tiles: AvifTile[] = [];
  for (let row = 0; row < layout.rows; row++) {
    for (let column = 0; column < layout.columns; column++) {
      const left = column * layout.tileWidth;
      const top = row * layout.tileHeight;
      const width = Math.min(layout.tileWidth, w - left);
      const height = Math.min(layout.tileHeight, h - top);
      const tile = await make()
        .extract({ left, top, width, height })
        .flatten({ background: { r: 0, g: 0, b: 0 } })
        // Every tile has the same size: the last ones are padded with their edge (the grid cuts it).
        .extend({ right: layout.tileWidth - width, bottom: layout.tileHeight - height, extendWith: 'copy' })
        .toColourspace('srgb')
        .avif(avifOptions(quality, true))
        .toBuffer();
      tiles.push(readTile(tile));
    }
  }
  return writeGrid(tiles, layout);
}
