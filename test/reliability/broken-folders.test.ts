// Broken folders: a folder of 1,000 image names of which 10% are corrupt, truncated,
// zero-byte, of the wrong type or unreadable (dangling links and link loops: tests run as root, so
// permissions cannot make a file unreadable), plus FIFOs named like images, which must never be
// opened (reading one blocks). Proves every good image is indexed, every bad one is reported with
// its path, and the scan finishes. Nothing is timed: the scan's end is the proof it never blocked,
// and no FIFO has a reader left afterwards.
import { execFileSync } from 'node:child_process';
import { chmodSync, constants, lstatSync, mkdirSync, openSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import { junk } from '../../bench/soak/images.js';
import { contentId } from '../../src/core/analysis/analyze.js';
import { openLibrary } from '../../src/core/library/facade.js';
import { tempDir } from '../helpers/fixtures.js';

/** 1,000 names, 10% of them bad, as the issue asks. */
const GOOD = 900;
const BAD = { corrupt: 30, truncated: 25, empty: 20, wrongType: 10, dangling: 10, loop: 5 } as const;
/** Tiny images: 1,000 of them decode in seconds on two cores. */
const SIDE = 16;

const tiny = (n: number, format: 'png' | 'jpeg' | 'webp') => {
  const background = { r: n % 256, g: Math.floor(n / 256) * 40, b: (n * 7) % 256 };
  const image = sharp({ create: { width: SIDE, height: SIDE - 4, channels: 3, background } });
  return format === 'png'
    ? image.png().toBuffer()
    : format === 'jpeg'
      ? image.jpeg({ quality: 90 }).toBuffer()
      : image.webp({ lossless: true }).toBuffer();
};

t.test('1,000 files, 10% broken: every good one indexed, every bad one reported', async (t) => {
  const home = tempDir(t, 'wallpaper-broken-home-');
  const folder = tempDir(t, 'wallpaper-broken-images-');
  const goodIds = new Set<string>();
  const bad: string[] = [];
  const formats = ['png', 'jpeg', 'webp'] as const;
  for (let n = 0; n < GOOD; n++) {
    const format = formats[n % 3]!;
    const bytes = await tiny(n, format);
    const sub = join(folder, `set-${n % 10}`); // a few subfolders, as real libraries have
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `good-${n}.${format === 'jpeg' ? 'jpg' : format}`), bytes);
    goodIds.add(contentId(bytes));
  }
  const addBad = (name: string, write: (path: string) => void) => {
    const path = join(folder, name);
    write(path);
    bad.push(path);
  };
  for (let i = 0; i < BAD.corrupt; i++) addBad(`corrupt-${i}.jpg`, (p) => writeFileSync(p, junk(2000 + i, i + 1)));
  for (let i = 0; i < BAD.truncated; i++) {
    const bytes = await tiny(5000 + i, i % 2 ? 'png' : 'jpeg');
    addBad(`truncated-${i}.${i % 2 ? 'png' : 'jpg'}`, (p) => writeFileSync(p, bytes.subarray(0, Math.floor(bytes.length * 0.6))));
  }
  for (let i = 0; i < BAD.empty; i++) addBad(`empty-${i}.webp`, (p) => writeFileSync(p, ''));
  for (let i = 0; i < BAD.wrongType; i++) {
    const bytes = await tiny(6000 + i, 'png');
    addBad(`png-named-${i}.jpg`, (p) => writeFileSync(p, bytes));
  }
  for (let i = 0; i < BAD.dangling; i++) addBad(`dangling-${i}.jpg`, (p) => symlinkSync(join(folder, 'no-such-file.jpg'), p));
  // Without root, permissions make a file unreadable too (root reads through mode 000).
  if (process.getuid?.() !== 0) {
    for (let i = 0; i < 5; i++) {
      addBad(`no-access-${i}.jpg`, (p) => {
        writeFileSync(p, junk(100, 99));
        chmodSync(p, 0o000);
      });
      bad.splice(bad.indexOf(join(folder, `dangling-${BAD.dangling - 1 - i}.jpg`)), 1);
      rmSync(join(folder, `dangling-${BAD.dangling - 1 - i}.jpg`));
    }
  }
  for (let i = 0; i < BAD.loop; i++) addBad(`loop-${i}.png`, (p) => symlinkSync(p, p));
  t.equal(GOOD + bad.length, 1000, '1,000 image names');

  // Not images at all, and never to be opened: FIFOs named like images, and links to them.
  for (let i = 0; i < 3; i++) {
    execFileSync('mkfifo', [join(folder, `fifo-${i}.jpg`)]);
    symlinkSync(join(folder, `fifo-${i}.jpg`), join(folder, `link-to-fifo-${i}.png`));
  }

  const library = openLibrary({ home });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [folder] });
  // A scan that opened a FIFO would block forever (tap's limit ends it): its ending is the proof,
  // and a writer's non-blocking open finding no reader shows nothing is left waiting on one.
  const summary = await library.scan();
  for (let i = 0; i < 3; i++) {
    t.throws(
      () => openSync(join(folder, `fifo-${i}.jpg`), constants.O_WRONLY | constants.O_NONBLOCK),
      { code: 'ENXIO' },
      `fifo-${i}.jpg: no reader left on it`,
    );
  }

  t.equal(summary.total, goodIds.size, 'every good image indexed');
  const indexed = new Set(library.list({}, { page: 1, limit: 200 }).wallpapers.map((w) => w.id));
  for (let page = 2; indexed.size < summary.total && page <= 10; page++) {
    for (const w of library.list({}, { page, limit: 200 }).wallpapers) indexed.add(w.id);
  }
  t.same(
    [...goodIds].filter((id) => !indexed.has(id)),
    [],
    'no good image missing',
  );
  const reported = new Map(summary.failed.map((problem) => [problem.path, problem.error]));
  t.same(
    bad.filter((path) => !reported.has(path)),
    [],
    'every bad file reported by path',
  );
  t.equal(summary.failed.length, bad.length, 'and nothing else reported');
  for (const [path, error] of reported) t.ok(error.length > 0 && !error.includes('\n'), `${path}: one-line reason`);
  t.match(reported.get(join(folder, 'empty-0.webp')), /empty/);
  t.match(reported.get(join(folder, 'png-named-0.jpg')), /PNG image named \.jpg/);
  t.match(reported.get(join(folder, 'dangling-0.jpg')), /broken link/);

  // A rescan re-reads nothing and reports the same.
  const again = await library.scan();
  const regularBad = bad.filter((path) => !lstatSync(path).isSymbolicLink()).length;
  t.equal(again.unchanged, GOOD + regularBad, 'nothing re-read');
  t.equal(again.total, goodIds.size);
  t.equal(again.failed.length, bad.length);
});
