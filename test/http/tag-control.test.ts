// Abuse findings on tags: a user tag with any control character (newline, tab, NEL
// U+0085, the C0 range U+0000-U+001F, DEL and the C1 range U+007F-U+009F) is a 400 naming the
// parameter and the character, and nothing is stored; whitespace that is not a control is folded.
import t from 'tap';
import type { Wallpaper } from '../../src/core/types.js';
import { call, startFixture } from './helpers.js';

const put = (value: unknown) => ({ method: 'PUT' as const, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });

const CONTROLS = ['\n', '\t', '\r', '\u0000', '\u0001', '\u001b', '\u001f', '\u007f', '\u0080', '\u0085', '\u009b', '\u009f'];
const hex = (char: string) => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

t.test('PUT /api/wallpapers/{id}/tags refuses every control character, naming it', async (t) => {
  const f = await startFixture(t, { images: { 'a.png': { width: 320, height: 200, color: '#204060', format: 'png' } } });
  const id = f.byName.get('a.png')!.id;
  for (const control of CONTROLS) {
    for (const tag of [`sun${control}set`, `${control}sunset`, `sunset${control}`]) {
      const reply = await call(f.base, `/api/wallpapers/${id}/tags`, put(['fine', tag]));
      t.equal(reply.status, 400, `${hex(control)} in ${JSON.stringify(tag)}`);
      t.match(
        reply.text,
        new RegExp(`^invalid tag ".*": it contains the control character ${hex(control).replace('+', '\\+')}; expected a tag name`),
      );
      t.notMatch(reply.text.trimEnd(), /[\u0000-\u001f\u007f-\u009f]/, 'the message itself is one clean line');
    }
  }
  const stored = await call(f.base, `/api/wallpapers/${id}`);
  t.same(stored.json<Wallpaper>().tags, [], 'nothing stored by a refused request');
  const spaced = await call(f.base, `/api/wallpapers/${id}/tags`, put(['blue\u00a0 sky', '\u3000moon ']));
  t.equal(spaced.status, 200, 'spaces that are not controls are folded');
  t.same(spaced.json<Wallpaper>().tags, ['blue sky', 'moon']);
  const filtered = await call(f.base, '/api/wallpapers?tag=a%0Ab');
  t.equal(filtered.status, 400, 'the tag filter refuses them too');
  t.match(filtered.text, /control character U\+000A/);
});
