// OKLab (Björn Ottosson, 2020): a perceptual colour space where Euclidean distance tracks how
// different two colours look, so palettes are clustered and colour search measures distance in it.
// Conversions from and to 8-bit sRGB and `#rrggbb`, and the coarse cells the colour index keys on.

export type Lab = readonly [l: number, a: number, b: number];

/** sRGB 0..255 -> linear light 0..1, by table (every pixel of every palette goes through it). */
const LINEAR = Float64Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

/** 8-bit sRGB to OKLab. */
export function rgbToLab(r: number, g: number, b: number): [number, number, number] {
  const lr = LINEAR[r]!;
  const lg = LINEAR[g]!;
  const lb = LINEAR[b]!;
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

const toByte = (linear: number): number => {
  const c = Math.min(1, Math.max(0, linear));
  const v = c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
  return Math.round(v * 255);
};

/** OKLab to linear-light sRGB, unclipped (a channel outside 0..1 is outside the sRGB gamut). */
export function labToLinear([L, A, B]: Lab): [number, number, number] {
  const l = (L + 0.3963377774 * A + 0.2158037573 * B) ** 3;
  const m = (L - 0.1055613458 * A - 0.0638541728 * B) ** 3;
  const s = (L - 0.0894841775 * A - 1.291485548 * B) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

/** OKLab to 8-bit sRGB (clipped to the gamut). */
export function labToRgb(lab: Lab): [number, number, number] {
  const [r, g, b] = labToLinear(lab);
  return [toByte(r), toByte(g), toByte(b)];
}

export const labDistance = (x: Lab, y: Lab): number => Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);

export const labToHex = (lab: Lab): string =>
  `#${labToRgb(lab)
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;

/** `#1e3a5f`, `1e3a5f` or `#abc` to OKLab; undefined when it is not a hex colour. */
export function hexToLab(text: string): Lab | undefined {
  const match = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(text.trim());
  if (!match) return undefined;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join('') : match[1]!;
  return rgbToLab(Number.parseInt(hex.slice(0, 2), 16), Number.parseInt(hex.slice(2, 4), 16), Number.parseInt(hex.slice(4, 6), 16));
}

// The colour index: OKLab cut into cubes CELL wide. sRGB spans L 0..1, a -0.24..0.28, b -0.32..0.2;
// the offsets keep every cell number positive. A search visits the cells within its tolerance
// (125 at the default 0.08) instead of every wallpaper.
export const CELL = 0.04;
const A_OFFSET = 0.4;
const B_OFFSET = 0.4;
const SIDE = 20; // cells along a and b: 0.8 / CELL

const cellIndex = (li: number, ai: number, bi: number): number => (li * SIDE + ai) * SIDE + bi;
const clampCell = (i: number, max: number): number => Math.min(max, Math.max(0, i));
const L_CELLS = Math.ceil(1 / CELL) + 1;

/** The cell of a colour. */
export function cellOf([l, a, b]: Lab): number {
  return cellIndex(
    clampCell(Math.floor(l / CELL), L_CELLS - 1),
    clampCell(Math.floor((a + A_OFFSET) / CELL), SIDE - 1),
    clampCell(Math.floor((b + B_OFFSET) / CELL), SIDE - 1),
  );
}

/** Every cell holding a colour within `radius` of `lab` (a cube around it, a superset). */
export function cellsNear([l, a, b]: Lab, radius: number): number[] {
  const range = (v: number, offset: number, max: number) => [
    clampCell(Math.floor((v + offset - radius) / CELL), max),
    clampCell(Math.floor((v + offset + radius) / CELL), max),
  ];
  const [l0, l1] = range(l, 0, L_CELLS - 1);
  const [a0, a1] = range(a, A_OFFSET, SIDE - 1);
  const [b0, b1] = range(b, B_OFFSET, SIDE - 1);
  const cells: number[] = [];
  for (let li = l0!; li <= l1!; li++)
    for (let ai = a0!; ai <= a1!; ai++) for (let bi = b0!; bi <= b1!; bi++) cells.push(cellIndex(li, ai, bi));
  return cells;
}
