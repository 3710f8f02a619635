// The remote client keeps only bytes that hash to the wallpaper's id: a server, proxy or cache that
// sends anything else for `/api/wallpapers/<id>/image` is refused and leaves no file behind.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { RemoteLibrary } from '../../src/core/remote/remote.js';
import type { Wallpaper } from '../../src/core/types.js';
import { imageBytes, tempDir } from '../helpers/fixtures.js';

t.test('download checks the bytes against the id', async (t) => {
  const good = await imageBytes({ width: 32, height: 24, color: '#336699' });
  const id = createHash('sha256').update(good).digest('hex').slice(0, 16);
  let body = good;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': body.length });
    res.end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  t.teardown(() => server.close());
  const remote = new RemoteLibrary(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const wallpaper = { id, url: `/api/wallpapers/${id}/image`, filename: 'x.jpg' } as Wallpaper;
  const folder = tempDir(t);

  const saved = await remote.download(wallpaper, folder);
  t.ok(readFileSync(saved).equals(good), 'the right bytes are kept');

  body = Buffer.from('root:x:0:0:root:/root:/bin/bash\n');
  await t.rejects(remote.download(wallpaper, join(folder, 'other')), /not those of wallpaper/);
  t.same(readdirSync(join(folder, 'other')), [], 'nothing kept, no temp file left');
});

t.test('randomFile picks again when the server has no file for a pick (404), and gives up when nothing matches', async (t) => {
  const good = await imageBytes({ width: 32, height: 24, color: '#663399' });
  const goodId = createHash('sha256').update(good).digest('hex').slice(0, 16);
  const awayId = '0123456789abcdef';
  const picks = [awayId, goodId];
  let served = 0;
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/api/wallpapers/random')) {
      const id = picks[Math.min(served++, picks.length - 1)]!;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ id, url: `/api/wallpapers/${id}/image`, filename: `${id}.jpg`, path: `/srv/${id}.jpg` }));
    } else if (req.url === `/api/wallpapers/${goodId}/image`) {
      res.writeHead(200, { 'Content-Type': 'image/jpeg' });
      res.end(good);
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('the file of this wallpaper changed or is gone from disk\n');
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  t.teardown(() => server.close());
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const folder = tempDir(t);
  const picked = await new RemoteLibrary(base, folder).randomFile({});
  t.equal(picked?.wallpaper.id, goodId, 'the pick whose image 404ed was passed over');
  t.ok(picked && readFileSync(picked.path).equals(good));
  const printed = await new RemoteLibrary(base).randomFile({});
  t.equal(printed?.path, `/srv/${goodId}.jpg`, 'without a downloads folder: the server path, nothing fetched');
});
