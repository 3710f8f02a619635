// The rooms of a folder of sources, read from their relative imports: which room each file is in,
// which rooms each room imports, and the imports that do not go through a room's index.ts. Held
// by test/rooms.test.ts (the core) and test/desktop-parts.test.ts (the desktop room's parts).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** Relative imports of a file (static, dynamic, type-only and re-exports), as paths under `base`. */
export function importsOf(file: string, base: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
  return specifiers.map((spec) => relative(base, resolve(dirname(file), spec)).replace(/\.js$/, '.ts'));
}

export interface Rooms {
  /** Files under the base, relative to it. */
  files: string[];
  rooms: string[];
  /** The room a relative path belongs to, or undefined for the files at the top and outside. */
  roomOf(path: string): string | undefined;
  /** room -> the rooms its files import. */
  edges: Map<string, Set<string>>;
  /** Imports from one room into another that do not name its index.ts. */
  backDoors(): string[];
  /** The cycles among the rooms' imports. */
  cycles(): string[];
  /** The rooms a room's index.ts names in its `May use:` line. */
  declared(room: string): string[];
}

/** The rooms under `base`: its folders; `isTop` says which deeper paths count as top files (leaves). */
export function readRooms(base: string, isTop: (path: string) => boolean = () => false): Rooms {
  const files = filesUnder(base).map((file) => relative(base, file));
  const roomOf = (path: string) => (path.includes('/') && !path.startsWith('..') && !isTop(path) ? path.split('/')[0] : undefined);
  const rooms = [...new Set(files.map(roomOf).filter((room): room is string => room !== undefined))].sort();
  const edges = new Map(rooms.map((room) => [room, new Set<string>()]));
  for (const file of files) {
    const from = roomOf(file);
    for (const target of importsOf(join(base, file), base)) {
      const to = roomOf(target);
      if (from && to && to !== from) edges.get(from)!.add(to);
    }
  }
  const backDoors = () =>
    files.flatMap((file) => {
      const from = roomOf(file);
      return importsOf(join(base, file), base)
        .filter((target) => {
          const to = roomOf(target);
          return to !== undefined && to !== from && target !== `${to}/index.ts`;
        })
        .map((target) => `${file} imports ${target}`);
    });
  const cycles = () => {
    const found: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (room: string, path: string[]) => {
      if (state.get(room) === 'done') return;
      if (state.get(room) === 'open') {
        found.push([...path.slice(path.indexOf(room)), room].join(' -> '));
        return;
      }
      state.set(room, 'open');
      for (const next of edges.get(room)!) visit(next, [...path, room]);
      state.set(room, 'done');
    };
    for (const room of rooms) visit(room, []);
    return found;
  };
  const declared = (room: string) => {
    const said = /May use: ([^.\n]*)/.exec(readFileSync(join(base, room, 'index.ts'), 'utf8'))?.[1] ?? '';
    // The rooms named before any parenthesis (which may say why in words of its own).
    return [
      ...new Set(
        said
          .replace(/\(.*$/, '')
          .match(/[a-z]+/g)
          ?.filter((word) => rooms.includes(word)),
      ),
    ].sort();
  };
  return { files, rooms, roomOf, edges, backDoors, cycles, declared };
}
