// The one filter parser shared by CLI flags and HTTP queries: a table of accepted and refused values.
import t from 'tap';
import { parseFilters, parsePaging } from '../../src/core/query/filters.js';

t.test('accepted values, case, any and empty', async (t) => {
  const table: [Record<string, string | string[]>, object][] = [
    [{}, {}],
    [{ brightness: 'dark' }, { brightness: 'dark' }],
    [{ brightness: 'DARK' }, { brightness: 'dark' }],
    [{ brightness: ' Light ' }, { brightness: 'light' }],
    [{ brightness: 'any' }, {}],
    [{ brightness: 'ANY' }, {}],
    [{ brightness: '' }, {}],
    [{ aspect_ratio: '16:9' }, { aspect_ratio: '16:9' }],
    [{ aspect_ratio: 'UltraWide' }, { aspect_ratio: 'ultrawide' }],
    [{ orientation: 'Portrait' }, { orientation: 'portrait' }],
    [{ dominant_hue: 'neutral' }, { dominant_hue: 'neutral' }],
    [{ format: 'JPG' }, { format: 'jpg' }],
    [{ format: 'jpeg' }, { format: 'jpeg' }],
    [{ min_width: '1920' }, { min_width: 1920 }],
    [{ min_width: '0' }, { min_width: 0 }],
    [{ max_height: '  1080 ' }, { max_height: 1080 }],
    [{ min_width: 'any', max_width: '' }, {}],
    [{ unknown: 'whatever', page: '3' }, {}], // unknown and paging parameters are not filters
    [{ brightness: ['dark'] }, { brightness: 'dark' }],
    // Every format of docs/design.md#every-format, any case.
    ...['avif', 'HEIC', 'heif', 'JXL', 'svg', 'Gif', 'tif', 'TIFF', 'bmp'].map(
      (format) => [{ format }, { format: format.toLowerCase() }] as [Record<string, string>, Record<string, unknown>],
    ),
  ];
  for (const [params, expected] of table) t.same(parseFilters(params), expected, JSON.stringify(params));
});

t.test('refused values name the parameter and what is accepted', async (t) => {
  const table: [Record<string, string | string[]>, RegExp][] = [
    [{ brightness: 'purple' }, /^invalid brightness "purple": expected light, dark, medium or any$/],
    [
      { aspect_ratio: '21:9' },
      /^invalid aspect_ratio "21:9": expected 16:9, 4:3, ultrawide, square, portrait, custom or any; 21:9 counts as ultrawide: for this shape only, use ratio=21:9$/,
    ],
    [{ orientation: 'diagonal' }, /^invalid orientation/],
    [{ dominant_hue: 'purple' }, /^invalid dominant_hue "purple": expected red, green, blue, warm, cool, neutral or any$/],
    [{ format: 'jp2' }, /^invalid format "jp2": expected jpg, jpeg, png, webp, avif, heic, heif, jxl, svg, gif, tif, tiff, bmp or any$/],
    [{ min_width: 'abc' }, /^invalid min_width "abc": expected a whole number of 0 or more$/],
    [{ min_height: '-5' }, /^invalid min_height "-5"/],
    [{ max_width: '1.5' }, /^invalid max_width "1.5"/],
    [{ max_height: '1e3' }, /^invalid max_height/],
    [{ min_width: '99999999999999999999' }, /^invalid min_width .*up to 9007199254740991$/],
    [{ brightness: ['dark', 'light'] }, /^invalid brightness: given 2 times, expected once$/],
    [{ brightness: 'x'.repeat(5000) }, /^invalid brightness "x{64}\.\.\.": /],
  ];
  for (const [params, message] of table) {
    t.throws(() => parseFilters(params), { code: 'invalid_param', message }, JSON.stringify(params).slice(0, 60));
  }
});

t.test('paging: defaults, caps and refusals', async (t) => {
  t.same(parsePaging({}), { page: 1, limit: 50 });
  t.same(parsePaging({ page: '', limit: '' }), { page: 1, limit: 50 });
  t.same(parsePaging({ page: '3', limit: '10' }), { page: 3, limit: 10 });
  t.same(parsePaging({ limit: '200' }), { page: 1, limit: 200 });
  t.same(parsePaging({ limit: '201' }), { page: 1, limit: 200 });
  t.same(parsePaging({ limit: '100000' }), { page: 1, limit: 200 });
  t.throws(() => parsePaging({ page: '0' }), {
    code: 'invalid_param',
    message: /^invalid page "0": expected a whole number of 1 or more$/,
  });
  // One message per parameter, whatever is wrong with the value, naming the real range.
  const limitMessage = /^invalid limit "[^"]*": expected a whole number of 1 or more \(more than 200 counts as 200\)$/;
  for (const limit of ['0', '-1', 'ten', '1.5'])
    t.throws(() => parsePaging({ limit }), { code: 'invalid_param', message: limitMessage }, limit);
  for (const page of ['0', '-1', 'x'])
    t.throws(() => parsePaging({ page }), { message: /^invalid page "[^"]*": expected a whole number of 1 or more$/ }, page);
});

t.test('an impossible size range names both parameters', async (t) => {
  t.throws(() => parseFilters({ min_width: '4000', max_width: '1000' }), {
    code: 'invalid_param',
    message: /^invalid min_width 4000 and max_width 1000: min_width must not be larger than max_width/,
  });
  t.throws(() => parseFilters({ min_height: '2', max_height: '1' }), { message: /min_height 2 and max_height 1/ });
  t.same(parseFilters({ min_width: '1000', max_width: '1000' }), { min_width: 1000, max_width: 1000 }, 'equal bounds are a range');
});
