// `brightness=auto` on the random endpoints (docs/design.md#beyond-the-specification): dark when the client prefers a dark
// colour scheme, light otherwise. Browsers say so in the client hint `Sec-CH-Prefers-Color-Scheme`
// (a quoted string, `"dark"`; some proxies unquote it) once a server asks for it with `Accept-CH`;
// any client may say `prefers=dark`. The answer asks for the hint and varies by it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type RawParams, WallpaperError } from '../core/index.js';

export const PREFERS_HINT = 'Sec-CH-Prefers-Color-Scheme';

const first = (value: string | readonly string[] | undefined) => (Array.isArray(value) ? value[0] : value) as string | undefined;

/** The query with `brightness=auto` resolved to dark or light (and the hint headers set on `res`);
 * any other query as it is. */
export function resolveAutoBrightness(query: RawParams, req: IncomingMessage, res: ServerResponse): RawParams {
  if (first(query.brightness)?.trim().toLowerCase() !== 'auto') return query;
  const prefers = first(query.prefers)?.trim().toLowerCase();
  if (prefers !== undefined && prefers !== '' && prefers !== 'dark' && prefers !== 'light') {
    throw new WallpaperError('invalid_param', `invalid prefers ${JSON.stringify(prefers.slice(0, 64))}: expected dark or light`);
  }
  const hint = first(req.headers[PREFERS_HINT.toLowerCase()])
    ?.trim()
    .replace(/^"(.*)"$/, '$1')
    .toLowerCase();
  res.setHeader('Accept-CH', PREFERS_HINT);
  res.setHeader('Vary', PREFERS_HINT);
  const brightness = prefers || (hint === 'dark' ? 'dark' : 'light');
  return { ...query, brightness };
}
