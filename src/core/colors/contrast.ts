// WCAG 2 contrast (docs/colors.md#contrast): the relative luminance of an sRGB colour and the ratio
// of two, (lighter + 0.05) / (darker + 0.05), from 1 (same) to 21 (black on white).

const channel = (byte: number): number => {
  const c = byte / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** The relative luminance of `#rrggbb`, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((value >> 16) & 255) + 0.7152 * channel((value >> 8) & 255) + 0.0722 * channel(value & 255);
}

/** The WCAG 2 contrast ratio of two `#rrggbb` colours. */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** The ratios a scheme keeps on its background (docs/colors.md#contrast). */
export const MIN_CONTRAST = { foreground: 7, color: 4.5, color8: 3 } as const;
