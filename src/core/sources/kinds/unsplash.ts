// Unsplash (https://unsplash.com/documentation): GET /photos/random?count=N[&query=] with
// `Authorization: Client-ID KEY`. Each photo: id, urls.full / urls.raw (the image), links.html (its
// page), links.download_location (requested, with the same key, for each photo kept: the API
// guidelines require it), description (else alt_description) for the title, user.name and
// user.links.html for the credit; the Unsplash License.
import { SourceFailure } from '../http.js';
import { type Candidate, type KindContext, expectArray, resolved, textOrNull, titleOrNull, under } from './kind.js';

export const UNSPLASH_BASE = 'https://api.unsplash.com';

interface Photo {
  id?: unknown;
  description?: unknown;
  alt_description?: unknown;
  urls?: { full?: unknown; raw?: unknown };
  links?: { html?: unknown; download_location?: unknown };
  user?: { name?: unknown; links?: { html?: unknown } };
}

export async function unsplash({ source, http, limit }: KindContext): Promise<Candidate[]> {
  if (!source.key) throw new SourceFailure('unsplash needs an Access Key (--key): register an app at unsplash.com/developers');
  const url = under(source.url ?? UNSPLASH_BASE, '/photos/random');
  url.searchParams.set('count', String(limit));
  if (source.query) url.searchParams.set('query', source.query);
  url.searchParams.set('orientation', 'landscape');
  const auth = { authorization: `Client-ID ${source.key}`, 'accept-version': 'v1' };
  const photos = expectArray(await http.json(url.href, auth), 'photos') as Photo[];
  return photos.flatMap((photo): Candidate[] => {
    const image = resolved(photo.urls?.full, url) ?? resolved(photo.urls?.raw, url);
    if (!image || typeof photo.id !== 'string') return [];
    const track = resolved(photo.links?.download_location, url);
    return [
      {
        remote: photo.id,
        image,
        title: titleOrNull(photo.description) ?? titleOrNull(photo.alt_description),
        page_url: resolved(photo.links?.html, url),
        author: textOrNull(photo.user?.name),
        author_url: resolved(photo.user?.links?.html, url),
        license: 'Unsplash License',
        kept: track ? () => http.ping(track, auth) : undefined,
      },
    ];
  });
}
