// The core's rooms (docs/design.md#the-house): every file of src/core lives in a folder named for its job,
// except the door (index.ts) and the leaves every room may use (errors.ts, limits.ts, types.ts and
// types/). A room is entered only through its index.ts; the rooms' imports form no cycle; each
// room's index.ts says in a `May use:` line which rooms it imports, and that line is kept true here.
// No arrow runs from the HTTP face up to the commands.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const CORE = join(SRC, 'core');
const LEAVES = ['errors.ts', 'limits.ts', 'types.ts'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** Relative imports of a file (static, dynamic, type-only and re-exports), as paths under `base`. */
function importsOf(file: string, base: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
  return specifiers.map((spec) => relative(base, resolve(dirname(file), spec)).replace(/\.js$/, '.ts'));
}

const isLeaf = (path: string) => LEAVES.includes(path) || path.startsWith('types/');
/** The room a path under src/core belongs to, or undefined for the door and the leaves. */
const roomOf = (path: string) => (path.includes('/') && !isLeaf(path) ? path.split('/')[0] : undefined);

const coreFiles = filesUnder(CORE).map((file) => relative(CORE, file));
const rooms = [...new Set(coreFiles.map(roomOf).filter((room): room is string => room !== undefined))].sort();
/** room -> the rooms its files import (through their doors). */
const edges = new Map(rooms.map((room) => [room, new Set<string>()]));
for (const file of coreFiles) {
  const from = roomOf(file);
  for (const target of importsOf(join(CORE, file), CORE)) {
    const to = roomOf(target);
    if (from && to && to !== from) edges.get(from)!.add(to);
  }
}

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
    const said = /May use: ([^.\n]*)/.exec(text)?.[1];
    t.ok(said !== undefined, `${room}/index.ts has a "May use:" line`);
    // The rooms named before any parenthesis (which may say why in words of its own).
    const declared = new Set(
      (said ?? '')
        .replace(/\(.*$/, '')
        .match(/[a-z]+/g)
        ?.filter((word) => rooms.includes(word)),
    );
    t.same([...edges.get(room)!].sort(), [...declared].sort(), `${room}: the rooms it imports are the ones its header names`);
  }
});

t.test('a room is entered only through its index.ts', async (t) => {
  const offences = coreFiles.flatMap((file) => {
    const from = roomOf(file);
    return importsOf(join(CORE, file), CORE)
      .filter((target) => {
        const to = roomOf(target);
        return to !== undefined && to !== from && target !== `${to}/index.ts`;
      })
      .map((target) => `${file} imports ${target}`);
  });
  t.same(offences, []);
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
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (room: string, path: string[]) => {
    if (state.get(room) === 'done') return;
    if (state.get(room) === 'open') {
      cycles.push([...path.slice(path.indexOf(room)), room].join(' -> '));
      return;
    }
    state.set(room, 'open');
    for (const next of edges.get(room)!) visit(next, [...path, room]);
    state.set(room, 'done');
  };
  for (const room of rooms) visit(room, []);
  t.same(cycles, []);
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
