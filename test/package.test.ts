// What `npm publish` would ship (part 7): the bin, the built code with source maps that
// carry their sources, the gallery, the OpenAPI document, the service files, the README and the
// LICENSE; never tests, benchmarks, fixtures or the TypeScript sources.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface Packed {
  name: string;
  files: { path: string }[];
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// --ignore-scripts: `prepare` would build again; `npm test` has just built dist/.
const [packed] = JSON.parse(
  execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }),
) as Packed[];
const paths = packed!.files.map((file) => file.path);
const manifest = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as Record<string, unknown>;

t.test('the package holds what a user runs and reads', async (t) => {
  for (const needed of [
    'package.json',
    'README.md',
    'LICENSE',
    'bin/wallpaper.js',
    // bin/wallpaper.js is CommonJS by this file's "type" (the package is ES modules).
    'bin/package.json',
    'dist/cli.cjs',
    'dist/cli.cjs.map',
    'dist/core/index.js',
    'dist/core/index.d.ts',
    'dist/http/server.js',
    'gallery/index.html',
    'gallery/js/app.js',
    'openapi/openapi.json',
    'contrib/systemd/wallpaper.service',
  ]) {
    t.ok(paths.includes(needed), needed);
  }
  // The README's links to user documentation ship with it; links to the workshop (bench/, test/)
  // are for contributors, and npm resolves relative links against the repository.
  for (const link of readFileSync(`${ROOT}/README.md`, 'utf8').matchAll(/\]\((?!https?:|#)([^)#]+)/g)) {
    if (/^(bench|test)\//.test(link[1]!)) continue;
    t.ok(
      paths.includes(link[1]!) || paths.some((path) => path.startsWith(`${link[1]}/`)),
      `the README's link ${link[1]} is in the package`,
    );
  }
});

t.test('and nothing of the workshop', async (t) => {
  const workshop = paths.filter((path) => /^(test|bench|src|node_modules|test-artifacts|\.ci|\.tap)\//.test(path) || /fixture/i.test(path));
  t.same(workshop, [], 'no tests, benchmarks, fixtures or sources');
  t.notOk(
    paths.some((path) => path.endsWith('.ts') && !path.endsWith('.d.ts')),
    'no TypeScript sources',
  );
});

t.test('source maps carry their sources, so stack traces point at real lines without src/', async (t) => {
  const map = JSON.parse(readFileSync(`${ROOT}/dist/cli.cjs.map`, 'utf8')) as { sources: string[]; sourcesContent?: string[] };
  t.equal(map.sourcesContent?.length, map.sources.length);
  // The bundled cli.cjs holds src/cli.ts among the sources it was made of.
  t.match(map.sourcesContent?.[map.sources.findIndex((source) => source.endsWith('src/cli.ts'))], /createProgram/);
});

t.test('a publishable manifest', async (t) => {
  t.not(manifest.name, 'wallpaper', '"wallpaper" is taken on npm');
  t.same(manifest.bin, { wallpaper: 'bin/wallpaper.js' }, 'the command stays wallpaper');
  t.equal(manifest.license, 'MIT');
  t.match(manifest, { repository: { url: /^git\+https:\/\// }, homepage: /^https:\/\//, bugs: { url: /^https:\/\// } });
  t.match(manifest.engines, { node: '>=20.19.0' });
});
