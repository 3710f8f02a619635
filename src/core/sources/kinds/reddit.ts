// Reddit (https://www.reddit.com/dev/api#GET_top): GET /r/<subreddit>/top.json. A listing:
// data.children[].data with id, title, url, post_hint, is_self, is_video, is_gallery, over_18,
// permalink, author. Only pictures are taken: a url ending in .jpg/.png/.webp, or post_hint "image"; self
// posts, videos and galleries are skipped, and over_18 unless --nsfw.
import { type Candidate, type KindContext, resolved, textOrNull, titleOrNull, under } from './kind.js';

export const REDDIT_BASE = 'https://www.reddit.com';
const IMAGE_FILE = /\.(jpe?g|png|webp)$/i;

interface Post {
  id?: unknown;
  title?: unknown;
  url?: unknown;
  post_hint?: unknown;
  is_self?: unknown;
  is_video?: unknown;
  is_gallery?: unknown;
  over_18?: unknown;
  permalink?: unknown;
  author?: unknown;
}

export async function reddit({ source, http }: KindContext): Promise<Candidate[]> {
  const base = source.url ?? REDDIT_BASE;
  const subreddit = (source.query ?? 'wallpapers').replace(/^\/?r\//, '');
  const url = under(base, `/r/${encodeURIComponent(subreddit)}/top.json`);
  url.searchParams.set('t', 'week');
  url.searchParams.set('limit', '25');
  const answer = (await http.json(url.href)) as { data?: { children?: unknown } };
  const children = answer?.data?.children;
  if (!Array.isArray(children)) throw new Error('unexpected answer: no data.children array');
  return children.flatMap((child): Candidate[] => {
    const post = ((child as { data?: Post })?.data ?? {}) as Post;
    if (post.is_self === true || post.is_video === true || post.is_gallery === true) return [];
    if (post.over_18 === true && !source.nsfw) return [];
    const image = resolved(post.url, url);
    if (!image || typeof post.id !== 'string') return [];
    if (!IMAGE_FILE.test(new URL(image).pathname) && post.post_hint !== 'image') return [];
    const author = textOrNull(post.author);
    return [
      {
        remote: post.id,
        image,
        title: titleOrNull(post.title),
        page_url: resolved(post.permalink, base),
        author,
        author_url: author && author !== '[deleted]' ? new URL(`/user/${encodeURIComponent(author)}`, base).href : null,
        license: null,
      },
    ];
  });
}
