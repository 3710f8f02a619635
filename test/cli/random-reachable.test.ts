// `random --set` from cron with a disk away: the library keeps the away folder's wallpapers (so
// nothing is lost while it is unmounted), but random never hands out their paths while a reachable
// match exists, and a file changed behind the index is not set under its old record.
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { runCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

const FAKE = fileURLToPath(new URL('../fixtures/fake-setters/record', import.meta.url));

t.test('random --set skips a disk that is away and files changed behind the index', async (t) => {
  const root = tempDir(t);
  const usb = join(root, 'usb');
  const local = join(root, 'local');
  for (let i = 0; i < 6; i++) await writeImage(join(usb, `u${i}.jpg`), { width: 64, height: 40, color: `#${i}0${9 - i}0${i}0` });
  await writeImage(join(local, 'keep.jpg'), { width: 64, height: 40, color: '#c0c0c0' });
  await writeImage(join(local, 'edited.jpg'), { width: 64, height: 40, color: '#205080' });
  const bin = join(root, 'bin');
  mkdirSync(bin);
  copyFileSync(FAKE, join(bin, 'my-setter'));
  chmodSync(join(bin, 'my-setter'), 0o755);
  const log = join(root, 'calls.log');
  const home = join(root, 'home');
  const cli = (...args: string[]) => runCli(['--home', home, ...args], { PATH: `${bin}:${process.env.PATH}`, FAKE_LOG: log });
  t.equal((await cli('scan', usb, local, '--quiet')).code, 0);
  t.equal((await cli('config', 'set', 'set_command', 'my-setter {path}')).code, 0);

  renameSync(usb, `${usb}-unmounted`);
  writeFileSync(join(local, 'edited.jpg'), 'edited behind the index');
  const scan = await cli('scan');
  t.match(scan.stderr, /6 wallpapers unavailable: kept from folders that cannot be read now/, 'scan says how many are away');
  t.match(scan.stdout, /, 6 unavailable/);
  writeFileSync(join(local, 'keep.jpg'), readFileSync(join(local, 'keep.jpg'))); // same bytes, rewritten: still fine once rescanned
  await cli('scan', '--quiet');

  for (let i = 0; i < 15; i++) {
    const result = await cli('random', '--set', '--allow-repeat');
    t.equal(result.code, 0, `run ${i}: ${result.stderr}`);
    t.equal(result.stdout, `${join(local, 'keep.jpg')}\n`, 'the reachable, unchanged file');
  }
  const calls = existsSync(log) ? readFileSync(log, 'utf8') : '';
  t.notMatch(calls, /usb/, 'no path of the away disk reached the setter');
});
