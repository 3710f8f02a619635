// The PostgreSQL index going away under a running server (a restart, a network cut): requests get
// 503 with the reason, never a 500; /healthz says it; and once the server is back, so is the
// service, without restarting `wallpaper serve`. The CLI says the same and exits 1.
import { join } from 'node:path';
import t from 'tap';
import { call } from '../http/helpers.js';
import { runCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';
import { startPostgres } from '../helpers/postgres.js';
import { startServe, until } from '../helpers/serve.js';

t.test('PostgreSQL stops and comes back under a running server', async (t) => {
  const pg = await startPostgres(t);
  if (typeof pg === 'string') return t.plan(0, `skipped: PostgreSQL cannot run here: ${pg}`);
  const database = await pg.createDatabase();
  const folder = tempDir(t);
  for (let i = 0; i < 3; i++) await writeImage(join(folder, `${i}.png`), { width: 320 + i, height: 200, color: '#406080', format: 'png' });
  const home = tempDir(t);
  const server = await startServe(t, { home, folders: [folder], flags: ['--database', database] });
  await until(async () => (await call(server.base, '/api/wallpapers')).json<{ pagination: { total: number } }>().pagination.total === 3);

  pg.stop();
  for (const path of ['/api/wallpapers?brightness=dark&page=2', '/api/wallpapers/random', '/api/tags']) {
    const reply = await call(server.base, path);
    t.equal(reply.status, 503, `${path}: 503`);
    t.match(reply.text, /^the PostgreSQL index does not answer: connect ECONNREFUSED/, `${path}: the reason`);
  }
  const health = await call(server.base, '/healthz');
  t.equal(health.status, 503);
  t.match(health.text, /PostgreSQL index does not answer/);
  const cli = await runCli(['--home', home, '--database', database, 'list']);
  t.equal(cli.code, 1);
  t.match(cli.stderr, /cannot use the database postgres:\/\/postgres@127\.0\.0\.1:\d+\/\w+: connect ECONNREFUSED/);

  pg.start();
  // Each poll on a new connection: at load 10+ a reused keep-alive socket could be one the server
  // closed as idle in the meantime ("other side closed"), a race of the client, not the server.
  await until(async () => (await call(server.base, '/healthz', { reset: true })).status === 200, 10_000);
  const list = await call(server.base, '/api/wallpapers?brightness=dark&page=3');
  t.equal(list.status, 200, 'served again without a restart');
  t.equal((await call(server.base, '/api/wallpapers')).json<{ pagination: { total: number } }>().pagination.total, 3);
  t.match(server.output().stderr, /^(?![\s\S]*internal error)/, 'nothing logged as an internal error');
});
