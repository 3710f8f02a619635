// The fast path for app.ts: the read endpoints a device or a phone asks most (random, random image,
// image, thumbnail) answered by the same handlers as the route table, before polka's URL parsing,
// route matching and middleware (a measured share of a small answer's cost).
import { parse as parseQuery } from 'node:querystring';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RawParams } from '../core/index.js';
import type { Answer, Reads } from './reads.js';

const NO_QUERY: RawParams = Object.freeze({});
/** `/api/wallpapers/` + 16 hex + `/image` or `/thumbnail`, exactly (no escapes). */
const FILE_PATH = /^\/api\/wallpapers\/([0-9a-f]{16})\/(image|thumbnail)$/;

/** The query of `url` as polka parses it (node:querystring), or none. */
const queryOf = (url: string, at: number): RawParams => (at < 0 ? NO_QUERY : (parseQuery(url.slice(at + 1)) as RawParams));

/**
 * The fast path for app.ts: GET or HEAD of the random, random image, image and thumbnail paths,
 * with or without a query (a device asks `?client=` every minute, a phone `?w=&h=`),
 * answered by the same handlers before polka's URL parsing, route matching and middleware (a
 * measured share of a small answer's cost). undefined for anything else.
 */
export function fastRead(reads: Reads, req: IncomingMessage): ((res: ServerResponse) => Answer) | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  const url = req.url ?? '';
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  if (path === '/api/wallpapers/random') return (res) => reads.random(queryOf(url, at), req, res);
  if (path === '/api/wallpapers/random/image') return (res) => reads.randomImage(queryOf(url, at), req, res);
  const match = FILE_PATH.exec(path);
  if (!match) return undefined;
  const id = match[1]!;
  return match[2] === 'image' ? (res) => reads.image(id, queryOf(url, at), req, res) : (res) => reads.thumbnail(id, req, res);
}
