// The program as a few bundled CommonJS files (docs/design.md#how-the-program-is-built-and-started):
// after tsc has built dist/ (the library, its types, on-change-guard.js and the worker threads, each
// one ES module that imports packages only), rollup bundles the program's entry points,
// dist/compile-cache.cjs, dist/relaunch.cjs and dist/cli.cjs, over tsc's files. A command module that
// cli.ts imports lazily becomes a chunk of its own; what several share, shared chunks; all flat in dist/.
// Rollup, not esbuild: it drops the modules a command does not use from the code it reaches (our
// modules have no import-time effects a caller relies on), so a command that names the core's door
// loads the rooms it calls, not every room behind the door (esbuild keeps every module the door
// imports).
// CommonJS, not ES modules: on Node 20 a program of ES modules starts Node's ES module loader (~7 ms)
// and reads each module through it (~0.35 ms more a module than require); the short commands start
// ~25 ms sooner. The library (dist/core/index.js) stays ES modules for those who import it.
// The pure-JS packages the short commands load at start (commander, lru-cache, suncalc) are bundled
// in: a package's files read through Node's resolution cost more than the same code in our chunk.
// Other packages stay external (native addons, WebAssembly, and what only long commands load).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { rollup } from 'rollup';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const ENTRY_POINTS = ['compile-cache.js', 'relaunch.js', 'cli.js'].map((file) => `${DIST}${file}`);
/** Packages bundled into the program (test/cli/start-modules.test.ts holds what a start loads). */
const BUNDLED_PACKAGES = new Set(['commander', 'lru-cache', 'suncalc']);

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

/** A bare import (`sharp`, `node:fs`) that is not one of the bundled packages. */
const external = (id) => !id.startsWith('.') && !id.startsWith('/') && !BUNDLED_PACKAGES.has(id.split('/')[0]);

const bundle = await rollup({
  input: ENTRY_POINTS,
  external,
  treeshake: { moduleSideEffects: (id, isExternal) => isExternal || id.includes('/node_modules/') },
  // An entry may export more than its module does (what the commands it loads share with it), so
  // cli.cjs is the program itself, not a facade one file more to read.
  preserveEntrySignatures: 'allow-extension',
  plugins: [tscFiles, nodeResolve({ exportConditions: ['node'], preferBuiltins: true }), commonjs()],
  onwarn(warning, warn) {
    // Rooms that import each other keep working as modules do; the order is rollup's to keep.
    if (warning.code !== 'CIRCULAR_DEPENDENCY') warn(warning);
  },
});
const { output } = await bundle.write({
  dir: DIST,
  format: 'cjs',
  // Named .cjs: the package is "type": "module", so a .js file would be read as an ES module.
  entryFileNames: '[name].cjs',
  chunkFileNames: '[name]-[hash].cjs',
  // A package loaded with import() (sharp, ora) is required when first used: Node 20.19 and later
  // require an ES module too (ora is one), and a file compiled with the program's own code cache
  // (src/code-cache.ts) could not import() without vm's experimental module loader.
  dynamicImportInCjs: false,
  sourcemap: true,
});
await bundle.close();
const chunks = output.filter((file) => file.type === 'chunk');
console.log(`bundled the program: ${chunks.length} files in dist/ (${chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName).join(', ')} and chunks)`);
