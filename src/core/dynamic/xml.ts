// A small, safe XML reader for the two XML documents dynamic wallpapers bring: GNOME's timed
// background and the XMP packet inside an Apple HEIC. Safe by construction: an entity declaration
// or a document type with an internal subset (`<!ENTITY`, `<!DOCTYPE x [...]>`) is refused
// outright, so no entity is ever defined, expanded or fetched (an entity bomb or an external entity
// is a malformed file, refused in one pass over its text, in memory bounded by the text itself); a
// document type that only names an external DTD (`<!DOCTYPE wallpapers SYSTEM "gnome-wp-list.dtd">`,
// as GNOME's and MATE's background lists carry) is passed over, its DTD never read or fetched
// (docs/formats.md#xml-files). Only the five predefined entities and character references are
// decoded. Documents are bounded in size and depth. Elements, attributes, text, comments, CDATA and
// processing instructions: nothing else is needed here.

/** The largest document read: a timed background of a thousand frames is ~200 KiB. */
export const MAX_XML_BYTES = 1024 * 1024;
const MAX_DEPTH = 64;

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The text directly inside, entities decoded, concatenated. */
  text: string;
}

export class XmlError extends Error {}
/** A document refused for what it declares (entities, an internal subset), whatever it is. */
export class RefusedXml extends XmlError {}

const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&([^;&<\s]{0,32});/g, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return codePoint(Number.parseInt(name.slice(2), 16), whole);
    if (name.startsWith('#')) return codePoint(Number.parseInt(name.slice(1), 10), whole);
    const known = PREDEFINED[name];
    if (known === undefined) throw new XmlError(`an undefined entity ${whole} (entities are never defined or expanded)`);
    return known;
  });
}

function codePoint(value: number, whole: string): string {
  if (!Number.isInteger(value) || value < 1 || value > 0x10ffff) throw new XmlError(`an invalid character reference ${whole}`);
  return String.fromCodePoint(value);
}

// Sticky: each matches exactly at lastIndex, without copying the rest of the text.
const NAME = /[A-Za-z_][\w.:-]*/y;
const ATTRIBUTE = /\s+([A-Za-z_][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/y;
const TAG_END = /\s*(\/?)>/y;
const QUOTED = `(?:"[^"<>]*"|'[^'<>]*')`;
/** A document type naming at most an external DTD: no internal subset (`[`), so no entity. */
const EXTERNAL_DOCTYPE = new RegExp(
  `<!DOCTYPE\\s+[A-Za-z_][\\w.:-]*(?:\\s+(?:SYSTEM\\s+${QUOTED}|PUBLIC\\s+${QUOTED}\\s+${QUOTED}))?\\s*>`,
  'iy',
);

const refused = () =>
  new RefusedXml(
    'it declares a document type or entities (<!DOCTYPE with an internal subset, <!ENTITY): refused, entities are never expanded',
  );

const matchAt = (pattern: RegExp, text: string, at: number) => {
  pattern.lastIndex = at;
  return pattern.exec(text);
};

/** Parse `text` into its root element; throws XmlError saying what is wrong. */
export function parseXml(text: string): XmlElement {
  if (text.length > MAX_XML_BYTES) throw new XmlError(`it is over ${MAX_XML_BYTES} bytes`);
  if (/<!ENTITY/i.test(text)) throw refused();
  let doctype = false;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let at = 0;
  const addText = (raw: string) => {
    const top = stack.at(-1);
    if (top) top.text += decode(raw);
    else if (raw.trim() !== '') throw new XmlError('text outside the root element');
  };
  while (at < text.length) {
    const open = text.indexOf('<', at);
    if (open < 0) {
      addText(text.slice(at));
      break;
    }
    if (open > at) addText(text.slice(at, open));
    if (text.slice(open, open + 9).toUpperCase() === '<!DOCTYPE') {
      // Before the root only, once, and naming at most an external DTD (never read).
      const external = matchAt(EXTERNAL_DOCTYPE, text, open);
      if (doctype || root !== undefined || stack.length > 0 || !external) throw refused();
      doctype = true;
      at = open + external[0].length;
    } else if (text.startsWith('<!--', open)) {
      const end = text.indexOf('-->', open + 4);
      if (end < 0) throw new XmlError('a comment is not closed');
      at = end + 3;
    } else if (text.startsWith('<![CDATA[', open)) {
      const end = text.indexOf(']]>', open + 9);
      if (end < 0 || stack.length === 0) throw new XmlError('a CDATA section is not closed or outside the root');
      stack.at(-1)!.text += text.slice(open + 9, end);
      at = end + 3;
    } else if (text.startsWith('<?', open)) {
      const end = text.indexOf('?>', open + 2);
      if (end < 0) throw new XmlError('a processing instruction is not closed');
      at = end + 2;
    } else if (text.startsWith('</', open)) {
      const name = matchAt(NAME, text, open + 2)?.[0];
      const end = text.indexOf('>', open);
      const top = stack.pop();
      if (!name || end < 0 || !top || top.name !== name) throw new XmlError(`a closing tag </${name ?? ''}> does not match`);
      if (stack.length === 0) root = top;
      at = end + 1;
    } else {
      if (root !== undefined) throw new XmlError('a second root element');
      const tag = openTag(text, open);
      const parent = stack.at(-1);
      parent?.children.push(tag.element);
      if (!tag.closed) {
        if (stack.length >= MAX_DEPTH) throw new XmlError(`elements nested over ${MAX_DEPTH} deep`);
        stack.push(tag.element);
      } else if (!parent) root = tag.element;
      at = tag.at;
    }
    if (stack.length === 0 && root !== undefined && at < text.length) {
      // After the root: only comments, processing instructions and white space.
      const rest = text.slice(at).replace(/<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g, '');
      if (rest.trim() !== '') throw new XmlError('content after the root element');
      break;
    }
  }
  if (stack.length > 0) throw new XmlError(`<${stack.at(-1)!.name}> is not closed`);
  if (!root) throw new XmlError('no root element');
  return root;
}

/** The start tag at `open`: its element, whether it closes itself, and where reading goes on. */
function openTag(text: string, open: number): { element: XmlElement; closed: boolean; at: number } {
  const name = matchAt(NAME, text, open + 1)?.[0];
  if (!name) throw new XmlError(`a stray "<" at character ${open}`);
  const element: XmlElement = { name, attributes: {}, children: [], text: '' };
  let at = open + 1 + name.length;
  for (;;) {
    const attribute = matchAt(ATTRIBUTE, text, at);
    if (attribute) {
      element.attributes[attribute[1]!] = decode(attribute[3] ?? attribute[4] ?? '');
      at += attribute[0].length;
      continue;
    }
    const close = matchAt(TAG_END, text, at);
    if (!close) throw new XmlError(`the tag <${name}> is malformed`);
    return { element, closed: close[1] === '/', at: at + close[0].length };
  }
}

/** The name of the root element a text starts with (after its prolog), even if the rest is broken. */
export function rootNameOf(text: string): string | undefined {
  return /^\uFEFF?\s*(?:<\?[\s\S]*?\?>\s*|<!--[\s\S]*?-->\s*|<!DOCTYPE[^>[]*>\s*)*<([A-Za-z_][\w.:-]*)/i.exec(text)?.[1];
}

/** The first child named `name`. */
export function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((c) => c.name === name);
}
