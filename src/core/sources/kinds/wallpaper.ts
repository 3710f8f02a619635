// Another `wallpaper serve`: GET /api/wallpapers/random?client=<this library's name> (the server
// walks each client through its wallpapers without repeats, so two homes fetching from it never
// take the same one twice), then /api/wallpapers/{id}/image. Its title is carried over, and its own
// attribution when it fetched the wallpaper from a service; else the page is the other gallery's
// viewer of it (`/#view=ID`, as its feed links it).
import { SourceFailure } from '../http.js';
import { type Candidate, type KindContext, resolved, textOrNull, titleOrNull, under } from './kind.js';

interface Remote {
  id?: unknown;
  title?: unknown;
  source?: { page_url?: unknown; author?: unknown; author_url?: unknown; license?: unknown } | null;
}

export async function wallpaper({ source, http, client, limit }: KindContext): Promise<Candidate[]> {
  const base = source.url!;
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  for (let n = 0; n < limit; n++) {
    const url = under(base, '/api/wallpapers/random');
    url.searchParams.set('client', client);
    let answer: Remote;
    try {
      answer = (await http.json(url.href)) as Remote;
    } catch (error) {
      // An empty library (404) has nothing to give: the ones found so far are the page.
      if (error instanceof SourceFailure && /^HTTP 404/.test(error.message) && n > 0) break;
      throw error;
    }
    if (typeof answer?.id !== 'string' || !/^[0-9a-f]{16}$/.test(answer.id))
      throw new SourceFailure(`unexpected answer from ${url.host}: no wallpaper id`);
    if (seen.has(answer.id)) break; // the walk came round: every one was given
    seen.add(answer.id);
    const credit = answer.source ?? {};
    candidates.push({
      remote: answer.id,
      image: under(base, `/api/wallpapers/${answer.id}/image`).href,
      title: titleOrNull(answer.title),
      page_url: resolved(credit.page_url, base) ?? `${under(base, '/').href}#view=${answer.id}`,
      author: textOrNull(credit.author),
      author_url: resolved(credit.author_url, base),
      license: textOrNull(credit.license),
    });
  }
  return candidates;
}
