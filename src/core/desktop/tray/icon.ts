// The tray icon: the wallpaper on screen as small pictures (StatusNotifierItem's IconPixmap), each
// `(width, height, ARGB32 bytes in network byte order)`, at the sizes panels draw (22 px GTK/Xfce,
// 32 and 48 px for larger panels and HiDPI). Covered and centred, so a portrait wallpaper still fills
// the square. A thumbnail is the source: a few kB decoded, not the full picture.
import sharp from 'sharp';
import { MAX_PIXELS } from '../../limits.js';

const ICON_SIZES = [22, 32, 48] as const;

/** One pixmap as D-Bus sends it: [width, height, bytes]. */
export type Pixmap = [number, number, Buffer];

/** The pixmaps of `file`, or [] when it cannot be read (the host then draws its empty icon). */
export async function pixmapsOf(file: string | undefined): Promise<Pixmap[]> {
  if (!file) return [];
  try {
    return await Promise.all(
      ICON_SIZES.map(async (size): Promise<Pixmap> => {
        const rgba = await sharp(file, { limitInputPixels: MAX_PIXELS })
          .rotate()
          .resize(size, size, { fit: 'cover' })
          .ensureAlpha()
          .raw()
          .toBuffer();
        const argb = Buffer.alloc(rgba.length);
        for (let i = 0; i < rgba.length; i += 4) {
          argb[i] = rgba[i + 3]!;
          argb[i + 1] = rgba[i]!;
          argb[i + 2] = rgba[i + 1]!;
          argb[i + 3] = rgba[i + 2]!;
        }
        return [size, size, argb];
      }),
    );
  } catch {
    return [];
  }
}
