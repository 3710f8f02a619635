// A variant is drawn from the file, whatever size the index says it has: an index older than its
// file (or the bench's generated one, where it surfaced as a 500 from `extract_area`) gets the
// variant the file's own size gives, for every fit and crop, never an error.
import sharp from 'sharp';
import t from 'tap';
import { renderFocus, renderVariant } from '../../src/core/variants/render.js';
import { parseVariant } from '../../src/core/variants/spec.js';
import { photo } from '../helpers/photos.js';

t.test('every fit and crop, the index saying a larger, smaller or other-shaped size', async (t) => {
  const source = await sharp(await photo(3, 1600, 900))
    .jpeg({ quality: 90 })
    .toBuffer();
  const queries = [
    { w: '1920', h: '1080', fit: 'cover', crop: 'attention' },
    { w: '1920', h: '1080', fit: 'cover', crop: 'entropy' },
    { w: '1920', h: '1080', fit: 'cover', crop: 'center' },
    { w: '800', h: '800', fit: 'cover', crop: 'attention' },
    { w: '1024', h: '768', fit: 'contain' },
    { w: '1024', h: '768', fit: 'inside' },
  ];
  const indexSizes: [number, number][] = [
    [3440, 1440],
    [800, 600],
    [900, 1600],
  ];
  for (const query of queries) {
    const spec = parseVariant(query)!;
    const truth = await renderVariant(source, 1600, 900, spec, 'jpeg');
    for (const [width, height] of indexSizes) {
      const made = await renderVariant(source, width, height, spec, 'webp');
      t.same([made.width, made.height], [truth.width, truth.height], `${JSON.stringify(query)}, the index saying ${width}x${height}`);
      const meta = await sharp(made.bytes).metadata();
      t.same([meta.width, meta.height], [truth.width, truth.height]);
    }
  }
});

t.test("the point of interest is found on the file's own size", async (t) => {
  const source = await sharp(await photo(4, 1600, 900))
    .jpeg()
    .toBuffer();
  t.same(await renderFocus(source, 3440, 1440), await renderFocus(source, 1600, 900));
});
