// The attention and entropy crops of a cover variant, chosen on a reduced picture. sharp's
// own strategy crop runs on the source resized to cover the whole box and held in memory at that
// size: a 5000x5000 box cost ~270 MB on its own. Here the same strategy runs on the picture reduced
// to at most REDUCED_SIDE pixels a side (shrunk on load, a few MB), the box it keeps is scaled back
// to the source, and the variant is cut from the full picture (extract, then resize): a pipeline
// that streams like a centre crop. The box found is the same within a few percent (libvips scores
// attention on a picture shrunk to a few dozen pixels anyway).
import type { Sharp } from 'sharp';
import type { Crop } from './spec.js';

/** The longest side of the picture the crop is chosen on. */
export const REDUCED_SIDE = 1024;

/** A part of the source as displayed (EXIF orientation applied), in its pixels. */
export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The part of the `width` x `height` source (as displayed) that a cover variant of `box` keeps when
 * cropped by `crop`, chosen on a reduced picture; undefined when nothing is cut away or the covering
 * picture is already at most REDUCED_SIDE (then sharp's own crop costs no more than this).
 */
export async function chooseRegion(
  open: () => Sharp,
  width: number,
  height: number,
  box: { w: number; h: number },
  crop: Exclude<Crop, 'center'>,
): Promise<Region | undefined> {
  const scale = Math.max(box.w / width, box.h / height);
  // The part of the source that maps onto the box: the whole of one side, a slice of the other.
  const regionWidth = Math.min(width, Math.max(1, Math.round(box.w / scale)));
  const regionHeight = Math.min(height, Math.max(1, Math.round(box.h / scale)));
  if (regionWidth === width && regionHeight === height) return undefined;
  const coverSide = Math.max(width, height) * scale;
  if (coverSide <= REDUCED_SIDE) return undefined;
  const reduce = REDUCED_SIDE / coverSide;
  const small = { w: Math.max(1, Math.round(box.w * reduce)), h: Math.max(1, Math.round(box.h * reduce)) };
  const { default: sharp } = await import('sharp');
  const { info } = await open()
    .resize({
      width: small.w,
      height: small.h,
      fit: 'cover',
      position: crop === 'attention' ? sharp.strategy.attention : sharp.strategy.entropy,
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // sharp reports where the kept box starts in the covering picture, as negative offsets.
  const smallScale = Math.max(small.w / width, small.h / height);
  const centreX = (-(info.cropOffsetLeft ?? 0) + small.w / 2) / smallScale;
  const centreY = (-(info.cropOffsetTop ?? 0) + small.h / 2) / smallScale;
  const clamp = (value: number, most: number) => Math.min(Math.max(0, Math.round(value)), most);
  return {
    left: clamp(centreX - regionWidth / 2, width - regionWidth),
    top: clamp(centreY - regionHeight / 2, height - regionHeight),
    width: regionWidth,
    height: regionHeight,
  };
}
