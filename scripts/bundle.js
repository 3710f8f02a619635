// The program as a few bundled files (docs/design.md#how-the-program-is-built-and-started): after tsc
// has built dist/ (the library, its types, on-change-guard.js and the worker threads, each one file
// that imports packages only), esbuild bundles the program's entry points, src/compile-cache.ts,
// src/relaunch.ts and src/cli.ts, over their dist/ files. A command module that cli.ts imports
// lazily becomes a chunk of its own; what several share, shared chunks; all flat in dist/. Node
// then reads and compiles ~45 files at a short command's start instead of ~150 modules of ours.
// Packages stay external: native addons (better-sqlite3, sharp) and WebAssembly need their own files.
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SRC = `${ROOT}src/`;

/** Each module's `import.meta.url` made the URL it has in tsc's dist/ (`./http/app.js` under dist/),
 * from the bundled file's own URL (every bundled file is in dist/ itself): the paths the sources
 * resolve from it (../package.json, ../../gallery/, a worker beside the module) stay right. */
const metaUrlAsBuilt = {
  name: 'import-meta-url-as-built',
  setup(bundler) {
    bundler.onLoad({ filter: /\/src\/.*\.ts$/ }, async ({ path }) => {
      const { readFile } = await import('node:fs/promises');
      const source = await readFile(path, 'utf8');
      if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
      const asBuilt = `./${relative(SRC, path).replace(/\.ts$/, '.js')}`;
      const contents = source.replaceAll('import.meta.url', `new URL(${JSON.stringify(asBuilt)}, import.meta.url).href`);
      return { contents, loader: 'ts' };
    });
  },
};

const result = await build({
  absWorkingDir: ROOT,
  entryPoints: ['src/cli.ts', 'src/relaunch.ts', 'src/compile-cache.ts'],
  outdir: 'dist',
  outbase: 'src',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  chunkNames: '[name]-[hash]',
  sourcemap: true,
  sourcesContent: true,
  allowOverwrite: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [metaUrlAsBuilt],
});
const files = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
console.log(`bundled the program: ${files.length} files in dist/ (${files.filter((file) => !/-[A-Z0-9]{8}\.js$/.test(file)).join(', ')} and chunks)`);
