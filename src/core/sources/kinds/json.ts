// Any JSON API, as RandomWallpaperGnome3's generic source: GET --url, then --image-path, a dotted
// path into the answer (`data.0.url`, `$.images[2].src`), names the image URL. A path that ends
// at an array of URLs takes each. Remembered by the image URL.
import { SourceFailure } from '../http.js';
import { type Candidate, type KindContext, resolved } from './kind.js';

/** `$.a.b[0].c` -> ['a', 'b', '0', 'c']. */
const pathSteps = (path: string): string[] =>
  path
    .replace(/^\$\.?/, '')
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((step) => step !== '');

function valueAt(answer: unknown, path: string): unknown {
  let value = answer;
  for (const step of pathSteps(path)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

export async function json({ source, http }: KindContext): Promise<Candidate[]> {
  const url = source.url!;
  const found = valueAt(await http.json(url), source.image_path!);
  const urls = (Array.isArray(found) ? found : [found]).flatMap((value) => resolved(value, url) ?? []);
  if (urls.length === 0) throw new SourceFailure(`no image URL at ${source.image_path} in the answer of ${new URL(url).host}`);
  // A generic answer names no title: the file's name is.
  return urls.map((image) => ({ remote: image, image, title: null, page_url: null, author: null, author_url: null, license: null }));
}
