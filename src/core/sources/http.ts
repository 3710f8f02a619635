// Every request a source makes: a time limit on headers and body, a User-Agent naming this tool,
// redirects followed by hand (up to MAX_REDIRECTS, only to http and https), every connection held
// to the source's reach (connector.ts: a refused address is never dialled), a 429 that stops the
// source for the rest of the fetch (its Retry-After kept), and downloads streamed to a file with a
// byte limit and a length check, so a truncated body is never taken for a picture.
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { type Agent, request } from 'undici';
import { AddressRefused, type Lookup, guardedAgent } from './connector.js';

/** A request's time limit (headers, then each pause in the body) unless the fetch sets one. */
const SOURCE_TIMEOUT_MS = 30_000;
/** Redirects followed; the next one fails the request (a loop ends here). */
const MAX_REDIRECTS = 5;
/** The largest JSON or feed answer read: far above any page of results. */
const MAX_ANSWER_BYTES = 10 * 1024 * 1024;

const pkg = createRequire(import.meta.url)('../../../package.json') as { version: string; homepage: string };
/** Who is asking, as the services' terms want it said. */
export const USER_AGENT = `wallpaper/${pkg.version} (+${pkg.homepage})`;

/** Why a request, or a whole source, failed, in words for the report. `retryAfterMs`: a 429's. */
export class SourceFailure extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Seconds or an HTTP date -> ms from now (60 s when absent or unreadable). */
function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number {
  const value = Array.isArray(header) ? header[0] : header;
  if (value && /^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? 60_000 : Math.max(0, date - now);
}

type Headers = Record<string, string>;

/** One source's requests during one fetch. */
export class SourceHttp {
  /** Set by a 429: every later request of this fetch fails at once, none is sent. */
  private stopped: SourceFailure | undefined;

  private readonly agent: Agent;
  private readonly timeoutMs: number;

  /** `own`: the source's own URL (it may reach any address; the rest are held to its reach).
   * `lookup`: how host names are resolved (default dns.lookup). */
  constructor(options: { own: string; timeoutMs?: number; lookup?: Lookup }) {
    this.timeoutMs = options.timeoutMs ?? SOURCE_TIMEOUT_MS;
    this.agent = guardedAgent(options.own, options.lookup);
  }

  /** Let go of the connections kept open. */
  close(): Promise<void> {
    return this.agent.close();
  }

  /** The answer of `url` after its redirects; the caller consumes or dumps the body. */
  private async open(url: string, headers: Headers = {}) {
    let current = url;
    for (let hop = 0; ; hop++) {
      if (this.stopped) throw this.stopped;
      const target = parseHttp(current);
      let answer: Awaited<ReturnType<typeof request>>;
      try {
        answer = await request(target, {
          dispatcher: this.agent,
          headers: { 'user-agent': USER_AGENT, ...headers },
          headersTimeout: this.timeoutMs,
          bodyTimeout: this.timeoutMs,
        });
      } catch (error) {
        throw networkFailure(error, target, this.timeoutMs);
      }
      const { statusCode, headers: got, body } = answer;
      if (statusCode >= 300 && statusCode < 400 && got.location) {
        await body.dump();
        if (hop >= MAX_REDIRECTS) throw new SourceFailure(`more than ${MAX_REDIRECTS} redirects from ${target.host}`);
        current = new URL(String(got.location), target).href;
        continue;
      }
      if (statusCode === 429) {
        await body.dump();
        const wait = retryAfterMs(got['retry-after']);
        this.stopped = new SourceFailure(`rate limited by ${target.host} (HTTP 429): retry after ${Math.ceil(wait / 1000)} s`, wait);
        throw this.stopped;
      }
      if (statusCode < 200 || statusCode >= 300) {
        await body.dump();
        throw new SourceFailure(`HTTP ${statusCode} from ${target.host}${target.pathname}`);
      }
      return { body, headers: got, url: target };
    }
  }

  /** The answer's text, at most MAX_ANSWER_BYTES. */
  async text(url: string, headers?: Headers): Promise<string> {
    const { body, url: from } = await this.open(url, headers);
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of body) {
        size += (chunk as Buffer).length;
        if (size > MAX_ANSWER_BYTES) throw new SourceFailure(`the answer of ${from.host} is over ${MAX_ANSWER_BYTES} bytes`);
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      body.destroy();
      throw networkFailure(error, from, this.timeoutMs);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  /** The answer as JSON; bad JSON is a failure naming the host. */
  async json(url: string, headers?: Headers): Promise<unknown> {
    const text = await this.text(url, headers);
    try {
      return JSON.parse(text);
    } catch {
      throw new SourceFailure(`bad JSON from ${new URL(url).host}`);
    }
  }

  /** A request whose answer is not needed (Unsplash's download_location): dumped. */
  async ping(url: string, headers?: Headers): Promise<void> {
    const { body } = await this.open(url, headers);
    await body.dump();
  }

  /** Stream `url` into `file` (created, replaced); at most `maxBytes`, and all of Content-Length. */
  async download(url: string, file: string, maxBytes: number, headers?: Headers): Promise<void> {
    const { body, headers: got, url: from } = await this.open(url, headers);
    const declared = got['content-length'] === undefined ? undefined : Number(got['content-length']);
    if (declared !== undefined && declared > maxBytes) {
      body.destroy();
      throw new SourceFailure(`${from.href} is ${declared} bytes, over the limit of ${maxBytes}`);
    }
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(size > maxBytes ? new SourceFailure(`${from.href} is over the limit of ${maxBytes} bytes`) : null, chunk);
      },
    });
    try {
      await pipeline(body, count, createWriteStream(file));
    } catch (error) {
      await rm(file, { force: true });
      if (error instanceof SourceFailure) throw error;
      throw networkFailure(error, from, this.timeoutMs, 'truncated download');
    }
    if (declared !== undefined && size !== declared) {
      await rm(file, { force: true });
      throw new SourceFailure(`truncated download of ${from.href}: ${size} of ${declared} bytes`);
    }
  }
}

/** An http(s) URL, or a failure naming what it was. */
function parseHttp(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new SourceFailure(`not a URL: ${JSON.stringify(text.slice(0, 200))}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SourceFailure(`refused ${url.protocol} URL ${JSON.stringify(text.slice(0, 200))}: only http and https are fetched`);
  }
  return url;
}

function networkFailure(error: unknown, url: URL, timeoutMs: number, what = 'cannot reach'): SourceFailure {
  if (error instanceof SourceFailure) return error;
  if (error instanceof AddressRefused) return new SourceFailure(error.message);
  const code = (error as { code?: string }).code ?? '';
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new SourceFailure(`${url.host} timed out (no answer in ${timeoutMs / 1000} s)`);
  }
  return new SourceFailure(`${what} ${url.host}: ${(error as Error).message ?? String(error)}`);
}
