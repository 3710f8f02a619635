// The rescan diff is pure: tested with literal maps.
import t from 'tap';
import { diffFiles, type FileState } from '../../src/core/library/diff.js';

const state = (size: number, mtimeMs: number): FileState => ({ size, mtimeMs });

t.test('added, changed, removed and unchanged', async (t) => {
  const stored = new Map([
    ['/a/same.jpg', state(10, 1000)],
    ['/a/grown.jpg', state(10, 1000)],
    ['/a/touched.jpg', state(10, 1000)],
    ['/a/gone.jpg', state(10, 1000)],
  ]);
  const walked = new Map([
    ['/a/same.jpg', state(10, 1000.7)], // sub-millisecond noise is not a change
    ['/a/grown.jpg', state(11, 1000)],
    ['/a/touched.jpg', state(10, 2000)],
    ['/a/new.jpg', state(5, 3000)],
  ]);
  t.same(diffFiles(stored, walked), {
    added: ['/a/new.jpg'],
    changed: ['/a/grown.jpg', '/a/touched.jpg'],
    removed: ['/a/gone.jpg'],
    unchanged: ['/a/same.jpg'],
    away: [],
  });
});

t.test('files under an unreachable folder are kept, not removed', async (t) => {
  const stored = new Map([
    ['/mnt/disk/a.jpg', state(1, 1)],
    ['/mnt/disk2/b.jpg', state(1, 1)],
    ['/home/c.jpg', state(1, 1)],
  ]);
  const result = diffFiles(stored, new Map(), ['/mnt/disk']);
  t.same(result.unchanged, ['/mnt/disk/a.jpg']);
  t.same(result.away, ['/mnt/disk/a.jpg'], 'kept, and known to be away');
  t.same(result.removed, ['/home/c.jpg', '/mnt/disk2/b.jpg']); // a sibling with a common prefix is not kept
});

t.test('empty inputs', async (t) => {
  t.same(diffFiles(new Map(), new Map()), { added: [], changed: [], removed: [], unchanged: [], away: [] });
});

t.test('a file replaced by a link (or a link by a file) is read again, even with the same size and mtime', async (t) => {
  const stored = new Map([
    ['/a/x.jpg', state(10, 1000)],
    ['/a/y.jpg', { size: 10, mtimeMs: 1000, link: true }],
  ]);
  const walked = new Map([
    ['/a/x.jpg', { size: 10, mtimeMs: 1000, link: true }],
    ['/a/y.jpg', state(10, 1000)],
  ]);
  t.same(diffFiles(stored, walked).changed, ['/a/x.jpg', '/a/y.jpg']);
  t.same(diffFiles(walked, walked).unchanged, ['/a/x.jpg', '/a/y.jpg']);
});
