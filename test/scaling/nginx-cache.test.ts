// The shipped nginx config (contrib/nginx/wallpaper-cache.conf, docs/scaling.md) in front of two real
// `serve` replicas sharing one index: {id} images, thumbnails and variants are cached by nginx;
// random picks, lists and uploads always reach a replica, and an upload through nginx is listed by
// both replicas. Skipped, with the reason, where Debian's nginx is not installed.
import { join } from 'node:path';
import t from 'tap';
import { hasNginx, startNginx } from '../../bench/figures/cdn.js';
import type { ListResponse } from '../../src/core/types.js';
import { tempDir, uploadImage, writeImage } from '../helpers/fixtures.js';
import { startServe } from '../helpers/serve.js';
import { call, header } from '../http/helpers.js';

if (!hasNginx()) t.plan(0, 'nginx is not installed (Debian: apt-get install nginx-light): the cache config is not tried');
else {
  t.test('nginx caches immutable {id} URLs of two replicas and never random picks', async (t) => {
    const home = tempDir(t);
    const folder = tempDir(t);
    await writeImage(join(folder, 'a.jpg'), { width: 1920, height: 1080, color: '#203040' });
    await writeImage(join(folder, 'b.png'), { width: 1080, height: 1920, color: '#d0c0a0', format: 'png' });
    const one = await startServe(t, { home, folders: [folder] });
    const two = await startServe(t, { home });
    const nginx: { base: string; stop(): Promise<void> } = await startNginx(join(tempDir(t), 'nginx'), [one, two]);
    t.teardown(() => nginx.stop());

    const { wallpapers } = (await call(nginx.base, '/api/wallpapers')).json<ListResponse>();
    t.equal(wallpapers.length, 2);
    const id = wallpapers[0]!.id;
    for (const path of [`/api/wallpapers/${id}/image`, `/api/wallpapers/${id}/thumbnail`, `/api/wallpapers/${id}/image?w=640&h=360`]) {
      const first = await call(nginx.base, path);
      const again = await call(nginx.base, path);
      t.equal(first.status, 200, path);
      t.equal(header(first, 'x-cache-status'), 'MISS', `${path}: the first from a replica`);
      t.equal(header(again, 'x-cache-status'), 'HIT', `${path}: then from the cache`);
      t.same(again.body, first.body, `${path}: the same bytes`);
    }
    const ranged = await call(nginx.base, `/api/wallpapers/${id}/image`, { headers: { range: 'bytes=0-9' } });
    t.equal(ranged.status, 206, 'a range is cut from the cached copy');
    t.equal(ranged.body.length, 10);

    for (const path of ['/api/wallpapers/random', '/api/wallpapers/random/image', '/api/wallpapers']) {
      const reply = await call(nginx.base, path);
      t.equal(reply.status, 200, path);
      t.equal(header(reply, 'x-cache-status'), undefined, `${path}: never cached`);
    }

    const uploaded = await uploadImage(nginx.base, 'new.jpg', { width: 800, height: 600, color: '#ff8800', format: 'jpeg' });
    t.equal(uploaded.status, 201, 'an upload passes through nginx');
    for (const replica of [one, two]) {
      t.equal((await call(replica.base, '/api/wallpapers')).json<ListResponse>().pagination.total, 3, `listed by ${replica.base}`);
    }
  });
}
