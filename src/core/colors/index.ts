// The colours room (docs/colors.md): a colour scheme from a wallpaper's stored palette (terminal
// colours with their contrast guaranteed, Material 3 tokens), in the formats terminals, bars and
// themes read, written to the cache home and pywal's cache, and applied to the open terminals.
// Reached by the faces through the desktop facade (what goes on screen, and its colours).
// May use: analysis and common (OKLab; atomic writes).
import { WallpaperError } from '../errors.js';
import { COLOR_FORMATS, type ColorFormat } from './formats.js';
import { MODES, type Mode } from './scheme.js';

export { applyScheme, sequencesOf, type Applied } from './apply.js';
export { MIN_CONTRAST, contrastRatio, relativeLuminance } from './contrast.js';
export { COLOR_FORMATS, FORMAT_FILES, FORMAT_TYPES, renderScheme, type ColorFormat, type ColorScheme } from './formats.js';
export { colorSchemeOf } from './make.js';
export { MODES, modeOfBrightness, type Mode } from './scheme.js';

/** Bumped whenever a scheme is made differently: part of the HTTP answer's ETag. */
export const SCHEME_VERSION = 1;
export { walFolder, writeScheme, type WrittenScheme } from './write.js';

/** `--as` / `as`: one of COLOR_FORMATS, in any case (as the image's `as`). */
export function parseColorFormat(value: string, name = '--as'): ColorFormat {
  const format = value.toLowerCase();
  if ((COLOR_FORMATS as readonly string[]).includes(format)) return format as ColorFormat;
  throw new WallpaperError('invalid_param', `invalid ${name} "${value}": expected one of ${COLOR_FORMATS.join(', ')}`);
}

/** `--mode` / `mode`: dark, light or auto, in any case. */
export function parseColorMode(value: string, name = '--mode'): Mode | 'auto' {
  const mode = value.toLowerCase();
  if ((MODES as readonly string[]).includes(mode)) return mode as Mode | 'auto';
  throw new WallpaperError('invalid_param', `invalid ${name} "${value}": expected dark, light or auto`);
}
