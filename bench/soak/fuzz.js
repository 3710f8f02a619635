// Query fuzzing shared by test/reliability/fuzz.test.ts and the soak: seeded generators of hostile
// query strings and id segments, and a runner that sends them to every GET endpoint over a
// keep-alive undici Pool and checks each answer: never a 5xx, every error plain text on one line
// without a stack trace or a server path, `nosniff` on everything.
import { Pool } from 'undici';
import { seeded } from './random.js';

const FILTER_KEYS = [
  'brightness',
  'aspect_ratio',
  'orientation',
  'dominant_hue',
  'format',
  'min_width',
  'min_height',
  'max_width',
  'max_height',
  'page',
  'limit',
];
const ODD_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  'brightness[]',
  'page[0]',
  'limit[]',
  'a.b',
  'BRIGHTNESS',
  'Page',
  'x'.repeat(300),
  '\u{1f600}',
  'id',
  'callback',
  '\0',
  '%',
];

const GOOD_VALUES = [
  '',
  'any',
  'ANY',
  ' Any ',
  'dark',
  'light',
  'medium',
  'Dark',
  'DARK',
  '16:9',
  '4:3',
  'ultrawide',
  'square',
  'portrait',
  'custom',
  'landscape',
  'red',
  'green',
  'blue',
  'warm',
  'cool',
  'neutral',
  'jpg',
  'JPEG',
  'png',
  'webp',
  '0',
  '1',
  '2',
  '50',
  '199',
  '200',
  '201',
  '1000',
  '1920',
];
const WRONG_VALUES = [
  'abc',
  'gif',
  'svg',
  '-5',
  '-0',
  '1.5',
  '1e3',
  '0x10',
  '0b1',
  '0o7',
  'NaN',
  'Infinity',
  '-Infinity',
  'true',
  'false',
  'null',
  'undefined',
  '[]',
  '{}',
  '[1]',
  '1,2',
  ' 1',
  '1 ',
  '+1',
  '01',
  '\u0663',
  '\uff11',
  '1_000',
  '1/2',
  '--1',
  '1-',
  '\t',
  '\n',
  '\r\n',
  'dark\0',
  '16%3A9',
  "' OR 1=1 --",
  '"; DROP TABLE wallpapers; --',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as literal text
  '${7*7}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'C:\\Windows',
];
const HUGE_VALUES = [
  '9007199254740991',
  '9007199254740992',
  '9007199254740993',
  '18446744073709551616',
  '99999999999999999999',
  `1${'0'.repeat(400)}`,
  `-${'9'.repeat(30)}`,
  '1e309',
  '4294967296',
  '2147483648',
];
const UNICODE_VALUES = [
  '\u00e9',
  '\u{1f600}',
  '\u202edark',
  'a\u0301',
  '\ud800',
  '\udfff',
  '\ufeffdark',
  '\u0000',
  '\u{10ffff}',
  '\u0130',
  'dar\u212a',
  '\u00df',
];
/** Already percent-encoded (or deliberately broken) forms, sent as they are. */
const RAW_FORMS = [
  '%00',
  '%',
  '%%',
  '%G1',
  '%1',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '%FF%FE',
  '%2e%2e%2f',
  '%252e%252e%252f',
  '+',
  '%20',
  '%26',
  '%3D',
  ';',
  '%0d%0aSet-Cookie:%20x=1',
  '%u0041',
  '&',
  '=',
  '==',
];

