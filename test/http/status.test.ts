// GET /api/status (docs/design.md#beyond-the-specification): whether a scan runs and how far it is, the number of wallpapers,
// and a version that changes whenever the index does: what a gallery polls while the library fills.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { imageBytes } from '../helpers/fixtures.js';
import { call, header, startFixture } from './helpers.js';

interface Status {
  scanning: boolean;
  progress: { to_read: number; read: number; failed: number } | null;
  total: number;
  version: string;
  lan: { urls: string[]; loopback_only: boolean };
}

t.test('status: idle, scanning with progress, a new version after a change', async (t) => {
  const f = await startFixture(t);
  const idle = await call(f.base, '/api/status');
  t.equal(idle.status, 200);
  t.equal(header(idle, 'cache-control'), 'no-store');
  t.equal(header(idle, 'access-control-allow-origin'), '*', 'a read, open to every client');
  const before = idle.json<Status>();
  t.same(Object.keys(before), ['scanning', 'progress', 'total', 'version', 'lan', 'set_targets']);
  t.same(before.lan, { urls: [], loopback_only: true }, 'on loopback only, no address for other devices');
  t.match(before, { scanning: false, progress: null, total: 6 });
  t.type(before.version, 'string');

  for (let i = 0; i < 30; i++)
    writeFileSync(
      join(f.folder, `new-${i}.png`),
      await imageBytes({ width: 1600, height: 900, color: `#${(i * 8).toString(16).padStart(2, '0')}4080`, format: 'png' }),
    );
  const scan = f.library.scan();
  const during = (await call(f.base, '/api/status')).json<Status>();
  t.equal(during.scanning, true, 'a running scan is reported');
  t.ok(during.progress && during.progress.read <= during.progress.to_read, `progress while scanning: ${JSON.stringify(during.progress)}`);
  t.same(Object.keys(during.progress ?? {}), ['to_read', 'read', 'failed']);
  await scan;
  const after = (await call(f.base, '/api/status')).json<Status>();
  t.match(after, { scanning: false, progress: null, total: 36 });
  t.not(after.version, before.version, 'the version moved with the index');
  t.equal((await call(f.base, '/api/status')).json<Status>().version, after.version, 'and holds while nothing changes');
  t.equal((await call(f.base, '/api/status', { method: 'POST' })).status, 405);
});
