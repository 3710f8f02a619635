// Upload names and races: names are cut by UTF-8 bytes on whole characters so the file
// system always accepts them (collision suffix and extension included, within 255 bytes); ten
// concurrent uploads of the same bytes write exactly one file and all answer with its record.
import { readdirSync } from 'node:fs';
import t from 'tap';
import { cutToBytes, fitName, sanitiseStem } from '../../src/core/common/files.js';
import type { Wallpaper } from '../../src/core/types.js';
import { imageBytes } from '../helpers/fixtures.js';
import { MULTIPART_TYPE, multipart } from '../reliability/helpers.js';
import { call, startFixture } from './helpers.js';

const upload = (base: string, filename: string, data: Buffer) =>
  call(base, '/api/upload', { method: 'POST', headers: { 'content-type': MULTIPART_TYPE }, body: multipart([{ filename, data }]) });

t.test('cutting names: bytes, whole characters', async (t) => {
  t.equal(cutToBytes('日日日', 7), '日日', 'never half a code point');
  t.equal(cutToBytes('e\u0301e\u0301', 4), 'e\u0301', 'a letter keeps its combining mark or goes with it');
  t.equal(cutToBytes('👩‍👩‍👧x', 10), '', 'a family emoji is one character: all of it or nothing');
  t.equal(cutToBytes('short', 255), 'short');
  const fitted = fitName('日'.repeat(150), '-12.jpg');
  t.ok(Buffer.byteLength(fitted) <= 255, `${Buffer.byteLength(fitted)} bytes`);
  t.match(fitted, /^日+-12\.jpg$/);
  t.equal(sanitiseStem(`${'a'.repeat(300)}.png`).length, 100, 'at most 100 characters to read');
  t.equal(sanitiseStem('नमस्ते.jpg'), 'नमस्ते', 'combining marks are letters, not odd characters');
});

t.test('an upload named with 150 x 日 is stored, under a name the file system accepts', async (t) => {
  const f = await startFixture(t, { images: {} });
  const upload1 = await upload(f.base, `${'日'.repeat(150)}.jpg`, await imageBytes({ width: 40, height: 30, color: '#224466' }));
  t.equal(upload1.status, 201, upload1.text);
  const upload2 = await upload(f.base, `${'日'.repeat(150)}.jpg`, await imageBytes({ width: 40, height: 30, color: '#664422' }));
  t.equal(upload2.status, 201, 'the same name again: a collision suffix, still within 255 bytes');
  const emoji = await upload(
    f.base,
    `${'👩‍👩‍👧'.repeat(40)}.png`,
    await imageBytes({ width: 40, height: 30, color: '#446622', format: 'png' }),
  );
  t.equal(emoji.status, 201, emoji.text);
  const names = readdirSync(f.library.settings().upload_folder).filter((name) => !name.startsWith('.'));
  t.equal(names.length, 3);
  for (const name of names) {
    t.ok(Buffer.byteLength(name) <= 255, `${Buffer.byteLength(name)} bytes: ${name.slice(0, 12)}...`);
    t.notMatch(name, /\uFFFD/, 'no broken character');
  }
  t.ok(
    names.some((name) => /^日+-1\.jpg$/.test(name)),
    'the collision suffix survived the cut',
  );
});

t.test('ten concurrent uploads of the same bytes write exactly one file', async (t) => {
  const f = await startFixture(t, { images: {}, uploads: { maxConcurrent: 10 } });
  const bytes = await imageBytes({ width: 64, height: 48, color: '#8a2be2', format: 'png' });
  const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => upload(f.base, `copy-${i}.png`, bytes)));
  t.same(
    replies.map((r) => r.status),
    Array(10).fill(201),
    'every request gets its answer',
  );
  const ids = new Set(replies.map((r) => r.json<{ wallpapers: Wallpaper[] }>().wallpapers[0]!.id));
  t.equal(ids.size, 1, 'all answer with the same record');
  const files = readdirSync(f.library.settings().upload_folder).filter((name) => !name.startsWith('.'));
  t.equal(files.length, 1, `exactly one file written: ${files.join(', ')}`);
  t.equal(f.library.list({}, { page: 1, limit: 10 }).pagination.total, 1);
});
