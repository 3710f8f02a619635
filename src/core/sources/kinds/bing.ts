// Bing's picture of the day: GET /HPImageArchive.aspx?format=js&idx=0&n=8 (the last eight days).
// images[] has url (relative, resolved against the base), urlbase (the size is appended: _UHD.jpg
// is the largest offered), hsh, title (the picture's), copyright (the credit, "What (© Who)": its
// first part is the title when there is none) and copyrightlink (the page about it).
import { type Candidate, type KindContext, expectArray, resolved, textOrNull, titleOrNull, under } from './kind.js';

export const BING_BASE = 'https://www.bing.com';

interface BingImage {
  url?: unknown;
  urlbase?: unknown;
  hsh?: unknown;
  title?: unknown;
  copyright?: unknown;
  copyrightlink?: unknown;
}

export async function bing({ source, http }: KindContext): Promise<Candidate[]> {
  const base = source.url ?? BING_BASE;
  const url = under(base, '/HPImageArchive.aspx');
  for (const [name, value] of [
    ['format', 'js'],
    ['idx', '0'],
    ['n', '8'],
    ['mkt', source.query ?? 'en-US'],
  ]) {
    url.searchParams.set(name!, value!);
  }
  const answer = (await http.json(url.href)) as { images?: unknown };
  return expectArray(answer?.images, 'images').flatMap((item): Candidate[] => {
    const entry = item as BingImage;
    const largest = typeof entry.urlbase === 'string' && entry.urlbase !== '' ? resolved(`${entry.urlbase}_UHD.jpg`, url) : null;
    const image = largest ?? resolved(entry.url, url);
    if (!image) return [];
    const remote = typeof entry.hsh === 'string' && entry.hsh !== '' ? entry.hsh : image;
    const page = resolved(entry.copyrightlink, url);
    const title = titleOrNull(entry.title) ?? titleOrNull(typeof entry.copyright === 'string' ? entry.copyright.split(' (©')[0] : null);
    return [{ remote, image, title, page_url: page, author: textOrNull(entry.copyright), author_url: null, license: null }];
  });
}
