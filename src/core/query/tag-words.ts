// Tag names (docs/design.md#beyond-the-specification): lowercase, trimmed, 1 to 64 characters without commas or control
// characters, so a tag typed in any case or read from any folder name is one tag. The `tag` filter,
// `wallpaper tag`, folder tags, sources' tags and imports all name tags through these two.
import { WallpaperError } from '../errors.js';
import { invalid } from './params.js';

export const MAX_TAG_LENGTH = 64;

/** C0 and C1 control characters (U+0000-U+001F, U+007F-U+009F): newline, tab, NEL and the rest. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The tag a text names, or undefined when it cannot be one. Control characters are refused in the
 * text as given, before whitespace is folded (a newline is not a space in a tag). */
export function normalTag(text: string): string | undefined {
  if (CONTROL.test(text)) return undefined;
  const tag = text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
  if (tag === '' || tag.length > MAX_TAG_LENGTH || tag.includes(',')) return undefined;
  return tag;
}

const ACCEPTED = `a tag name (1 to ${MAX_TAG_LENGTH} characters, no commas or control characters)`;
const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The tag a text names; invalid_param naming `name` (the parameter or key) when it cannot be one,
 * and the control character by its code point (it would not show, or would break the line). */
export function parseTag(text: string, name = 'tag'): string {
  const tag = normalTag(text);
  if (tag) return tag;
  const control = CONTROL.exec(text)?.[0];
  if (control === undefined) throw invalid(name, text, ACCEPTED);
  const shown = JSON.stringify(text.slice(0, 64)).replace(
    /[\u007f-\u009f]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  throw new WallpaperError(
    'invalid_param',
    `invalid ${name} ${shown}: it contains the control character ${codePoint(control)}; expected ${ACCEPTED}`,
  );
}
