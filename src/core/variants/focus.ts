// A picture's point of interest (docs/api.md#focus): where the frame's slow zoom goes
// (docs/frame.md#layouts-and-motion). The same attention the cover crops use (crop.ts: libvips
// scores luminance edges, skin tones and saturation), asked twice of the picture reduced to at most
// FOCUS_SIDE pixels a side: the attention crop of a quarter of its width says where the point is
// across, a quarter of its height where it is down. The answer is fractions of the picture as
// displayed (EXIF orientation applied), 0 at the left and top edges, 1 at the right and bottom.
import type { Sharp } from 'sharp';

/** The longest side of the picture the point is found on (a small decode, a few milliseconds). */
export const FOCUS_SIDE = 256;
/** The share of a side the attention window keeps: small enough to say where, large enough to score. */
const WINDOW = 0.25;

export interface Focus {
  x: number;
  y: number;
}

/** The point of interest of the picture of `open`, already reduced to at most FOCUS_SIDE a side. */
export async function findFocus(open: () => Sharp): Promise<Focus> {
  const { default: sharp } = await import('sharp');
  const { data, info } = await open().raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  /** The centre of the attention window of `w` x `h` on the reduced picture, in its pixels. */
  const centre = async (w: number, h: number) => {
    const { info: kept } = await sharp(data, { raw })
      .resize({ width: w, height: h, fit: 'cover', position: sharp.strategy.attention })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { x: -(kept.cropOffsetLeft ?? 0) + w / 2, y: -(kept.cropOffsetTop ?? 0) + h / 2 };
  };
  const narrow = Math.max(1, Math.round(info.width * WINDOW));
  const low = Math.max(1, Math.round(info.height * WINDOW));
  const across = narrow < info.width ? (await centre(narrow, info.height)).x : info.width / 2;
  const down = low < info.height ? (await centre(info.width, low)).y : info.height / 2;
  const fraction = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;
  return { x: fraction(across / info.width), y: fraction(down / info.height) };
}
