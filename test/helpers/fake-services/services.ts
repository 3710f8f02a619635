// The services' answers, each in the shape its documentation gives (field names as documented;
// fields the sources do not read are kept too, so a test sees the real shape). Each function
// installs the service's route on a fake (server.ts) answering with `items`, whose images are in
// fake.images (or are the failure paths, for the error cases).
import type { Fake } from './server.js';
import { sendJson } from './server.js';

export interface Item {
  /** The service's id; the image is served at /img/<id> unless `image` names another path (or URL). */
  id: string;
  image?: string;
  /** Wallhaven purity (sfw, sketchy, nsfw), Reddit over_18 (any but sfw). */
  purity?: 'sfw' | 'sketchy' | 'nsfw';
  /** Reddit: self, video or gallery posts; APOD: a video day. */
  type?: 'image' | 'self' | 'video' | 'gallery';
  /** Bing: an older answer without `title` (the copyright names the picture). */
  untitled?: boolean;
}

const imageUrl = (fake: Fake, item: Item): string =>
  item.image?.startsWith('http') ? item.image : `${fake.base}${item.image ?? `/img/${item.id}`}`;

/** https://wallhaven.cc/help/api#search */
export function wallhaven(fake: Fake, items: Item[]): void {
  fake.routes.set('/search', (_req, res, url) =>
    sendJson(res, {
      data: items.map((item) => ({
        id: item.id,
        url: `https://wallhaven.cc/w/${item.id}`,
        short_url: `https://whvn.cc/${item.id}`,
        views: 10,
        favorites: 1,
        source: '',
        purity: item.purity ?? 'sfw',
        category: 'general',
        dimension_x: 960,
        dimension_y: 540,
        resolution: '960x540',
        ratio: '1.78',
        file_size: 1000,
        file_type: 'image/png',
        created_at: '2024-01-01 00:00:00',
        colors: ['#000000'],
        path: imageUrl(fake, item),
        thumbs: { large: '', original: '', small: '' },
      })),
      meta: {
        current_page: 1,
        last_page: 1,
        per_page: 24,
        total: items.length,
        query: url.searchParams.get('q'),
        seed: url.searchParams.get('seed'),
      },
    }),
  );
}

/** https://unsplash.com/documentation#get-a-random-photo (count: an array) and the download endpoint.
 * Every other photo has no description, only the alt text (alt_description) Unsplash writes. */
export function unsplash(fake: Fake, items: Item[]): void {
  fake.routes.set('/photos/random', (req, res) => {
    if (req.headers.authorization !== 'Client-ID test-key')
      return sendJson(res, { errors: ['OAuth error: The access token is invalid'] }, 401);
    sendJson(
      res,
      items.map((item, n) => ({
        id: item.id,
        width: 960,
        height: 540,
        description: n % 2 === 0 ? `Photo ${item.id}` : null,
        alt_description: `alt text of ${item.id}`,
        urls: { raw: `${imageUrl(fake, item)}?ixid=raw`, full: imageUrl(fake, item), regular: '', small: '', thumb: '' },
        links: {
          self: `${fake.base}/photos/${item.id}`,
          html: `https://unsplash.com/photos/${item.id}`,
          download: `https://unsplash.com/photos/${item.id}/download`,
          download_location: `${fake.base}/photos/${item.id}/download?ixid=track`,
        },
        user: { id: 'u1', username: 'ada', name: 'Ada Lovelace', links: { html: 'https://unsplash.com/@ada' } },
      })),
    );
  });
  for (const item of items) {
    fake.routes.set(`/photos/${item.id}/download`, (_req, res) => sendJson(res, { url: imageUrl(fake, item) }));
  }
}

