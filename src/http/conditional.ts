// Pure RFC 9110 rules for conditional and range requests on id-addressed images: whether a GET is
// answered 304 (If-None-Match over If-Modified-Since), whether If-Range lets a Range apply, and
// which single byte range a Range header asks for. Kept free of I/O so they are table-tested.

export interface Validators {
  /** A strong entity tag, quotes included: "abc". */
  etag: string;
  /** Modification time in milliseconds. */
  lastModifiedMs: number;
}

export interface ConditionalHeaders {
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
}

/** Entity tags of a list header, weak prefixes dropped (If-None-Match compares weakly). */
function tagsOf(header: string): string[] {
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .filter((tag) => tag !== '');
}

/** HTTP dates have one-second precision: compare whole seconds. */
const seconds = (ms: number) => Math.floor(ms / 1000);

/** RFC 9110 13.2.2: If-None-Match decides when present; otherwise If-Modified-Since (GET/HEAD). */
export function isNotModified(headers: ConditionalHeaders, validators: Validators): boolean {
  if (headers.ifNoneMatch !== undefined) {
    const tags = tagsOf(headers.ifNoneMatch);
    return tags.includes('*') || tags.includes(validators.etag);
  }
  if (headers.ifModifiedSince !== undefined) {
    const since = Date.parse(headers.ifModifiedSince);
    if (Number.isNaN(since)) return false; // an invalid date is ignored (13.1.3)
    return seconds(validators.lastModifiedMs) <= seconds(since);
  }
  return false;
}

/** RFC 9110 13.1.5: a Range applies only when If-Range (if any) still matches, strongly. */
export function ifRangeAllows(ifRange: string | undefined, validators: Validators): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === validators.etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && seconds(date) === seconds(validators.lastModifiedMs);
}

export type RangeDecision = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const RANGE_SPEC = /^(\d*)-(\d*)$/;

/**
 * The byte range a Range header asks for (RFC 9110 14.2). One range only: a header that does not
 * parse, uses another unit, or asks for several ranges is ignored and the whole file is sent, which
 * the RFC allows; a well-formed single range outside the file is unsatisfiable (416).
 */
export function decideRange(header: string | undefined, size: number): RangeDecision {
  if (header === undefined) return { kind: 'full' };
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match?.[1]) return { kind: 'full' };
  const specs = match[1]
    .split(',')
    .map((spec) => spec.trim())
    .filter((spec) => spec !== '');
  if (specs.length !== 1) return { kind: 'full' };
  const parts = RANGE_SPEC.exec(specs[0] ?? '');
  if (!parts) return { kind: 'full' };
  const [, first = '', last = ''] = parts;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    // A suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'full' }; // invalid: ignored
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: 'partial', start, end };
}
