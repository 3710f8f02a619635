// Material 3 tokens, light and dark (docs/colors.md#material), made by Google's
// @material/material-color-utilities from the wallpaper's source colour: its Score picks the
// source among the stored palette's colours weighted by share, as Android picks one from a
// wallpaper; a palette with no colour Score accepts (grey, black) gives the monochrome scheme of its
// main grey. The library is loaded only when a scheme is made (its import costs ~100 ms).
import type { PaletteColor } from '../types.js';

export type MaterialTokens = Record<string, string>;
export interface MaterialSchemes {
  source: string;
  light: MaterialTokens;
  dark: MaterialTokens;
}

/** `onPrimaryContainer` -> `on-primary-container`, the tokens' names in Material's CSS. */
const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The light and dark tokens of a palette (largest share first). */
export async function materialSchemes(palette: readonly PaletteColor[]): Promise<MaterialSchemes> {
  const m = await import('@material/material-color-utilities');
  const population = new Map<number, number>();
  for (const { color, share } of palette) {
    const argb = m.argbFromHex(color);
    population.set(argb, (population.get(argb) ?? 0) + Math.max(1, Math.round(share * 1000)));
  }
  // Score's fallback (Google blue) stands for "no usable colour": then the picture's own grey.
  const FALLBACK = 0xff000000;
  const [scored] = m.Score.score(population, { fallbackColorARGB: FALLBACK, filter: true, desired: 1 });
  const neutral = scored === undefined || scored === FALLBACK;
  const sourceArgb = neutral ? m.argbFromHex(palette[0]?.color ?? '#808080') : scored;
  const source = m.Hct.fromInt(sourceArgb);
  const tokens = (isDark: boolean): MaterialTokens => {
    const scheme = neutral ? new m.SchemeMonochrome(source, isDark, 0) : new m.SchemeTonalSpot(source, isDark, 0);
    const out: MaterialTokens = {};
    for (const name of Object.getOwnPropertyNames(m.MaterialDynamicColors)) {
      const color = (m.MaterialDynamicColors as unknown as Record<string, unknown>)[name];
      if (color instanceof m.DynamicColor && !name.endsWith('PaletteKeyColor')) out[kebab(name)] = m.hexFromArgb(color.getArgb(scheme));
    }
    return out;
  };
  return { source: m.hexFromArgb(sourceArgb), light: tokens(false), dark: tokens(true) };
}
