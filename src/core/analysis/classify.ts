// The analysis rules of docs/design.md#analysis: named thresholds and pure classifiers over raw pixels.
// Tests rely on these exact definitions, so every constant lives here with its reason.
import {
  ASPECT_RATIOS,
  type AspectRatio,
  BRIGHTNESS,
  type Brightness,
  HUES,
  type Hue,
  ORIENTATIONS,
  type Orientation,
} from '../types/records.js';
import { NEAR_TOLERANCE, isNearRatio, orientationOf } from '../types/shape.js';

export { ASPECT_RATIOS, type AspectRatio, BRIGHTNESS, type Brightness, HUES, type Hue, ORIENTATIONS, type Orientation };

/** Analysis works on the image downscaled to fit inside this many pixels a side: enough for means
 * and hue histograms to hold within 0.005 of the full-size figures, and cheap to compute. */
export const ANALYSIS_SIZE = 64;

/** Below this luminance an image is dark, above LIGHT_ABOVE light. Calibrated on 154 real desktop
 * wallpapers: every designer "dark" variant falls below 0.30, so 0.35 leaves a margin. */
export const DARK_BELOW = 0.35;
export const LIGHT_ABOVE = 0.6;

/** Rec. 709 luma weights, applied to gamma-encoded sRGB (Y', not linear Y). */
export const LUMA = { r: 0.2126, g: 0.7152, b: 0.0722 } as const;

/** "Near x" (within NEAR_TOLERANCE) and the orientation: types/shape.ts, the one rule the picks for
 * a screen share. */
export { NEAR_TOLERANCE };
/** 21:9 monitors are 2.33 to 2.39; 2.2 keeps 2:1 panoramas custom and every ultrawide in. */
export const ULTRAWIDE_FROM = 2.2;

/** A pixel counts towards a hue only when it has colour: greys, near-blacks and pastels do not. */
export const CHROMATIC_MIN_SATURATION = 0.25;
export const CHROMATIC_MIN_VALUE = 0.2;
/** Under 15% chromatic pixels, an image reads as neutral whatever its few coloured pixels are. */
export const NEUTRAL_BELOW_SHARE = 0.15;
/** Tie order: the first class in this list wins a tie of weights. */
export const HUE_TIE_ORDER = ['red', 'green', 'blue', 'warm', 'cool'] as const;

export function roundLuminance(value: number): number {
  return Math.round(value * 10000) / 10000;
}

export function classifyBrightness(luminance: number): Brightness {
  if (luminance < DARK_BELOW) return 'dark';
  if (luminance > LIGHT_ABOVE) return 'light';
  return 'medium';
}

const near = isNearRatio;

export function classifyOrientation(width: number, height: number): Orientation {
  return orientationOf(width, height);
}

export function classifyAspectRatio(width: number, height: number): AspectRatio {
  const ratio = width / height;
  if (near(ratio, 1)) return 'square';
  if (ratio < 1) return 'portrait';
  if (near(ratio, 16 / 9)) return '16:9';
  if (near(ratio, 4 / 3)) return '4:3';
  if (ratio >= ULTRAWIDE_FROM) return 'ultrawide';
  return 'custom';
}

/** The categories that follow from the displayed size and the luminance. */
export function classifyShapeAndBrightness(width: number, height: number, luminance: number) {
  return {
    brightness: classifyBrightness(luminance),
    aspect_ratio: classifyAspectRatio(width, height),
    orientation: classifyOrientation(width, height),
  };
}

/** The hue class of a chromatic pixel, h in degrees [0, 360). */
export function hueClass(h: number): Exclude<Hue, 'neutral'> {
  if (h < 15 || h >= 345) return 'red';
  if (h < 75) return 'warm';
  if (h < 160) return 'green';
  if (h < 185) return 'cool';
  if (h < 260) return 'blue';
  if (h < 285) return 'cool';
  return 'warm';
}

export interface PixelStats {
  luminance: number;
  dominant_hue: Hue;
}

/**
 * Luminance and dominant hue of raw 8-bit RGB pixels (alpha already flattened).
 * @param data interleaved pixels, `channels` bytes each (only the first three are read)
 */
export function pixelStats(data: Uint8Array, channels: number): PixelStats {
  const pixels = Math.floor(data.length / channels);
  const weights = { red: 0, green: 0, blue: 0, warm: 0, cool: 0 };
  let lumaSum = 0;
  let chromatic = 0;
  for (let i = 0; i < pixels * channels; i += channels) {
    const r = data[i]! / 255;
    const g = data[i + 1]! / 255;
    const b = data[i + 2]! / 255;
    lumaSum += LUMA.r * r + LUMA.g * g + LUMA.b * b;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const v = max;
    const s = max === 0 ? 0 : (max - min) / max;
    if (s < CHROMATIC_MIN_SATURATION || v < CHROMATIC_MIN_VALUE) continue;
    chromatic++;
    weights[hueClass(hueDegrees(r, g, b, max, max - min))] += s * v;
  }
  const luminance = pixels === 0 ? 0 : roundLuminance(lumaSum / pixels);
  if (pixels === 0 || chromatic / pixels < NEUTRAL_BELOW_SHARE) return { luminance, dominant_hue: 'neutral' };
  let best: Exclude<Hue, 'neutral'> = HUE_TIE_ORDER[0];
  for (const hue of HUE_TIE_ORDER) if (weights[hue] > weights[best]) best = hue;
  return { luminance, dominant_hue: best };
}

function hueDegrees(r: number, g: number, b: number, max: number, delta: number): number {
  if (delta === 0) return 0;
  let h: number;
  if (max === r) h = ((g - b) / delta) % 6;
  else if (max === g) h = (b - r) / delta + 2;
  else h = (r - g) / delta + 4;
  h *= 60;
  return h < 0 ? h + 360 : h;
}
