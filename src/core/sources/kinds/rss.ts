// RSS and Media RSS feeds (https://www.rssboard.org/media-rss, RSS 2.0's enclosure) and Atom: each
// item's picture is its largest media:content (medium or type an image), else an image enclosure,
// else media:thumbnail; its title the item's title (else media:title), its page the item's link, its
// credit media:credit (else the author or dc:creator), its licence media:license or media:copyright.
// Remembered by guid, else the image.
import { SourceFailure } from '../http.js';
import { type Candidate, type KindContext, resolved, textOrNull, titleOrNull } from './kind.js';
import { type XmlElement, feedItems } from './xml.js';

const isImage = (element: XmlElement): boolean => {
  const { medium, type } = element.attributes;
  if (medium) return medium === 'image';
  if (type) return type.startsWith('image/');
  return /\.(jpe?g|png|webp)(\?|$)/i.test(element.attributes.url ?? '');
};

const area = (element: XmlElement): number => Number(element.attributes.width ?? 0) * Number(element.attributes.height ?? 0);

function pictureOf(elements: XmlElement[]): string | undefined {
  const media = elements.filter((e) => e.name === 'media:content' && e.attributes.url && isImage(e)).sort((a, b) => area(b) - area(a));
  const enclosure = elements.find((e) => e.name === 'enclosure' && e.attributes.url && isImage(e));
  const atomEnclosure = elements.find((e) => e.name === 'link' && e.attributes.rel === 'enclosure' && e.attributes.href && isImage(e));
  const thumbnail = elements.find((e) => e.name === 'media:thumbnail' && e.attributes.url);
  return media[0]?.attributes.url ?? enclosure?.attributes.url ?? atomEnclosure?.attributes.href ?? thumbnail?.attributes.url;
}

const first = (elements: XmlElement[], ...names: string[]): XmlElement | undefined =>
  names.map((name) => elements.find((e) => e.name === name)).find((e) => e !== undefined);

export async function rss({ source, http }: KindContext): Promise<Candidate[]> {
  const feed = source.url!;
  let items: XmlElement[][];
  try {
    items = feedItems(await http.text(feed));
  } catch (error) {
    if (error instanceof SourceFailure) throw error;
    throw new SourceFailure(`bad feed from ${new URL(feed).host}: ${(error as Error).message}`);
  }
  return items.flatMap((elements): Candidate[] => {
    const image = resolved(pictureOf(elements), feed);
    if (!image) return [];
    const link = elements.find(
      (e) => e.name === 'link' && (e.text || (e.attributes.href && (e.attributes.rel ?? 'alternate') === 'alternate')),
    );
    const guid = textOrNull(first(elements, 'guid', 'id')?.text);
    const credit = first(elements, 'media:credit', 'dc:creator', 'author');
    const authorName =
      credit?.name === 'author' ? (textOrNull(first(elements, 'name')?.text) ?? textOrNull(credit.text)) : textOrNull(credit?.text);
    const license = first(elements, 'media:license', 'media:copyright');
    return [
      {
        remote: guid ?? image,
        image,
        title: titleOrNull(first(elements, 'title', 'media:title')?.text),
        page_url: resolved(link?.text || link?.attributes.href, feed),
        author: authorName,
        author_url: resolved(credit?.attributes.url, feed),
        license: textOrNull(license?.text) ?? resolved(license?.attributes.href, feed),
      },
    ];
  });
}
