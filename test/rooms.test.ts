// The core's rooms (docs/design.md#the-house): every file of src/core lives in a folder named for its job,
// except the door (index.ts) and the leaves every room may use (errors.ts, limits.ts, types.ts and
// types/). A room is entered only through its index.ts; the rooms' imports form no cycle; each
// room's index.ts says in a `May use:` line which rooms it imports, and that line is kept true here.
// No arrow runs from the HTTP face up to the commands.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { filesUnder, importsOf, readRooms } from './helpers/rooms.js';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const CORE = join(SRC, 'core');
const LEAVES = ['errors.ts', 'limits.ts', 'types.ts'];

const isLeaf = (path: string) => LEAVES.includes(path) || path.startsWith('types/');
const { files: coreFiles, rooms, edges, backDoors, cycles, declared } = readRooms(CORE, isLeaf);

t.test('src/core holds only the door, the leaves and rooms', async (t) => {
  const loose = coreFiles.filter((file) => !file.includes('/') && file !== 'index.ts' && !LEAVES.includes(file));
  t.same(loose, [], 'every other file lives in a room');
  t.ok(rooms.length >= 10, `rooms: ${rooms.join(', ')}`);
});

t.test('each room has an index.ts with a header saying what it does and what it may use', async (t) => {
  for (const room of rooms) {
    const file = join(CORE, room, 'index.ts');
    const text = readFileSync(file, 'utf8');
    t.match(text, /^\/\/ \S/, `${room}/index.ts starts with a header comment`);
    t.ok(/May use: /.test(text), `${room}/index.ts has a "May use:" line`);
    t.same([...edges.get(room)!].sort(), declared(room), `${room}: the rooms it imports are the ones its header names`);
  }
});

t.test('a room is entered only through its index.ts', async (t) => {
  t.same(backDoors(), []);
});

t.test('the leaves import no room', async (t) => {
  const offences = coreFiles.filter(isLeaf).flatMap((file) =>
    importsOf(join(CORE, file), CORE)
      .filter((target) => !isLeaf(target))
      .map((target) => `${file} imports ${target}`),
  );
  t.same(offences, []);
});

t.test("the rooms' imports form no cycle", async (t) => {
  t.same(cycles(), []);
});

t.test('no arrow from the HTTP face to the commands', async (t) => {
  // The serve command starts the HTTP face (commands/serve*.ts import http/), never the reverse:
  // what both print lives beside them (src/scan-summary.ts) or in the core.
  const offences = filesUnder(join(SRC, 'http')).flatMap((file) =>
    importsOf(file, SRC)
      .filter((target) => target.startsWith('commands/') || target === 'cli.ts')
      .map((target) => `${relative(SRC, file)} imports ${target}`),
  );
  t.same(offences, []);
  const intoHttp = filesUnder(join(SRC, 'commands')).filter((file) => importsOf(file, SRC).some((target) => target.startsWith('http/')));
  t.same(
    intoHttp.map((file) => relative(SRC, file)).sort(),
    ['commands/serve-workers.ts', 'commands/serve.ts'],
    'only serve starts the HTTP face',
  );
});

t.test('the door names at most 40 things, types included', async (t) => {
  const door = await import('../src/core/index.js');
  const text = readFileSync(join(CORE, 'index.ts'), 'utf8');
  const typeNames = [...text.matchAll(/export type \{([^}]*)\}/g), ...text.matchAll(/export \{([^}]*)\}/g)]
    .flatMap((m) => m[1]!.split(','))
    .map((name) => name.trim())
    .filter((name) => name.startsWith('type ') || /^export type \{/.test(name))
    .map((name) => name.replace(/^type\s+/, ''));
  const exportTypeBlocks = [...text.matchAll(/export type \{([^}]*)\}/g)].flatMap((m) => m[1]!.split(',').map((name) => name.trim()));
  const names = new Set([...Object.keys(door), ...typeNames, ...exportTypeBlocks].filter(Boolean));
  t.notMatch(text, /export (type )?\* from/, 'no wholesale re-export: every name at the door is chosen');
  t.ok(names.size <= 40, `${names.size} names: ${[...names].sort().join(', ')}`);
});
