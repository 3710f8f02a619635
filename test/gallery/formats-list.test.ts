// The gallery keeps its own list of the formats (gallery/js/formats.js: it is served as it is, with
// no build step to generate it): held equal here to the server's table (src/core/formats/table.ts),
// so a format added to the server is offered by the upload picker and shown through a variant in
// the viewer where a browser cannot decode it.
import t from 'tap';
import { BROWSER_TYPES, UPLOAD_ACCEPT, UPLOAD_EXTENSIONS, UPLOAD_TYPES, viewableUrl } from '../../gallery/js/formats.js';
import { BROWSER_FORMATS, FORMAT_TABLE, INDEXED_EXTENSIONS, contentTypeOf } from '../../src/core/formats/table.js';

t.test("the picker's lists are the server's", async (t) => {
  t.same([...UPLOAD_EXTENSIONS].sort(), [...INDEXED_EXTENSIONS].sort(), 'every indexed extension, no other');
  const types = new Set(FORMAT_TABLE.flatMap((format) => format.extensions.map((ext) => contentTypeOf(format.name, ext))));
  t.same([...UPLOAD_TYPES].sort(), [...types].sort(), 'every served content type, no other');
  t.same(UPLOAD_ACCEPT.split(',').sort(), [...UPLOAD_TYPES, ...UPLOAD_EXTENSIONS.map((ext) => `.${ext}`)].sort());
  const shown = FORMAT_TABLE.filter((format) => BROWSER_FORMATS.has(format.name)).map((format) => contentTypeOf(format.name));
  t.same([...BROWSER_TYPES].sort(), shown.sort(), "the browser's formats are the server's BROWSER_FORMATS");
});

t.test('the viewer shows its own bytes or a variant of the full size (at most 3840 a side)', async (t) => {
  const cases: [string, number, number, string][] = [
    ['image/jpeg', 6000, 4000, '/api/wallpapers/a/image'],
    ['image/svg+xml', 800, 600, '/api/wallpapers/a/image'],
    ['image/jxl', 1920, 1080, '/api/wallpapers/a/image?w=1920&h=1080&fit=inside&as=jpeg'],
    ['image/heic', 4032, 3024, '/api/wallpapers/a/image?w=3840&h=2880&fit=inside&as=jpeg'],
    ['image/heif', 3024, 4032, '/api/wallpapers/a/image?w=2880&h=3840&fit=inside&as=jpeg'],
    ['image/tiff', 100, 50, '/api/wallpapers/a/image?w=100&h=50&fit=inside&as=jpeg'],
  ];
  for (const [type, width, height, url] of cases)
    t.equal(viewableUrl({ url: '/api/wallpapers/a/image', content_type: type, width, height }), url, `${type} ${width}x${height}`);
});
