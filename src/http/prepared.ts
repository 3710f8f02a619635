// What a file's answers are made of, prepared once per file state: the caching policy of a route
// (immutable by id, no-store for random), the file's facts (type, name, strong ETag) and, per size
// and mtime, the header lists of its 200, 304 and 206 answers, sent with one writeHead(array):
// building them per request with setHeader was a visible share of a cached thumbnail's cost.
import type { Validators } from './conditional.js';
import { API_READ_HEADERS } from './json.js';

const ASCII_SAFE = /^[\x20-\x7e]*$/;

/** `inline; filename="..."`, plus RFC 8187 `filename*` when the name is not plain ASCII. */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (ASCII_SAFE.test(filename) && !/["\\]/.test(filename)) return `inline; filename="${filename}"`;
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export interface FilePolicy {
  cacheControl: string;
  /** Strong ETag and Last-Modified, hence 304 and If-Range, for content-addressed URLs. Off for
   * the random endpoints, whose URL names no particular file. */
  validators: boolean;
  /** Honour Range requests (off for random: a second request would pick another image). */
  ranges: boolean;
}

/** What a file's answers are made of, besides its size and mtime (read from the open file). */
export interface FileFacts {
  path: string;
  contentType: string;
  filename: string;
  /** The strong entity tag (quotes included), used when the policy has validators. */
  etag: string;
}

/** The answers of one file state (size, mtime) under one policy, headers ready to send. */
export class PreparedFile {
  readonly validators: Validators | undefined;
  /** Headers of a full 200 answer and of a 304. */
  readonly full: readonly string[];
  readonly notModified: readonly string[];
  private readonly common: readonly string[];

  constructor(
    readonly facts: FileFacts,
    readonly policy: FilePolicy,
    readonly size: number,
    readonly mtimeMs: number,
  ) {
    this.validators = policy.validators ? { etag: facts.etag, lastModifiedMs: mtimeMs } : undefined;
    const validatorHeaders = this.validators ? ['ETag', facts.etag, 'Last-Modified', new Date(mtimeMs).toUTCString()] : [];
    this.notModified = [...API_READ_HEADERS, 'Cache-Control', policy.cacheControl, ...validatorHeaders];
    this.common = [
      ...this.notModified,
      ...(policy.ranges ? ['Accept-Ranges', 'bytes'] : []),
      'Content-Type',
      facts.contentType,
      'Content-Disposition',
      contentDisposition(facts.filename),
      // An SVG opened by its URL is a document of this origin: sandboxed, a script in it never runs
      // here (docs/design.md#every-format; nosniff is among the API headers).
      ...(facts.contentType === 'image/svg+xml' ? ['Content-Security-Policy', 'sandbox'] : []),
    ];
    this.full = [...this.common, 'Content-Length', String(size)];
  }

  matches(size: number, mtimeMs: number): boolean {
    return size === this.size && mtimeMs === this.mtimeMs;
  }

  /** Headers of a 206 answer for bytes start..end. */
  partial(start: number, end: number): string[] {
    return [...this.common, 'Content-Range', `bytes ${start}-${end}/${this.size}`, 'Content-Length', String(end - start + 1)];
  }
}

/** Prepared answers of one file, kept by the caller (the file table) across requests. */
export interface FileSlot {
  facts: FileFacts;
  prepared: PreparedFile[];
}

/** The prepared answers of `slot` for this policy and file state, made once and then reused. */
export function preparedOf(slot: FileSlot, policy: FilePolicy, size: number, mtimeMs: number): PreparedFile {
  for (const p of slot.prepared) if (p.policy === policy && p.matches(size, mtimeMs)) return p;
  const made = new PreparedFile(slot.facts, policy, size, mtimeMs);
  // Another file state replaces the old answers of that policy: the file changed on disk.
  slot.prepared = [...slot.prepared.filter((p) => p.policy !== policy), made];
  return made;
}
