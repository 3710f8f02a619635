// Apple's dynamic HEIC (macOS "Dynamic Desktop"): one HEIC holding several images, and in its XMP
// packet an `apple_desktop` property (namespace http://ns.apple.com/namespace/1.0/) whose value is a
// base64 binary plist: `h24` {ti: [{t: fraction of the local day, i: image}], ap?} shows image i
// from time t; `solar` {si: [{a: altitude, z: azimuth, i: image}], ap?} shows the image whose sun
// position is nearest the sun's; `apr` {l: image, d: image} a light and a dark image. A file with
// several is read as solar first, then h24, then apr (what macOS offers first). Image indices are
// the file's top-level images in item order, as libheif lists them.
import { heifImageCount } from '../formats/index.js';
import { PlistError, type PlistValue, parseBplist } from './bplist.js';
import { MalformedDynamic } from './frames.js';
import { type Dynamic, type Frame, settleChanges } from './timeline.js';
import { XmlError, type XmlElement, parseXml } from './xml.js';

const NAMESPACE = 'http://ns.apple.com/namespace/1.0/';
const PROPERTIES = ['solar', 'h24', 'apr'] as const;
/** Where in a HEIC an XMP packet is looked for: it sits in the metadata, near the start. */
const XMP_WINDOW = 4 * 1024 * 1024;

/** The XMP packet of a HEIC, if it has one. */
function xmpOf(bytes: Buffer): string | undefined {
  const window = bytes.subarray(0, XMP_WINDOW);
  const start = window.indexOf('<x:xmpmeta');
  if (start < 0) return undefined;
  const end = window.indexOf('</x:xmpmeta>', start);
  if (end < 0) return undefined;
  return window.subarray(start, end + '</x:xmpmeta>'.length).toString('utf8');
}

/** The apple_desktop properties of an XMP packet (attributes or elements of an rdf:Description). */
function appleProperties(xmp: string): Map<string, string> {
  let root: XmlElement;
  try {
    root = parseXml(xmp);
  } catch (error) {
    if (error instanceof XmlError) throw new MalformedDynamic(`its XMP is not well-formed: ${error.message}`);
    throw error;
  }
  const found = new Map<string, string>();
  const visit = (element: XmlElement, prefixes: Map<string, string>) => {
    const scope = new Map(prefixes);
    for (const [name, value] of Object.entries(element.attributes)) if (name.startsWith('xmlns:')) scope.set(name.slice(6), value);
    const local = (qualified: string) => {
      const [prefix, name] = qualified.split(':');
      return name !== undefined && scope.get(prefix!) === NAMESPACE ? name : undefined;
    };
    for (const [name, value] of Object.entries(element.attributes)) {
      const property = local(name);
      if (property) found.set(property, value);
    }
    const own = local(element.name);
    if (own && element.children.length === 0) found.set(own, element.text);
    for (const c of element.children) visit(c, scope);
  };
  visit(root, new Map());
  return found;
}

const asDict = (value: PlistValue | undefined, what: string): Record<string, PlistValue> => {
  if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Uint8Array)) return value;
  throw new MalformedDynamic(`its ${what} is not a dictionary`);
};
const asNumber = (value: PlistValue | undefined, what: string): number => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new MalformedDynamic(`its ${what} is not a number`);
};
const asList = (value: PlistValue | undefined, what: string): PlistValue[] => {
  if (Array.isArray(value) && value.length > 0) return value;
  throw new MalformedDynamic(`its ${what} is not a list of frames`);
};

/** The dynamic wallpaper a HEIC holds, or undefined for an ordinary HEIC; MalformedDynamic for one
 * whose apple_desktop metadata cannot be played. */
export function parseAppleHeic(bytes: Buffer): Dynamic | undefined {
  const xmp = xmpOf(bytes);
  if (!xmp?.includes(NAMESPACE)) return undefined;
  const properties = appleProperties(xmp);
  const name = PROPERTIES.find((p) => properties.has(p));
  if (!name) return undefined;
  let plist: Record<string, PlistValue>;
  try {
    plist = asDict(parseBplist(Buffer.from(properties.get(name)!.trim(), 'base64')), `apple_desktop:${name} plist`);
  } catch (error) {
    if (error instanceof PlistError) throw new MalformedDynamic(`its apple_desktop:${name} is not a binary plist: ${error.message}`);
    throw error;
  }
  const count = heifImageCount(bytes);
  const frames: Frame[] = [];
  const index = new Map<number, number>();
  const frameOf = (value: PlistValue | undefined, what: string): number => {
    const image = asNumber(value, what);
    if (!Number.isInteger(image) || image < 0 || image >= count)
      throw new MalformedDynamic(`a missing frame: ${what} is image ${image}, and the file holds ${count} (0 to ${count - 1})`);
    let i = index.get(image);
    if (i === undefined) {
      i = frames.length;
      frames.push({ image });
      index.set(image, i);
    }
    return i;
  };

  if (name === 'apr') return { kind: 'light-dark', light: frameOf(plist.l, 'apr l'), dark: frameOf(plist.d, 'apr d'), frames };
  if (name === 'solar') {
    const positions = asList(plist.si, 'solar si').map((entry, n) => {
      const item = asDict(entry, `solar si ${n}`);
      const altitude = asNumber(item.a, `solar si ${n} a`);
      const azimuth = asNumber(item.z, `solar si ${n} z`);
      if (altitude < -90 || altitude > 90 || azimuth < 0 || azimuth > 360)
        throw new MalformedDynamic(`times out of order: solar si ${n} puts the sun at altitude ${altitude}, azimuth ${azimuth}`);
      return { altitude, azimuth, frame: frameOf(item.i, `solar si ${n} i`) };
    });
    return { kind: 'solar', positions, frames };
  }
  const items = asList(plist.ti, 'h24 ti').map((entry, n) => {
    const item = asDict(entry, `h24 ti ${n}`);
    const t = asNumber(item.t, `h24 ti ${n} t`);
    if (t < 0 || t > 1) throw new MalformedDynamic(`times out of order: h24 ti ${n} is at ${t} of a day (0 to 1)`);
    return { at: Math.round(t * 86_400) % 86_400, frame: frameOf(item.i, `h24 ti ${n} i`), where: `h24 ti ${n}` };
  });
  // Apple's own files list h24 frames by image, not by time: they are sorted, and only two frames
  // at one time are out of order.
  const times = new Set<number>();
  for (const { at, where } of items) {
    if (times.has(at)) throw new MalformedDynamic(`times out of order: ${where} is at a time another frame already has`);
    times.add(at);
  }
  return { kind: 'timed', frames, changes: settleChanges(items), period: 86_400, anchor: null };
}
