// NASA's Astronomy Picture of the Day (https://api.nasa.gov, github.com/nasa/apod-api): GET
// /planetary/apod?api_key=KEY&count=N gives N random days; each has date, media_type ("image" or
// "video": skipped), hdurl (taken before url), url, title and copyright (the credit, when any).
import { type Candidate, type KindContext, expectArray, resolved, textOrNull, titleOrNull, under } from './kind.js';

export const APOD_BASE = 'https://api.nasa.gov';

interface Day {
  date?: unknown;
  media_type?: unknown;
  hdurl?: unknown;
  url?: unknown;
  title?: unknown;
  copyright?: unknown;
}

/** The day's page on apod.nasa.gov: ap + yymmdd. */
const pageOf = (date: unknown): string | null =>
  typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date)
    ? `https://apod.nasa.gov/apod/ap${date.slice(2).replaceAll('-', '')}.html`
    : null;

export async function apod({ source, http, limit }: KindContext): Promise<Candidate[]> {
  const url = under(source.url ?? APOD_BASE, '/planetary/apod');
  url.searchParams.set('api_key', source.key ?? 'DEMO_KEY');
  url.searchParams.set('count', String(limit));
  url.searchParams.set('thumbs', 'false');
  return expectArray(await http.json(url.href), 'days').flatMap((item): Candidate[] => {
    const day = item as Day;
    if (day.media_type !== undefined && day.media_type !== 'image') return [];
    const image = resolved(day.hdurl, url) ?? resolved(day.url, url);
    if (!image) return [];
    const remote = typeof day.date === 'string' ? day.date : image;
    return [
      {
        remote,
        image,
        title: titleOrNull(day.title),
        page_url: pageOf(day.date),
        author: textOrNull(day.copyright),
        author_url: null,
        license: null,
      },
    ];
  });
}
