// `npm start` in a checkout: it serves a try library in the checkout's `.try/` and says
// so, and writes nothing to the real data folders (the README's quick start then uses the same
// home). The script's own command runs as npm runs it (`sh -c`, in the package's folder, with
// `npm start -- ARGS` appended), with HOME and the XDG homes pointed at an empty folder that must
// stay empty.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { tempDir, writeImage } from './helpers/fixtures.js';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const START = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;

/** Every file and folder under `dir`, relative to it. */
const everything = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' });

t.test('npm start serves a try library under the checkout and writes nowhere else', { skip: process.platform === 'win32' }, async (t) => {
  // A checkout of its own: bin/ linked (it imports dist/ through its real path), so `.try` is made here.
  const checkout = tempDir(t);
  symlinkSync(join(ROOT, 'bin'), join(checkout, 'bin'));
  const realHome = tempDir(t);
  const pictures = tempDir(t);
  await writeImage(join(pictures, 'dune.jpg'), { width: 64, height: 36, color: '#c08040' });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: realHome,
    XDG_CONFIG_HOME: join(realHome, '.config'),
    XDG_DATA_HOME: join(realHome, '.local/share'),
    XDG_CACHE_HOME: join(realHome, '.cache'),
    XDG_STATE_HOME: join(realHome, '.local/state'),
  };
  // Unset, not empty: an empty WALLPAPER_DATABASE_URL is taken as a database URL of its own.
  for (const name of ['WALLPAPER_HOME', 'WALLPAPER_DATABASE_URL', 'WALLPAPER_TOKEN']) delete env[name];
  const child = spawn('sh', ['-c', `${START} --port 0 ${pictures}`], {
    cwd: checkout,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const closed = new Promise((done) => child.on('close', done));
  t.teardown(async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Already gone: its exit may not have been reported yet (exitCode still null), as in a full run.
    }
    await closed;
  });
  const lines: string[] = [];
  let url: string | undefined;
  for await (const line of createInterface({ input: child.stdout })) {
    lines.push(line);
    url = /^Listening on (http:\/\/\S+)$/.exec(line)?.[1];
    if (url) break;
  }
  t.ok(url, `it listens (${lines.join(' | ')})`);
  const tryHome = join(checkout, '.try');
  t.match(lines[0], `a try library in ${tryHome} `, 'it says where it writes, first');
  t.match(lines[0], /npx wallpaper --home \.try scan FOLDER/, 'and how to use the same library from the command line');

  // A refresh is answered by a scan that started after it: the folder given is indexed by then.
  const refresh = await fetch(`${url}/api/refresh`, { method: 'POST' });
  t.equal(refresh.status, 200, 'a refresh from this machine');
  const list = (await (await fetch(`${url}/api/wallpapers`)).json()) as { wallpapers: { id: string }[] };
  t.equal(list.wallpapers.length, 1, 'the folder given to npm start is in the try library');
  t.equal((await fetch(`${url}/api/wallpapers/${list.wallpapers[0]!.id}/thumbnail`)).status, 200, 'with its thumbnail');

  process.kill(-child.pid!, 'SIGTERM');
  await closed;
  t.ok(existsSync(join(tryHome, 'index.sqlite')), 'the index is in .try/');
  t.ok(
    everything(tryHome).some((path) => path.startsWith('thumbnails')),
    'so are the thumbnails',
  );
  t.same(everything(realHome), [], 'nothing was written to HOME or the XDG homes');
});
