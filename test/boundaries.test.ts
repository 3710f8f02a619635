// The core is reached only through its door: the faces (src/commands, src/http, src/cli.ts) import
// from src/core/index.ts and src/core/types.ts and nothing else of the core, so the core's inside can
// be rearranged without touching a face. And the core imports nothing of a face.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const DOOR = new Set(['core/index.ts', 'core/types.ts']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** Relative imports of a file (static and dynamic), resolved to paths under src/ with .ts endings. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
  return specifiers.map((spec) => relative(SRC, resolve(dirname(file), spec)).replace(/\.js$/, '.ts'));
}

const faces = [...filesUnder(join(SRC, 'commands')), ...filesUnder(join(SRC, 'http')), join(SRC, 'cli.ts')];

t.test('faces import the core only through its door', async (t) => {
  const offences = faces.flatMap((file) =>
    importsOf(file)
      .filter((target) => target.startsWith('core/') && !DOOR.has(target))
      .map((target) => `${relative(SRC, file)} imports ${target}`),
  );
  t.same(offences, [], 'every face import of the core goes through core/index.ts or core/types.ts');
});

t.test('the core imports nothing of the faces', async (t) => {
  const offences = filesUnder(join(SRC, 'core')).flatMap((file) =>
    importsOf(file)
      .filter((target) => !target.startsWith('core/'))
      .map((target) => `${relative(SRC, file)} imports ${target}`),
  );
  t.same(offences, []);
});

t.test('every SQLite object is made through store/native-lifetime.ts (better-sqlite3 12 on Node 24)', async (t) => {
  const { readdirSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const root = new URL('../src/', import.meta.url).pathname;
  const files = (readdirSync(root, { recursive: true }) as string[]).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('native-lifetime.ts'),
  );
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    t.notMatch(text, /new Database\(|\.pragma\(|\bdb\.prepare\(/, `${file}: no database object outside native-lifetime.ts`);
  }
});
