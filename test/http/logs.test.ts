// The server's log (part 3): ISO timestamps and a level, JSON lines for collectors, the
// opt-in access log, and never a token, neither from the Authorization header nor from a query.
import { join } from 'node:path';
import t from 'tap';
import { createLogger, loggedPath } from '../../src/http/logger.js';
import { runCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';
import { startServe } from '../helpers/serve.js';
import { call, eventually } from './helpers.js';

const NOON = Date.parse('2026-11-24T12:00:00.000Z');

t.test('text and JSON lines with a timestamp and a level', async (t) => {
  const lines: string[] = [];
  const text = createLogger({ format: 'text', write: (line) => lines.push(line), now: () => NOON });
  text.info('listening on http://127.0.0.1:8519');
  text.error('unexpected error: boom', new Error('boom'));
  text.access({ method: 'GET', path: '/api/wallpapers', status: 200, bytes: 1234, ms: 2.5 });
  t.equal(lines[0], '2026-11-24T12:00:00.000Z INFO listening on http://127.0.0.1:8519\n');
  t.match(lines[1], /^2026-11-24T12:00:00\.000Z ERROR unexpected error: boom\nError: boom\n {4}at /, 'the stack after the line');
  t.equal(lines[2], '2026-11-24T12:00:00.000Z INFO GET /api/wallpapers 200 1234 2.5ms\n');

  lines.length = 0;
  const json = createLogger({ format: 'json', write: (line) => lines.push(line), now: () => NOON });
  json.info('scan done');
  json.error('unexpected error: boom', new Error('boom'));
  json.access({ method: 'HEAD', path: '/healthz', status: 200, bytes: 0, ms: 0.3 });
  const parsed = lines.map((line) => {
    t.ok(line.endsWith('\n') && !line.slice(0, -1).includes('\n'), 'one line each');
    return JSON.parse(line) as Record<string, unknown>;
  });
  t.same(parsed[0], { time: '2026-11-24T12:00:00.000Z', level: 'info', msg: 'scan done' });
  t.match(parsed[1], { level: 'error', msg: 'unexpected error: boom', stack: /^Error: boom\n/ });
  t.same(parsed[2], {
    time: '2026-11-24T12:00:00.000Z',
    level: 'info',
    msg: 'request',
    method: 'HEAD',
    path: '/healthz',
    status: 200,
    bytes: 0,
    ms: 0.3,
  });
});

t.test('logged paths: secrets in the query redacted, control characters escaped', async (t) => {
  const cases: [string, string][] = [
    ['/api/wallpapers?brightness=dark&page=2', '/api/wallpapers?brightness=dark&page=2'],
    ['/api/feed.rss?token=s3cret&limit=5', '/api/feed.rss?token=REDACTED&limit=5'],
    ['/x?access_token=a&API_KEY=b&tok=c', '/x?access_token=REDACTED&API_KEY=REDACTED&tok=c'],
    ['/x?%74oken=a', '/x?%74oken=REDACTED'],
    ['/a\r\nINFO forged', '/a\\x0d\\x0aINFO forged'],
  ];
  for (const [url, logged] of cases) t.equal(loggedPath(url), logged, url);
});

t.test('serve --log-format json --access-log: every line JSON, a line per request, no token anywhere', async (t) => {
  const home = tempDir(t);
  const folder = tempDir(t);
  await writeImage(join(folder, 'one.jpg'), { width: 64, height: 40, color: '#445566' });
  const token = 'TOKEN-that-must-not-be-logged';
  const server = await startServe(t, { home, folders: [folder], flags: ['--log-format', 'json', '--access-log', '--token', token] });
  await eventually(() => server.output().stderr.includes('scan (start-up)'), 20_000);
  await call(server.base, '/api/wallpapers?brightness=any');
  await call(server.base, `/api/status?token=${token}`);
  const refused = await call(server.base, '/api/refresh', { method: 'POST', headers: { authorization: 'Bearer wrong-secret-too' } });
  t.equal(refused.status, 401);
  await call(server.base, '/api/refresh', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  await eventually(
    () =>
      server
        .output()
        .stderr.split('\n')
        .filter((line) => line.includes('"request"')).length >= 4,
  );
  t.equal(await server.stop(), 0);

  const { stderr } = server.output();
  const lines = stderr.trim().split('\n');
  const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  for (const entry of entries) t.match(entry, { time: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/, level: /^(info|error)$/ });
  const requests = entries.filter((entry) => entry.msg === 'request');
  t.match(requests[0], { method: 'GET', path: '/api/wallpapers?brightness=any', status: 200, bytes: Number, ms: Number });
  t.ok((requests[0]!.bytes as number) > 100, 'bytes of the body');
  t.match(requests[1], { path: '/api/status?token=REDACTED' });
  t.match(requests[2], { method: 'POST', path: '/api/refresh', status: 401 });
  t.match(requests[3], { method: 'POST', path: '/api/refresh', status: 200 });
  t.ok(
    entries.some((entry) => /^listening on http/.test(String(entry.msg))),
    'the listening line',
  );
  t.ok(
    entries.some((entry) => entry.msg === 'stopping on SIGTERM'),
    'the stop',
  );
  t.notMatch(stderr, token, 'never the token');
  t.notMatch(stderr, 'wrong-secret-too', 'never an Authorization header');
  t.notMatch(stderr, /authorization/i);
});

t.test('serve without --access-log logs no requests; text lines start with a timestamp', async (t) => {
  const home = tempDir(t);
  const server = await startServe(t, { home });
  await call(server.base, '/api/wallpapers');
  t.equal(await server.stop(), 0);
  const lines = server.output().stderr.trim().split('\n');
  for (const line of lines) t.match(line, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (INFO|ERROR) /, line);
  t.notMatch(server.output().stderr, '/api/wallpapers', 'no access lines unless asked');
});

t.test('an unknown --log-format is a usage error naming the flag', async (t) => {
  const result = await runCli(['--home', tempDir(t), 'serve', '--port', '0', '--log-format', 'xml']);
  t.equal(result.code, 2);
  t.match(
    result.stderr,
    /^wallpaper: option '--log-format <format>' argument 'xml' is invalid\. Allowed choices are text, json; see wallpaper serve --help$/m,
  );
});