/** https://www.reddit.com/dev/api#GET_top: a Listing of t3 things. */
export function reddit(fake: Fake, subreddit: string, items: Item[]): void {
  fake.routes.set(`/r/${subreddit}/top.json`, (_req, res) =>
    sendJson(res, {
      kind: 'Listing',
      data: {
        after: null,
        before: null,
        children: items.map((item) => ({
          kind: 't3',
          data: {
            id: item.id,
            name: `t3_${item.id}`,
            title: `Post ${item.id}`,
            author: `user_${item.id}`,
            permalink: `/r/${subreddit}/comments/${item.id}/post/`,
            url: item.type === 'self' ? `https://www.reddit.com/r/${subreddit}/comments/${item.id}/post/` : `${imageUrl(fake, item)}.png`,
            post_hint: item.type === 'video' ? 'hosted:video' : item.type === 'self' ? 'self' : 'image',
            is_self: item.type === 'self',
            is_video: item.type === 'video',
            ...(item.type === 'gallery' ? { is_gallery: true } : {}),
            over_18: (item.purity ?? 'sfw') !== 'sfw',
          },
        })),
      },
    }),
  );
}

/** Bing's HPImageArchive.aspx?format=js: relative urls, urlbase to which the size is appended. */
export function bing(fake: Fake, items: Item[]): void {
  fake.routes.set('/HPImageArchive.aspx', (_req, res) =>
    sendJson(res, {
      images: items.map((item, n) => ({
        startdate: `2024010${n + 1}`,
        url: `/th?id=OHR.${item.id}_1920x1080.jpg&rf=LaDigue_1920x1080.jpg`,
        urlbase: `/th?id=OHR.${item.id}`,
        copyright: `Picture ${item.id} (© Photographer ${item.id})`,
        copyrightlink: `https://www.bing.com/search?q=${item.id}`,
        ...(item.untitled ? {} : { title: `Title ${item.id}` }),
        hsh: `hash${item.id}`,
      })),
      tooltips: {},
    }),
  );
  // Only the UHD size exists here: a source that asked for another would fail.
  fake.routes.set('/th', (_req, res, url) => {
    const match = /^OHR\.(.+)_UHD\.jpg$/.exec(url.searchParams.get('id') ?? '');
    const image = match ? fake.images.get(match[1]!) : undefined;
    if (!image) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(image.length) });
    res.end(image);
  });
}

/** https://github.com/nasa/apod-api: count=N gives an array of days. */
export function apod(fake: Fake, items: Item[]): void {
  fake.routes.set('/planetary/apod', (_req, res) =>
    sendJson(
      res,
      items.map((item, n) => ({
        date: `2024-01-${String(n + 1).padStart(2, '0')}`,
        explanation: 'A picture of the sky.',
        media_type: item.type === 'video' ? 'video' : 'image',
        service_version: 'v1',
        title: `Day ${item.id}`,
        url: item.type === 'video' ? 'https://www.youtube.com/embed/x' : `${imageUrl(fake, item)}?small`,
        ...(item.type === 'video' ? {} : { hdurl: imageUrl(fake, item) }),
        ...(n % 2 === 0 ? { copyright: `\nAstronomer ${item.id}\n` } : {}),
      })),
    ),
  );
}

/** A Media RSS feed (rssboard.org/media-rss) with an RSS enclosure on odd items. */
export function rssFeed(fake: Fake, items: Item[]): void {
  const entries = items.map((item, n) =>
    n % 2 === 0
      ? `<item><title>${item.id} &amp; more</title><link>https://example.org/p/${item.id}</link><guid isPermaLink="false">g-${item.id}</guid>
         <media:group><media:content url="${fake.base}/img/small" medium="image" width="10" height="10"/>
         <media:content url="${imageUrl(fake, item)}" medium="image" width="960" height="540"/></media:group>
         <media:credit role="photographer" scheme="urn:ebu">Photographer ${item.id}</media:credit>
         <media:license href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</media:license></item>`
      : `<item><title><![CDATA[${item.id} <b>bold</b>]]></title><link>https://example.org/p/${item.id}</link>
         <enclosure url="${imageUrl(fake, item)}" length="1000" type="image/png"/><dc:creator>Writer ${item.id}</dc:creator></item>`,
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<!-- a comment <item> that is not one -->
<channel><title>Pictures</title><link>https://example.org/</link>${entries.join('\n')}</channel></rss>`;
  fake.routes.set('/feed.xml', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(xml);
  });
}

/** Any JSON API: the image URL at data.images[0].src. */
export function jsonApi(fake: Fake, item: Item): void {
  fake.routes.set('/api.json', (_req, res) =>
    sendJson(res, { data: { images: [{ src: item.image ?? `/img/${item.id}`, title: item.id }] } }),
  );
}
