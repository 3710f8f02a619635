// A terminal scheme from a wallpaper's stored palette (docs/colors.md#how-the-colours-are-made): no decode, only the up
// to 5 OKLab-clustered colours the scan kept. Every colour keeps a hue of the picture and is moved
// in OKLab lightness only (its chroma cut just enough to stay in sRGB) until it reaches its contrast
// on the background: foreground 7:1, colours 1-7 and 9-15 4.5:1, colour 8 3:1 (contrast.ts).
import { hexToLab, type Lab, labToHex, labToLinear } from '../analysis/index.js';
import type { PaletteColor } from '../types.js';
import { contrastRatio, MIN_CONTRAST } from './contrast.js';

export type Mode = 'dark' | 'light';
export const MODES = ['dark', 'light', 'auto'] as const;

export interface TerminalScheme {
  background: string;
  foreground: string;
  cursor: string;
  /** colour0 to colour15, `#rrggbb`. */
  colors: string[];
}

/** Below this OKLab chroma a palette colour reads as grey and gives no accent hue. */
const GREY_BELOW = 0.03;
/** Where each part of a scheme starts in OKLab lightness, by mode, before contrast moves it. */
const LIGHTNESS = {
  dark: { background: [0.12, 0.22], foreground: 0.92, accent: [0.68, 0.8], bright: 0.1, color7: 0.78, color8: 0.5, step: 0.05 },
  light: { background: [0.95, 0.975], foreground: 0.25, accent: [0.4, 0.52], bright: -0.1, color7: 0.42, color8: 0.62, step: -0.05 },
} as const;
/** The background and the greys are tints: their chroma is capped so text on them stays calm. */
const TINT_CHROMA = { background: { dark: 0.035, light: 0.015 }, grey: 0.02 } as const;

const chroma = ([, a, b]: Lab): number => Math.hypot(a, b);
const clamp = (v: number, [low, high]: readonly [number, number]): number => Math.min(high, Math.max(low, v));

function capChroma(lab: Lab, max: number): Lab {
  const c = chroma(lab);
  return c <= max ? lab : [lab[0], (lab[1] * max) / c, (lab[2] * max) / c];
}

const inGamut = (lab: Lab): boolean => labToLinear(lab).every((v) => v >= -1e-6 && v <= 1 + 1e-6);

/** `lab` at lightness `l`, its hue kept and its chroma the most of its own that fits sRGB there. */
function atLightness([, a, b]: Lab, l: number): Lab {
  if (inGamut([l, a, b])) return [l, a, b];
  let [low, high] = [0, 1];
  for (let i = 0; i < 16; i++) {
    const k = (low + high) / 2;
    if (inGamut([l, a * k, b * k])) low = k;
    else high = k;
  }
  return [l, a * low, b * low];
}

/** `lab` as `#rrggbb`, moved in lightness (away from the background, `towards` +1 lighter, -1 darker)
 * only as far as it needs to reach `ratio` on `background`, checked on the rounded colour. */
function reach(lab: Lab, background: string, ratio: number, towards: 1 | -1): string {
  const hexAt = (l: number) => labToHex(atLightness(lab, Math.min(1, Math.max(0, l))));
  if (contrastRatio(hexAt(lab[0]), background) >= ratio) return hexAt(lab[0]);
  // `fails` never reaches the ratio, `passes` does (white or black always does on our backgrounds).
  let [fails, passes] = [lab[0], towards > 0 ? 1 : 0];
  for (let i = 0; i < 24; i++) {
    const mid = (fails + passes) / 2;
    if (contrastRatio(hexAt(mid), background) >= ratio) passes = mid;
    else fails = mid;
  }
  return hexAt(passes);
}

/** The scheme of a palette (largest share first) for `mode`; a palette without colour (grey, black,
 * empty) gives a neutral scheme tinted by its main grey. */
export function terminalScheme(palette: readonly PaletteColor[], mode: Mode): TerminalScheme {
  const labs = palette.map((entry) => hexToLab(entry.color)).filter((lab): lab is Lab => lab !== undefined);
  const main: Lab = labs[0] ?? [0.5, 0, 0];
  const at = LIGHTNESS[mode];
  const towards = mode === 'dark' ? 1 : -1;
  const background = labToHex(atLightness(capChroma(main, TINT_CHROMA.background[mode]), clamp(main[0], at.background)));
  const grey = capChroma(main, TINT_CHROMA.grey);
  const foreground = reach([at.foreground, grey[1], grey[2]], background, MIN_CONTRAST.foreground, towards);
  const hues = labs.filter((lab) => chroma(lab) >= GREY_BELOW);
  // Six accents: the picture's hues in order of share, again a step further from the background when
  // it has fewer than six; a grey picture steps its grey.
  const accents = Array.from({ length: 6 }, (_, i): Lab => {
    const source = hues.length > 0 ? hues[i % hues.length]! : grey;
    const round = hues.length > 0 ? Math.floor(i / hues.length) : i;
    return [clamp(clamp(source[0], at.accent) + round * at.step, [0.1, 0.95]), source[1], source[2]];
  });
  const normal = accents.map((lab) => reach(lab, background, MIN_CONTRAST.color, towards));
  const bright = accents.map((lab) => reach([lab[0] + at.bright, lab[1], lab[2]], background, MIN_CONTRAST.color, towards));
  const color7 = reach([at.color7, grey[1], grey[2]], background, MIN_CONTRAST.color, towards);
  const color8 = reach([at.color8, grey[1], grey[2]], background, MIN_CONTRAST.color8, towards);
  return {
    background,
    foreground,
    cursor: foreground,
    colors: [background, ...normal, color7, color8, ...bright, foreground],
  };
}

/** `auto`: the mode a wallpaper of this brightness asks for (a light picture a light scheme). */
export const modeOfBrightness = (brightness: string): Mode => (brightness === 'light' ? 'light' : 'dark');
