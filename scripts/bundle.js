// The program as a few bundled files (docs/design.md#how-the-program-is-built-and-started): after tsc
// has built dist/ (the library, its types, on-change-guard.js and the worker threads, each one file
// that imports packages only), rollup bundles the program's entry points, dist/compile-cache.js,
// dist/relaunch.js and dist/cli.js, over tsc's files. A command module that cli.ts imports lazily
// becomes a chunk of its own; what several share, shared chunks; all flat in dist/.
// Rollup, not esbuild: it drops the modules a command does not use from the code it reaches (our
// modules have no import-time effects a caller relies on), so a command that names the core's door
// loads the rooms it calls, not every room behind the door (esbuild keeps every module the door
// imports). Packages stay external: native addons (better-sqlite3, sharp) and WebAssembly need their
// own files.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const ENTRY_POINTS = ['compile-cache.js', 'relaunch.js', 'cli.js'].map((file) => `${DIST}${file}`);

/** Each tsc file with its source map, so the bundle's maps name the sources in src/; its
 * `import.meta.url` made the URL the file has in tsc's dist/ (`./http/app.js` under dist/), from the
 * bundled file's own URL (every bundled file is in dist/ itself), so the paths it resolves from it
 * (../package.json, ../../gallery/, a worker beside the module) stay right. The rewrite stays on its
 * line, so the map still points at the right line. */
const tscFiles = {
  name: 'tsc-files',
  load(id) {
    if (!id.startsWith(DIST)) return null;
    const source = readFileSync(id, 'utf8');
    const asBuilt = `./${relative(DIST, id)}`;
    const code = source.replaceAll('import.meta.url', `new URL(${JSON.stringify(asBuilt)}, import.meta.url).href`);
    return { code, map: JSON.parse(readFileSync(`${id}.map`, 'utf8')) };
  },
};

const bundle = await rollup({
  input: ENTRY_POINTS,
  external: (id) => !id.startsWith('.') && !id.startsWith('/'),
  treeshake: { moduleSideEffects: (id, external) => external },
  // An entry may export more than its module does (what the commands it loads share with it), so
  // cli.js is the program itself, not a facade one file more to read.
  preserveEntrySignatures: 'allow-extension',
  plugins: [tscFiles],
  onwarn(warning, warn) {
    // Rooms that import each other keep working as ES modules do; the order is rollup's to keep.
    if (warning.code !== 'CIRCULAR_DEPENDENCY') warn(warning);
  },
});
const { output } = await bundle.write({
  dir: DIST,
  format: 'es',
  entryFileNames: '[name].js',
  chunkFileNames: '[name]-[hash].js',
  sourcemap: true,
});
await bundle.close();
const chunks = output.filter((file) => file.type === 'chunk');
console.log(`bundled the program: ${chunks.length} files in dist/ (${chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName).join(', ')} and chunks)`);
