// `list` and `random` must start fast: they never load sharp (slow to load) nor the HTTP stack.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { BIN, runCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

const REPORTER = fileURLToPath(new URL('../fixtures/report-loaded.mjs', import.meta.url));

t.test('list and random load neither sharp nor the HTTP stack; scan does load sharp', async (t) => {
  const root = tempDir(t);
  const pictures = join(root, 'pictures');
  await writeImage(join(pictures, 'a.jpg'), { width: 64, height: 48, color: '#336699' });
  const home = join(root, 'home');
  const loaded = (args: string[]) => {
    const report = join(root, `loaded-${args[0]}.txt`);
    const result = spawnSync(process.execPath, ['--import', REPORTER, BIN, '--home', home, ...args], {
      // MALLOC_ARENA_MAX set: scan runs in this process, not relaunched (test/cli/relaunch.test.ts).
      env: { ...process.env, REPORT_LOADED: report, WALLPAPER_HOME: '', WALLPAPER_SERVER: '', MALLOC_ARENA_MAX: '2' },
      encoding: 'utf8',
    });
    t.equal(result.status, 0, `${args.join(' ')}: ${result.stderr}`);
    return readFileSync(report, 'utf8').split('\n');
  };
  t.ok(loaded(['scan', pictures, '--quiet']).includes('sharp'), 'the reporter sees sharp when it is loaded');
  for (const args of [['list', '--json'], ['random', '--json'], ['random']]) {
    const packages = loaded(args);
    t.ok(packages.includes('better-sqlite3'), `${args.join(' ')} reads the index`);
    for (const heavy of ['sharp', 'undici', 'busboy']) t.notOk(packages.includes(heavy), `${args.join(' ')} does not load ${heavy}`);
  }
  t.equal((await runCli(['--home', home, 'list', '--json'])).code, 0);
});
