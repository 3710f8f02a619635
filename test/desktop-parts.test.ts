// The desktop room's parts (docs/design.md#the-desktop-room): every file of src/core/desktop lives in
// a part named for its job, except the room's door (index.ts) and its shared shapes (types.ts). A
// part is entered only through its index.ts, whose header says what it does and, in a `May use:`
// line kept true here, which other parts it imports; the parts' imports form no cycle; the shapes
// import no part's code (types only).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { readRooms } from './helpers/rooms.js';

const ROOM = resolve(dirname(fileURLToPath(import.meta.url)), '../src/core/desktop');
const { files, rooms: parts, edges, backDoors, cycles, declared } = readRooms(ROOM);

t.test('the room holds its door, its shapes and parts', async (t) => {
  t.same(
    files.filter((file) => !file.includes('/')),
    ['index.ts', 'types.ts'],
  );
  t.same(parts, [
    'after',
    'change',
    'lock',
    'monitors',
    'pick',
    'place',
    'record',
    'screen',
    'session',
    'setters',
    'shortcuts',
    'tools',
    'tray',
  ]);
});

t.test("each part's index.ts says what it does and what it may use", async (t) => {
  for (const part of parts) {
    const text = readFileSync(join(ROOM, part, 'index.ts'), 'utf8');
    t.match(text, /^\/\/ \S/, `${part}/index.ts starts with a header comment`);
    t.match(text, /May use: /, `${part}/index.ts has a "May use:" line`);
    t.same([...edges.get(part)!].sort(), declared(part), `${part}: the parts it imports are the ones its header names`);
  }
});

t.test('a part is entered only through its index.ts, and the parts form no cycle', async (t) => {
  t.same(backDoors(), []);
  t.same(cycles(), []);
});

t.test('the shapes import types only', async (t) => {
  const text = readFileSync(join(ROOM, 'types.ts'), 'utf8');
  t.same(text.match(/^import (?!type ).*$/gm) ?? [], []);
});
