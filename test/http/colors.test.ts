// GET /api/wallpapers/{id}/colors (docs/api.md#colors) on a real server: the same scheme as the CLI's
// JSON, each format with its type, a strong ETag and 304; `current` and a malformed id 404 (the id
// rules), an unknown id 404, a bad `as` or `mode` 400 naming the parameter.
import { parse as parseToml } from 'smol-toml';
import t from 'tap';
import { contrastRatio } from '../../src/core/colors/index.js';
import { call, header, startFixture } from './helpers.js';

const f = await startFixture(t);
const dark = f.byName.get('dark-blue.jpg')!;
const light = f.byName.get('light-red.png')!;
const path = (id: string, query = '') => `/api/wallpapers/${id}/colors${query}`;

t.test('the JSON scheme: auto follows the picture, contrast kept, strong ETag, 304', async (t) => {
  const reply = await call(f.base, path(dark.id));
  t.equal(reply.status, 200);
  t.match(header(reply, 'content-type'), /^application\/json/);
  const scheme = reply.json<{ id: string; mode: string; background: string; foreground: string; colors: string[] }>();
  t.equal(scheme.id, dark.id);
  t.equal(scheme.mode, 'dark', 'a dark picture: a dark scheme');
  t.ok(contrastRatio(scheme.foreground, scheme.background) >= 7);
  t.equal(reply.json<{ mode: string }>().mode, 'dark');
  t.equal((await call(f.base, path(light.id))).json<{ mode: string }>().mode, 'light', 'a light picture: a light scheme');
  t.equal((await call(f.base, path(dark.id, '?mode=light'))).json<{ mode: string }>().mode, 'light', 'mode=light asked');
  const etag = header(reply, 'etag')!;
  t.match(etag, /^"[0-9a-f]{16}-dark-json-v\d+"$/, 'a strong ETag naming the id, mode and format');
  const again = await call(f.base, path(dark.id), { headers: { 'if-none-match': etag } });
  t.equal(again.status, 304);
  t.equal(again.text, '');
  t.not(header(await call(f.base, path(dark.id, '?as=kitty')), 'etag'), etag, 'another format, another tag');
});

t.test('each format with its type', async (t) => {
  const table: [string, RegExp, RegExp][] = [
    ['pywal', /^application\/json/, /"special"/],
    ['base16', /^application\/yaml/, /^base00: "[0-9a-f]{6}"$/m],
    ['material', /^application\/json/, /"on-primary"/],
    ['css', /^text\/css/, /--color15: #[0-9a-f]{6};/],
    ['xresources', /^text\/plain/, /^\*\.color0: #/m],
    ['kitty', /^text\/plain/, /^color15 #/m],
    ['alacritty', /^application\/toml/, /^\[colors\.primary\]$/m],
    ['foot', /^text\/plain/, /^regular1=[0-9a-f]{6}$/m],
    ['ghostty', /^text\/plain/, /^palette = 0=#/m],
  ];
  for (const [format, type, body] of table) {
    const reply = await call(f.base, path(dark.id, `?as=${format}`));
    t.equal(reply.status, 200, format);
    t.match(header(reply, 'content-type'), type, `${format}: its type`);
    t.match(reply.text, body, `${format}: its text`);
  }
  const toml = parseToml((await call(f.base, path(dark.id, '?as=alacritty&mode=dark'))).text) as {
    colors: { primary: { background: string } };
  };
  const json = (await call(f.base, path(dark.id, '?mode=dark'))).json<{ background: string }>();
  t.equal(toml.colors.primary.background, json.background, 'every format tells the same scheme');
});

t.test('ids and values: 404 and 400 as the id rules say', async (t) => {
  const cases: [string, number, RegExp][] = [
    [path('current'), 404, /an id is 16 lowercase hex characters/],
    [path('0000000000000000'), 404, /no wallpaper with this id/],
    [path(dark.id, '?as=svg'), 400, /invalid as "svg": expected one of json, pywal/],
    [path(dark.id, '?mode=dusk'), 400, /invalid mode "dusk": expected dark, light or auto/],
  ];
  for (const [url, status, message] of cases) {
    const reply = await call(f.base, url);
    t.equal(reply.status, status, url);
    t.match(reply.text, message, url);
  }
});

t.test("as and mode read like the image endpoint's as: in any case, and empty is the default", async (t) => {
  const cases: [query: string, type: RegExp, mode: string][] = [
    ['?as=KITTY', /^text\/plain/, 'dark'],
    ['?as=Json&mode=LIGHT', /^application\/json/, 'light'],
    ['?as=&mode=', /^application\/json/, 'dark'],
    ['?as=json&mode=', /^application\/json/, 'dark'],
  ];
  for (const [query, type, mode] of cases) {
    const reply = await call(f.base, path(dark.id, query));
    t.equal(reply.status, 200, `${query}: ${reply.status === 200 ? '' : reply.text}`);
    t.match(header(reply, 'content-type'), type, `${query}: its type`);
    if (type.source.includes('json')) t.equal(reply.json<{ mode: string }>().mode, mode, `${query}: its mode`);
  }
});
