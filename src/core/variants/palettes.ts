// The colours an e-paper panel can show (docs/frame.md#e-paper-frames): the named palettes and a
// list of up to 16 `RRGGBB` colours, parsed like the other variant parameters (400 naming it).
//
// Why these values: a panel's firmware maps each pixel to one of its inks by exact colour (or by
// index in a BMP's colour table), so the answer must hold the very values the vendor's reference
// drivers quantize to, not measured ink colours. Waveshare's drivers (epd7in3f for the 7-colour
// ACeP panels, epd7in3e for Spectra 6) put their palettes as pure sRGB primaries in the panel's own
// colour order: ACeP black 000000, white ffffff, green 00ff00, blue 0000ff, red ff0000, yellow
// ffff00, orange ff8000; Spectra 6 black, white, yellow ffff00, red ff0000, blue 0000ff, green
// 00ff00. Keeping that order makes a colour's index in our BMP and PNG its code on the panel (a
// Spectra 6 panel skips code 4; ours are packed). Greys are evenly spaced, as 2-bit and 4-bit
// grey panels (TRMNL, Inkplate) drive them.
import { WallpaperError } from '../errors.js';

export type Rgb = readonly [number, number, number];

const hex = (text: string): Rgb => [
  Number.parseInt(text.slice(0, 2), 16),
  Number.parseInt(text.slice(2, 4), 16),
  Number.parseInt(text.slice(4, 6), 16),
];
const greys = (levels: number): string[] =>
  Array.from({ length: levels }, (_, i) =>
    Math.round((255 * i) / (levels - 1))
      .toString(16)
      .padStart(2, '0')
      .repeat(3),
  );

export const NAMED_PALETTES: Readonly<Record<string, readonly string[]>> = {
  bw: ['000000', 'ffffff'],
  gray4: greys(4),
  gray16: greys(16),
  acep7: ['000000', 'ffffff', '00ff00', '0000ff', 'ff0000', 'ffff00', 'ff8000'],
  spectra6: ['000000', 'ffffff', 'ffff00', 'ff0000', '0000ff', '00ff00'],
};

export const MAX_PALETTE_COLOURS = 16;
export const DITHERS = ['fs', 'atkinson', 'none'] as const;
export type Dither = (typeof DITHERS)[number];
export const ROTATIONS = [0, 90, 180, 270] as const;
export type Rotation = (typeof ROTATIONS)[number];

const EXPECTED_PALETTE = `${Object.keys(NAMED_PALETTES).join(', ')} or 2 to ${MAX_PALETTE_COLOURS} comma-separated RRGGBB colours`;

/** The canonical text of a `palette=` value (a name, or its colours in lowercase without `#`), or a
 * 400 naming the parameter and what it accepts. */
export function parsePalette(text: string): string {
  const lower = text.toLowerCase();
  if (NAMED_PALETTES[lower]) return lower;
  const colours = lower.split(',').map((part) => part.trim().replace(/^#/, ''));
  if (colours.length >= 2 && colours.length <= MAX_PALETTE_COLOURS && colours.every((c) => /^[0-9a-f]{6}$/.test(c)))
    return colours.join(',');
  const shown = JSON.stringify(text.length > 64 ? `${text.slice(0, 64)}...` : text);
  throw new WallpaperError('invalid_param', `invalid palette ${shown}: expected ${EXPECTED_PALETTE}`);
}

/** The colours of a canonical palette text, in its order (a colour's index is its code). */
export const paletteColours = (palette: string): Rgb[] => (NAMED_PALETTES[palette] ?? palette.split(',')).map(hex);
