// Busboy's errors are recognised by their message text (http/errors.ts): drive the real busboy with
// real malformed bodies and check that every error it throws or emits maps to a 400, so an upgrade
// that rewords a message fails here instead of turning a client's 400 into a 500.
import busboy from 'busboy';
import t from 'tap';
import { mapError } from '../../src/http/errors.js';

const BOUNDARY = 'b0undary';
const TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const part = (head: string, data = 'xxxx') => `--${BOUNDARY}\r\n${head}\r\n\r\n${data}\r\n`;
const good = part('Content-Disposition: form-data; name="f"; filename="a.jpg"');

/** The first error busboy throws (at construction) or emits (while parsing `body`), or undefined. */
function busboyError(headers: Record<string, string>, body: string): Promise<Error | undefined> {
  return new Promise((done) => {
    let settled = false;
    const resolve = (error: Error | undefined) => {
      if (!settled) done(error);
      settled = true;
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers });
    } catch (error) {
      return resolve(error as Error);
    }
    // A file stream cut short errors too, with the same message: both are what the route sees.
    parser.on('file', (_name, stream) => stream.on('error', resolve).resume());
    parser.on('error', resolve);
    parser.on('close', () => resolve(undefined));
    parser.end(Buffer.from(body, 'latin1'));
  });
}

const cases: [string, Record<string, string>, string][] = [
  ['no content type', {}, good],
  ['not multipart', { 'content-type': 'text/plain' }, good],
  ['a malformed content type', { 'content-type': 'multipart/form-data; ;;=' }, good],
  ['no boundary parameter', { 'content-type': 'multipart/form-data' }, good],
  ['a body cut inside a part', { 'content-type': TYPE }, good.slice(0, good.length - 6)],
  ['a body cut inside the part headers', { 'content-type': TYPE }, `--${BOUNDARY}\r\nContent-Disposition: form-da`],
  ['a boundary that never appears', { 'content-type': 'multipart/form-data; boundary=nope' }, good],
  ['no closing boundary', { 'content-type': TYPE }, good],
  ['part headers too large', { 'content-type': TYPE }, `--${BOUNDARY}\r\nX: ${'a'.repeat(100_000)}\r\n\r\nx\r\n--${BOUNDARY}--\r\n`],
];

for (const [name, headers, body] of cases) {
  t.test(name, async (t) => {
    const error = await busboyError(headers, body);
    t.ok(error, 'busboy refuses it');
    const mapped = mapError(error);
    t.equal(mapped.status, 400, `busboy's "${error?.message}" maps to 400`);
    t.equal(mapped.unexpected, false, 'not logged as a server fault');
  });
}
