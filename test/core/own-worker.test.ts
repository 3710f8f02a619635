// Which file a room's worker thread starts from: the .js beside built code; from the sources, the
// built twin in dist/ when it is at least as new as the .ts (no TypeScript loader per thread), else
// the .ts under the process's own flags.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import t from 'tap';
import { ownWorker } from '../../src/core/common/worker.js';

const root = mkdtempSync(join(tmpdir(), 'wallpaper-own-worker-'));
t.teardown(() => rmSync(root, { recursive: true, force: true }));
const roots = { sources: pathToFileURL(join(root, 'src/')), built: pathToFileURL(join(root, 'dist/')) };
const put = (path: string, secondsAgo: number) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), '// a worker\n');
  const when = Date.now() / 1000 - secondsAgo;
  utimesSync(join(root, path), when, when);
};
const url = (path: string) => pathToFileURL(join(root, path)).href;

put('src/room/a/worker.ts', 100);
put('dist/room/a/worker.js', 50); // built after the source
put('src/room/b/worker.ts', 50);
put('dist/room/b/worker.js', 100); // the source changed since the build
put('src/room/c/worker.ts', 50); // never built
put('dist/room/d/worker.js', 50); // built code only

const cases: [string, string, string, string[] | undefined][] = [
  ['from the sources, the fresh built twin, without the loader', 'src/room/a/main.ts', 'dist/room/a/worker.js', []],
  ['from the sources, a stale twin is not used: the .ts with the process flags', 'src/room/b/main.ts', 'src/room/b/worker.ts', undefined],
  ['from the sources, no twin: the .ts with the process flags', 'src/room/c/main.ts', 'src/room/c/worker.ts', undefined],
  ['from built code: the .js beside it, without flags', 'dist/room/d/main.js', 'dist/room/d/worker.js', []],
];
for (const [title, from, file, execArgv] of cases) {
  t.test(title, async (t) => {
    const worker = ownWorker(url(from), 'worker', roots);
    t.equal(worker.file.href, url(file));
    t.same(worker.execArgv, execArgv);
  });
}

t.test('the real PostgreSQL bridge worker, after `npm run build`: its dist/ twin', async (t) => {
  const bridge = new URL('../../src/core/store/postgres/bridge.ts', import.meta.url).href;
  const worker = ownWorker(bridge, 'bridge-worker');
  t.match(worker.file.pathname, /\/dist\/core\/store\/postgres\/bridge-worker\.js$/);
  t.same(worker.execArgv, []);
});
