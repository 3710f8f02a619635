// The Media RSS feed of a list answer (GET /api/feed.rss): RSS 2.0 with the Media RSS namespace, the
// shape variety's generic remote source and feed readers read. Every URL is absolute (a feed is read
// away from the page that linked it); each item carries `media:content` with the image's own type,
// size and pixel dimensions, a thumbnail, an enclosure for podcast-style readers, and a `<link>` to
// the wallpaper in the gallery. An item says what a reader wants to know (the title, the author and
// source where known, the tags) and never where the file lies on the server: a feed travels.
import type { Filters, ListResponse, Wallpaper } from '../core/types.js';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text and attribute values: escaped, and characters XML 1.0 cannot carry at all dropped. */
function xmlText(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters XML forbids
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

/** RFC 822 dates, as RSS 2.0 wants them. */
const rfc822 = (iso: string): string => new Date(iso).toUTCString();

/** What the channel says of the filters it holds, e.g. "dark, landscape". */
function describe(filters: Filters | undefined): string {
  const values = Object.entries(filters ?? {}).map(([name, value]) => `${name}=${value}`);
  return values.length > 0 ? `Wallpapers matching ${values.join(', ')}` : 'All wallpapers';
}

/** A fetched wallpaper's attribution, as Media RSS says it: the author and the licence. */
function sourceCredit({ source }: Wallpaper): string[] {
  if (!source) return [];
  return [
    source.author ? `<media:credit role="author">${xmlText(source.author)}</media:credit>` : '',
    source.license ? `<media:license>${xmlText(source.license)}</media:license>` : '',
  ];
}

/** Where a fetched wallpaper came from: RSS 2.0's <source>, its page at the service. */
const sourceOf = ({ source }: Wallpaper): string =>
  source?.page_url ? `<source url="${xmlText(source.page_url)}">${xmlText(`${source.name} (${source.kind})`)}</source>` : '';

/** The item's text: its shape and colour, its tags, and whom to credit. */
function description(w: Wallpaper): string {
  const parts = [`${w.width}x${w.height}, ${w.brightness}, ${w.orientation}, ${w.dominant_hue}.`];
  if (w.tags.length > 0) parts.push(`Tags: ${w.tags.join(', ')}.`);
  if (w.source) parts.push(`${w.source.author ? `By ${w.source.author}, from` : 'From'} ${w.source.name} (${w.source.kind}).`);
  return parts.join(' ');
}

function item(w: Wallpaper, base: string): string {
  const image = `${base}${w.download_url}`;
  return [
    '<item>',
    `<title>${xmlText(w.title)}</title>`,
    `<link>${xmlText(`${base}/#view=${w.id}`)}</link>`,
    `<guid isPermaLink="false">${w.id}</guid>`,
    `<pubDate>${rfc822(w.added_at)}</pubDate>`,
    sourceOf(w),
    `<description>${xmlText(description(w))}</description>`,
    ...w.tags.map((tag) => `<category>${xmlText(tag)}</category>`),
    `<enclosure url="${xmlText(image)}" length="${w.size_bytes}" type="${xmlText(w.content_type)}"/>`,
    `<media:content url="${xmlText(image)}" type="${xmlText(w.content_type)}" medium="image" fileSize="${w.size_bytes}" width="${w.width}" height="${w.height}">`,
    `<media:title>${xmlText(w.title)}</media:title>`,
    `<media:thumbnail url="${xmlText(`${base}${w.thumbnail_url}`)}"/>`,
    w.tags.length > 0 ? `<media:keywords>${xmlText(w.tags.join(', '))}</media:keywords>` : '',
    ...sourceCredit(w),
    '</media:content>',
    '</item>',
  ].join('');
}

/** The feed of one list answer; `base` is the server's absolute origin (no trailing slash) and
 * `self` the feed's own absolute URL. */
export function renderFeed(list: ListResponse, base: string, self: string): string {
  const newest = list.wallpapers[0]?.added_at;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    '<title>wallpaper</title>',
    `<link>${xmlText(`${base}/`)}</link>`,
    `<description>${xmlText(describe(list.filters))}</description>`,
    `<atom:link href="${xmlText(self)}" rel="self" type="application/rss+xml"/>`,
    '<generator>wallpaper</generator>',
    newest ? `<lastBuildDate>${rfc822(newest)}</lastBuildDate>` : '',
    ...list.wallpapers.map((w) => item(w, base)),
    '</channel>',
    '</rss>\n',
  ].join('');
}
