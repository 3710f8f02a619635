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
  // The tests and benches run on Node 24 too: an object of theirs that the collector frees aborts
  // the test process (CI failed so once, in the crash soak's own inspection of the index).
  const { readdirSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  for (const dir of ['src', 'test', 'bench']) {
    const root = new URL(`../${dir}/`, import.meta.url).pathname;
    const files = (readdirSync(root, { recursive: true }) as string[]).filter(
      (file) => /\.(ts|js)$/.test(file) && !file.includes('node_modules') && !file.endsWith('native-lifetime.ts'),
    );
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8');
      if (dir === 'bench' && file === 'soak/crash.js') {
        t.notMatch(
          text.replace(/keep\((new Database|db\.prepare)\(/g, ''),
          /new Database\(|\.pragma\(|\bdb\.prepare\(/,
          `${dir}/${file}: every object kept`,
        );
        continue;
      }
      t.notMatch(text, /new Database\(|\.pragma\(|\bdb\.prepare\(/, `${dir}/${file}: no database object outside native-lifetime.ts`);
    }
  }
});