/** Percent-encode the UTF-8 bytes of any string (lone surrogates become U+FFFD, never a throw). */
export function encode(text) {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9_.~-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function value(rng) {
  const kind = rng.int(100);
  if (kind < 30) return encode(rng.pick(GOOD_VALUES));
  if (kind < 55) return encode(rng.pick(WRONG_VALUES));
  if (kind < 65) return encode(rng.pick(HUGE_VALUES));
  if (kind < 75) return encode(rng.pick(UNICODE_VALUES));
  if (kind < 90) return rng.pick(RAW_FORMS);
  if (kind < 97) return encode(rng.pick(GOOD_VALUES)) + rng.pick(RAW_FORMS);
  // Very long values: up to a few kilobytes, under Node's 16 KiB header limit.
  return encode(rng.pick(['a', '9', '\u00e9', '%', 'dark'])).repeat(rng.between(100, 2000));
}

/** Request lines stay under Node's 16 KiB header limit: a longer one is refused with 431 and the
 * connection closed while the client may still be writing, which a client sees as a reset. The
 * tests send such requests separately, on their own socket. */
const MAX_QUERY_LENGTH = 14_000;

/** One generated query string (without the leading `?`). */
export function queryString(rng) {
  const params = [];
  const n = rng.between(0, 6);
  for (let i = 0; i < n; i++) {
    const key = rng.chance(0.75) ? rng.pick(FILTER_KEYS) : encode(rng.pick(ODD_KEYS));
    const form = rng.int(20);
    if (form === 0)
      params.push(key); // no `=`
    else if (form === 1)
      params.push(`${key}=${value(rng)}`, `${key}=${value(rng)}`); // repeated key
    else if (form === 2) params.push(`${key}=`);
    else if (form === 3)
      params.push(''); // `&&`
    else params.push(`${key}=${value(rng)}`);
  }
  while (params.join('&').length > MAX_QUERY_LENGTH) params.pop();
  return params.join('&');
}

const ID_FORMS = [
  '0123456789ABCDEF',
  '0123456789abcde',
  '0123456789abcdef0',
  'zzzzzzzzzzzzzzzz',
  '..',
  '.',
  '%2e%2e',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%252e%252e%252fetc%252fpasswd',
  '..%5c..%5cwindows',
  '%00',
  '0123456789abcdef%00',
  '0123456789abcde%00',
  'random%2Fimage',
  '%C0%AE%C0%AE',
  '\u{1f600}',
  `${'a'.repeat(4000)}`,
  '%',
  '%zz',
  '0123456789abcdef.jpg',
  ' 0123456789abcdef',
  'undefined',
  'null',
];

/** A hostile id segment (encoded as the client would send it). */
export function idSegment(rng) {
  const form = rng.pick(ID_FORMS);
  return /^[\x21-\x7e]*$/.test(form) ? form : encode(form);
}

/** The GET endpoints of the spec and the gallery; id paths for `ids` and for hostile segments. */
export function fuzzPath(rng, ids) {
  const query = rng.chance(0.9) ? `?${queryString(rng)}` : '';
  const id = ids.length > 0 && rng.chance(0.5) ? rng.pick(ids) : idSegment(rng);
  const path = rng.pick([
    '/api/wallpapers',
    '/api/wallpapers',
    '/api/wallpapers',
    '/api/wallpapers/random',
    '/api/wallpapers/random/image',
    '/api/wallpapers/random/thumbnail',
    '/api/settings',
    '/',
    '/index.html',
    `/api/wallpapers/${id}`,
    `/api/wallpapers/${id}/image`,
    `/api/wallpapers/${id}/thumbnail`,
  ]);
  return path + query;
}

/** Why an answer is wrong, or undefined when it is right. `forbidden`: strings no error may show.
 * An answer to HEAD has no body, by definition: only its headers are checked. */
export function checkReply(status, headers, body, forbidden = [], { head = false } = {}) {
  if (status >= 500) return `status ${status}`;
  if (headers['x-content-type-options'] !== 'nosniff') return `no nosniff on ${status}`;
  if (status < 400) return undefined;
  if (headers['content-type'] !== 'text/plain; charset=utf-8') return `${status} with Content-Type ${headers['content-type']}`;
  if (head) return body.length === 0 ? undefined : `${status} answer to HEAD has a body`;
  const text = body.toString('utf8');
  if (!/^[^\n]*\n$/.test(text)) return `${status} body is not one line: ${JSON.stringify(text.slice(0, 200))}`;
  if (/\bat .*:\d+:\d+|node:internal|node_modules|Error: /.test(text))
    return `${status} body looks like a stack trace: ${text.slice(0, 200)}`;
  for (const secret of forbidden) if (secret && text.includes(secret)) return `${status} body shows ${secret}`;
  return undefined;
}

/**
 * @typedef {object} FuzzStats
 * @property {number} requests
 * @property {Record<string, number>} statuses  answers by status code
 * @property {{ path: string, problem: string }[]} problems
 * @property {number} seed
 * @property {number} ms
 */

/**
 * Send `count` generated GET requests (seeded) over `connections` keep-alive connections.
 * @param {{ base: string, count: number, seed: number, ids?: readonly string[], connections?: number, forbidden?: readonly string[], deadlineMs?: number }} options
 * @returns {Promise<FuzzStats>}
 */
export async function fuzzQueries({ base, count, seed, ids = [], connections = 8, forbidden = [], deadlineMs = 120_000 }) {
  const rng = seeded(seed);
  const paths = Array.from({ length: count }, () => fuzzPath(rng, ids));
  const pool = new Pool(base, { connections, headersTimeout: 15_000, bodyTimeout: 15_000 });
  /** @type {FuzzStats} */
  const stats = { requests: 0, statuses: {}, problems: [], seed, ms: 0 };
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < paths.length && Date.now() - started < deadlineMs) {
      const path = paths[next++];
      try {
        const reply = await pool.request({ path, method: 'GET' });
        const body = Buffer.from(await reply.body.arrayBuffer());
        stats.statuses[reply.statusCode] = (stats.statuses[reply.statusCode] ?? 0) + 1;
        const problem = checkReply(reply.statusCode, reply.headers, body, forbidden);
        if (problem) stats.problems.push({ path: path.slice(0, 300), problem });
      } catch (error) {
        stats.problems.push({ path: path.slice(0, 300), problem: `request failed: ${error.code ?? ''} ${error.message}` });
      }
      stats.requests++;
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, worker));
  } finally {
    await pool.close();
  }
  stats.ms = Date.now() - started;
  return stats;
}
