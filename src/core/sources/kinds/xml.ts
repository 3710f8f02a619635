// Just enough XML for feeds: the items (RSS <item>, Atom <entry>), each one's child elements by
// qualified name with their attributes and text. CDATA and the five named entities and numeric
// references are decoded; comments, processing instructions and DOCTYPEs are dropped (never
// expanded: no entity from a DTD is ever read, so no billion laughs).

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  text: string;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** Text content: CDATA sections as they are, the rest decoded, inner tags dropped. */
function textOf(inner: string): string {
  const parts = inner.split(/(<!\[CDATA\[[\s\S]*?\]\]>)/);
  return parts
    .map((part) => (part.startsWith('<![CDATA[') ? part.slice(9, -3) : decodeEntities(part.replace(/<[^>]*>/g, ''))))
    .join('')
    .trim();
}

function attributesOf(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, double, single] of text.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attributes[name!] = decodeEntities(double ?? single ?? '');
  }
  return attributes;
}

/** The direct and nested elements of one item, in document order (nesting is flattened: a feed's
 * media:group holds media:content, and either place is read the same way). */
function elementsOf(body: string): XmlElement[] {
  const elements: XmlElement[] = [];
  const tag = /<([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
  for (let match = tag.exec(body); match; match = tag.exec(body)) {
    const [, name, attrs, selfClosing] = match;
    let text = '';
    if (!selfClosing) {
      const close = body.indexOf(`</${name}>`, tag.lastIndex);
      if (close !== -1) {
        const inner = body.slice(tag.lastIndex, close);
        text = textOf(inner);
        // A container's children are read too: continue inside it.
        if (!/<[\w:.-]+[\s/>]/.test(inner.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, ''))) tag.lastIndex = close + name!.length + 3;
      }
    }
    elements.push({ name: name!, attributes: attributesOf(attrs ?? ''), text });
  }
  return elements;
}

/** The items of an RSS or Atom feed, each as its elements. */
export function feedItems(xml: string): XmlElement[][] {
  const clean = xml
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/gi, '');
  if (!/<(rss|feed|rdf:RDF)[\s>]/.test(clean)) throw new Error('not an RSS or Atom feed');
  const items: XmlElement[][] = [];
  for (const [, , body] of clean.matchAll(/<(item|entry)(?:\s[^>]*)?>([\s\S]*?)<\/\1>/g)) items.push(elementsOf(body!));
  return items;
}
