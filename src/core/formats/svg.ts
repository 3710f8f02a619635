// SVG, read as a browser lays it out and rendered without reaching outside the file. Its size
// (docs/design.md#every-format): the root's width/height in px (mm, cm, in, pt, pc at 96 px per inch), a missing
// or percentage side from the viewBox's aspect, else the viewBox, else a browser's 300x150.
// Rendering goes through librsvg (sharp), after a rewrite that (1) refuses entity declarations that
// could expand without bound or read a file, (2) drops every reference to another file or a URL
// (href, src, CSS url() and @import), keeping only `#fragment` and `data:` ones, so a wallpaper
// never reads /etc/passwd or sends a request when it is drawn, and (3) sets the root's size to the
// pixels asked for, so a variant is drawn at its size, never scaled up from a small nominal one.
import { WallpaperError } from '../errors.js';

const broken = (why: string) => new WallpaperError('unsupported', `not a usable SVG file: ${why}`);

/** CSS pixels per unit (CSS Values 4: 96 px per inch). */
const UNITS: Record<string, number> = { '': 1, px: 1, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, pt: 96 / 72, pc: 16, q: 96 / 101.6 };
/** A browser's size of a replaced element without one (HTML's 300x150 default). */
const DEFAULT_SIZE = { width: 300, height: 150 };

const ROOT = /<svg\b([^>]*)>/i;
const attribute = (attributes: string, name: string): string | undefined =>
  new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i')
    .exec(attributes)
    ?.slice(1)
    .find((value) => value !== undefined);

/** A length in px, or undefined for a percentage, `auto` or nothing. */
function length(value: string | undefined): number | undefined {
  const match = /^\s*([+]?\d*\.?\d+(?:e[+-]?\d+)?)\s*([a-z]*)\s*$/i.exec(value ?? '');
  if (!match) return undefined;
  const factor = UNITS[match[2]!.toLowerCase()];
  const px = factor === undefined ? Number.NaN : Number(match[1]) * factor;
  return Number.isFinite(px) && px > 0 ? px : undefined;
}

function viewBoxOf(attributes: string): { width: number; height: number } | undefined {
  const parts = (attribute(attributes, 'viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n)) || parts[2]! <= 0 || parts[3]! <= 0) return undefined;
  return { width: parts[2]!, height: parts[3]! };
}

export interface SvgLayout {
  /** Pixels as a browser lays the image out, rounded (at least 1). */
  width: number;
  height: number;
  /** The same, unrounded: the user space the drawing is given when it has no viewBox. */
  exactWidth: number;
  exactHeight: number;
}

export function svgLayout(text: string): SvgLayout {
  const root = ROOT.exec(text);
  if (!root) throw broken('no <svg> element');
  const attributes = root[1]!;
  const box = viewBoxOf(attributes);
  let width = length(attribute(attributes, 'width'));
  let height = length(attribute(attributes, 'height'));
  if (width === undefined && height === undefined) ({ width, height } = box ?? DEFAULT_SIZE);
  else if (width === undefined) width = box ? (height! * box.width) / box.height : DEFAULT_SIZE.width;
  else if (height === undefined) height = box ? (width * box.height) / box.width : DEFAULT_SIZE.height;
  return { width: Math.max(1, Math.round(width!)), height: Math.max(1, Math.round(height!)), exactWidth: width!, exactHeight: height! };
}

/** An entity whose value names another entity or a file is what a bomb or a file read is made of. */
const ENTITY = /<!ENTITY\s+(%\s*)?[^\s>]+\s+([\s\S]*?)>/gi;

function checkEntities(text: string): void {
  for (const match of text.matchAll(ENTITY)) {
    const body = match[2]!;
    if (match[1] || /^(SYSTEM|PUBLIC)\b/i.test(body.trim()) || /[&%]/.test(body)) {
      throw broken('it declares entities that expand other entities or read files (refused: an entity bomb or a file read)');
    }
  }
}

/** A reference that stays inside the document. */
const INSIDE = /^\s*(#|data:)/i;

/** The document with every outside reference removed. */
function withoutOutsideReferences(text: string): string {
  return text
    .replace(
      /(\s)((?:[\w-]+:)?(?:href|src))\s*=\s*("([^"]*)"|'([^']*)')/gi,
      (all, space: string, _name, _q, double?: string, single?: string) => (INSIDE.test(double ?? single ?? '') ? all : space),
    )
    .replace(/url\(\s*(['"]?)([^)'"]*)\1\s*\)/gi, (all, _q, target: string) => (INSIDE.test(target) ? all : 'none'))
    .replace(/@import[^;]*;?/gi, '');
}

/** The SVG as librsvg is given it: checked, without outside references, sized `width` x `height`
 * px (the drawing scaled to fill it as the file's own viewBox or size says). */
export function svgForRendering(bytes: Uint8Array, width: number, height: number): Buffer {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  checkEntities(text);
  const layout = svgLayout(text);
  const clean = withoutOutsideReferences(text);
  const root = ROOT.exec(clean)!;
  let attributes = root[1]!.replace(/(^|\s)(width|height)\s*=\s*("[^"]*"|'[^']*')/gi, '$1');
  const selfClosing = attributes.trimEnd().endsWith('/');
  if (selfClosing) attributes = attributes.trimEnd().slice(0, -1);
  // Without a viewBox the drawing's user space is the laid-out size: say so, so it scales.
  if (!viewBoxOf(attributes)) attributes += ` viewBox="0 0 ${layout.exactWidth} ${layout.exactHeight}"`;
  // The laid-out aspect is the asked one; a viewBox of another aspect is fitted as the file says.
  const sized = `<svg${attributes} width="${width}" height="${height}"${selfClosing ? '/' : ''}>`;
  return Buffer.from(clean.slice(0, root.index) + sized + clean.slice(root.index + root[0].length));
}
