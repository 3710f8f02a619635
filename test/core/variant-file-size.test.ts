// A variant is drawn at the size its file's header gives (src/core/variants/render.ts): for every fit
// and crop, of files of several sizes and shapes, the variant has the box that size gives. The case
// users meet, a timed wallpaper whose frame for now is smaller than the noon frame its record was
// made from, is tested over HTTP in test/http/dynamic.test.ts.
import sharp from 'sharp';
import t from 'tap';
import { renderFocus, renderVariant } from '../../src/core/variants/render.js';
import { outputBox, parseVariant } from '../../src/core/variants/spec.js';
import { photo } from '../helpers/photos.js';

const jpeg = async (seed: number, width: number, height: number) =>
  sharp(await photo(seed, width, height))
    .jpeg({ quality: 90 })
    .toBuffer();

t.test('every fit and crop, on files of several sizes and shapes', async (t) => {
  const queries = [
    { w: '1920', h: '1080', fit: 'cover', crop: 'attention' },
    { w: '1920', h: '1080', fit: 'cover', crop: 'entropy' },
    { w: '1920', h: '1080', fit: 'cover', crop: 'center' },
    { w: '800', h: '800', fit: 'cover', crop: 'attention' },
    { w: '1024', h: '768', fit: 'contain' },
    { w: '1024', h: '768', fit: 'inside' },
  ];
  const files: [number, number][] = [
    [1600, 900],
    [3440, 1440],
    [800, 600],
    [900, 1600],
  ];
  for (const [i, [width, height]] of files.entries()) {
    const source = await jpeg(i + 3, width, height);
    for (const query of queries) {
      const spec = parseVariant(query)!;
      const box = outputBox(spec, width, height);
      const made = await renderVariant(source, spec, 'webp');
      t.same([made.width, made.height], [box.w, box.h], `${JSON.stringify(query)} of a ${width}x${height} file`);
      const meta = await sharp(made.bytes).metadata();
      t.same([meta.width, meta.height], [box.w, box.h]);
    }
  }
});

t.test('the point of interest is found on the file, the same each time', async (t) => {
  const source = await jpeg(4, 1600, 900);
  const focus = await renderFocus(source);
  t.same(await renderFocus(source), focus);
  t.ok(focus.x >= 0 && focus.x <= 1 && focus.y >= 0 && focus.y <= 1, `within the picture (${focus.x}, ${focus.y})`);
});
