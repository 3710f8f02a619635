// The remote client keeps only bytes that hash to the wallpaper's id: a server, proxy or cache that
// sends anything else for `/api/wallpapers/<id>/image` is refused and leaves no file behind.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { RemoteLibrary } from '../../src/core/remote.js';
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
