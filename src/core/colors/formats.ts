// A colour scheme as each program reads it (docs/colors.md#formats): our JSON, pywal's colors.json,
// base16 YAML, Material tokens, CSS custom properties, Xresources, kitty, alacritty (TOML), foot
// (INI) and ghostty. Pure text: write.ts puts them on disk, the faces print or send them.
import type { MaterialTokens } from './material.js';
import type { Mode } from './scheme.js';

export const COLOR_FORMATS = ['json', 'pywal', 'base16', 'material', 'css', 'xresources', 'kitty', 'alacritty', 'foot', 'ghostty'] as const;
export type ColorFormat = (typeof COLOR_FORMATS)[number];

/** The `json` format (docs/colors.md#json). */
export interface ColorScheme {
  id: string;
  mode: Mode;
  background: string;
  foreground: string;
  cursor: string;
  colors: string[];
  material: { light: MaterialTokens; dark: MaterialTokens };
}

/** The file each format is written to in the cache home's colors/ (`--write`). */
export const FORMAT_FILES: Record<ColorFormat, string> = {
  json: 'colors.json',
  pywal: 'pywal.json',
  base16: 'base16.yaml',
  material: 'material.json',
  css: 'colors.css',
  xresources: 'colors.Xresources',
  kitty: 'kitty.conf',
  alacritty: 'alacritty.toml',
  foot: 'foot.ini',
  ghostty: 'ghostty.conf',
};

/** What a format is sent as over HTTP. */
export const FORMAT_TYPES: Record<ColorFormat, string> = {
  json: 'application/json',
  pywal: 'application/json',
  base16: 'application/yaml',
  material: 'application/json',
  css: 'text/css; charset=utf-8',
  xresources: 'text/plain; charset=utf-8',
  kitty: 'text/plain; charset=utf-8',
  alacritty: 'application/toml',
  foot: 'text/plain; charset=utf-8',
  ghostty: 'text/plain; charset=utf-8',
};

const ANSI = ['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white'] as const;
const bare = (hex: string): string => hex.slice(1);
const lines = (rows: string[]): string => `${rows.join('\n')}\n`;

/** `a` moved `t` of the way to `b`, in sRGB (base16's in-between greys). */
function mix(a: string, b: string, t: number): string {
  const [x, y] = [Number.parseInt(bare(a), 16), Number.parseInt(bare(b), 16)];
  const channel = (shift: number) => Math.round(((x >> shift) & 255) * (1 - t) + ((y >> shift) & 255) * t);
  return `#${((channel(16) << 16) | (channel(8) << 8) | channel(0)).toString(16).padStart(6, '0')}`;
}

/** pywal's colors.json: its keys exactly (wallpaper, alpha, special, colors). */
export function pywalOf(scheme: ColorScheme, wallpaper: string): object {
  return {
    wallpaper,
    alpha: '100',
    special: { background: scheme.background, foreground: scheme.foreground, cursor: scheme.cursor },
    colors: Object.fromEntries(scheme.colors.map((color, i) => [`color${i}`, color])),
  };
}

/** base16's sixteen slots: the greys from background to foreground, then the accents. */
function base16Of(s: ColorScheme): string[] {
  const c = s.colors;
  return [
    s.background,
    mix(s.background, s.foreground, 0.08),
    mix(s.background, s.foreground, 0.16),
    c[8]!,
    mix(s.background, s.foreground, 0.7),
    s.foreground,
    mix(s.foreground, c[15]!, 0.5),
    c[15]!,
    c[1]!,
    c[9]!,
    c[3]!,
    c[2]!,
    c[6]!,
    c[4]!,
    c[5]!,
    c[11]!,
  ];
}

const cssOf = (s: ColorScheme): string =>
  lines([
    ':root {',
    `  --background: ${s.background};`,
    `  --foreground: ${s.foreground};`,
    `  --cursor: ${s.cursor};`,
    ...s.colors.map((color, i) => `  --color${i}: ${color};`),
    ...Object.entries(s.material[s.mode]).map(([name, color]) => `  --md-sys-color-${name}: ${color};`),
    '}',
  ]);

const xresourcesOf = (s: ColorScheme): string =>
  lines([
    `*.background: ${s.background}`,
    `*.foreground: ${s.foreground}`,
    `*.cursorColor: ${s.cursor}`,
    ...s.colors.map((color, i) => `*.color${i}: ${color}`),
  ]);

const alacrittyOf = (s: ColorScheme): string =>
  lines([
    '[colors.primary]',
    `background = "${s.background}"`,
    `foreground = "${s.foreground}"`,
    '',
    '[colors.cursor]',
    `text = "${s.background}"`,
    `cursor = "${s.cursor}"`,
    '',
    '[colors.normal]',
    ...ANSI.map((name, i) => `${name} = "${s.colors[i]}"`),
    '',
    '[colors.bright]',
    ...ANSI.map((name, i) => `${name} = "${s.colors[i + 8]}"`),
  ]);

// foot 1.13's names (Debian 12): [colors] regular0-7 and bright0-7, the cursor in [cursor].
const footOf = (s: ColorScheme): string =>
  lines([
    '[cursor]',
    `color=${bare(s.background)} ${bare(s.cursor)}`,
    '',
    '[colors]',
    `foreground=${bare(s.foreground)}`,
    `background=${bare(s.background)}`,
    ...s.colors.slice(0, 8).map((color, i) => `regular${i}=${bare(color)}`),
    ...s.colors.slice(8).map((color, i) => `bright${i}=${bare(color)}`),
  ]);

/** `scheme` as `format`; `wallpaper` is the picture's path (pywal names it). */
export function renderScheme(scheme: ColorScheme, format: ColorFormat, wallpaper: string): string {
  const s = scheme;
  switch (format) {
    case 'json':
      return `${JSON.stringify(s, null, 2)}\n`;
    case 'pywal':
      return `${JSON.stringify(pywalOf(s, wallpaper), null, 2)}\n`;
    case 'material':
      return `${JSON.stringify(s.material, null, 2)}\n`;
    case 'base16':
      return lines([
        `scheme: ${JSON.stringify(`wallpaper ${s.id} (${s.mode})`)}`,
        'author: "wallpaper colors"',
        ...base16Of(s).map((color, i) => `base0${i.toString(16).toUpperCase()}: "${bare(color)}"`),
      ]);
    case 'css':
      return cssOf(s);
    case 'xresources':
      return xresourcesOf(s);
    case 'kitty':
      return lines([
        `background ${s.background}`,
        `foreground ${s.foreground}`,
        `cursor ${s.cursor}`,
        ...s.colors.map((color, i) => `color${i} ${color}`),
      ]);
    case 'alacritty':
      return alacrittyOf(s);
    case 'foot':
      return footOf(s);
    case 'ghostty':
      return lines([
        `background = ${s.background}`,
        `foreground = ${s.foreground}`,
        `cursor-color = ${s.cursor}`,
        ...s.colors.map((color, i) => `palette = ${i}=${color}`),
      ]);
  }
}
