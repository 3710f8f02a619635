// Progress is drawn only on a terminal: the scan's ora spinner with counts and rate on a TTY stream,
// nothing decorative otherwise. Runs the CLI in-process with streams that say whether they are TTYs.
// Nothing is timed: the `stty cols 0` scan's proof is that it ended with its lines (a limit that only
// ends a hang), and output is bounded by its bytes.
import { spawnSync } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import t from 'tap';
import { run } from '../../src/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

function streams(isTTY: boolean) {
  const capture = () => {
    const stream = new PassThrough();
    // A terminal as ora sees one: the flag and the cursor calls of tty.WriteStream.
    Object.assign(stream, {
      isTTY,
      columns: 100,
      cursorTo: (_x: number, callback?: () => void) => {
        stream.write('\r');
        callback?.();
        return true;
      },
      clearLine: (_dir: number, callback?: () => void) => {
        callback?.();
        return true;
      },
      moveCursor: (_dx: number, _dy: number, callback?: () => void) => {
        callback?.();
        return true;
      },
    });
    let text = '';
    stream.on('data', (chunk: Buffer) => (text += chunk));
    return { stream, text: () => text };
  };
  return { out: capture(), err: capture() };
}

t.test('a terminal gets a spinner with counts and rate; a pipe gets one summary line', async (t) => {
  const root = tempDir(t);
  const pictures = join(root, 'pictures');
  for (let i = 0; i < 6; i++) await writeImage(join(pictures, `${i}.jpg`), { width: 800, height: 600, color: `#${i}0${i}0${i}0` });

  const tty = streams(true);
  const code = await run(['node', 'wallpaper', '--home', join(root, 'home-a'), 'scan', pictures], {
    env: {},
    stdout: tty.out.stream,
    stderr: tty.err.stream,
  });
  t.equal(code, 0);
  t.match(tty.err.text(), /Scanning: \d+\/6 read, 0 failed, [\d.]+\/s/);
  t.match(tty.out.text(), /^Indexed 6 wallpapers: 6 added/);

  const pipe = streams(false);
  t.equal(
    await run(['node', 'wallpaper', '--home', join(root, 'home-b'), 'scan', pictures], {
      env: {},
      stdout: pipe.out.stream,
      stderr: pipe.err.stream,
    }),
    0,
  );
  t.equal(pipe.err.text(), '', 'no spinner when stderr is not a terminal');
  t.match(
    pipe.out.text(),
    /^Indexed 6 wallpapers: 6 added, 0 updated, 0 removed, 0 unchanged, 0 duplicates, 0 skipped, 0 failed \(\d+\.\d s\)\n$/,
  );

  const cron = streams(true);
  await run(['node', 'wallpaper', '--home', join(root, 'home-c'), 'scan', pictures], {
    env: { CI: 'true' },
    stdout: cron.out.stream,
    stderr: cron.err.stream,
  });
  t.equal(cron.err.text(), '', 'CI is never treated as interactive');
});

t.test('a terminal of 0 columns is no terminal: no spinner', async (t) => {
  const root = tempDir(t);
  // At least 320x200: a smaller picture gets the scan's min_size hint on stderr (docs/cli.md).
  await writeImage(join(root, 'pictures', 'a.jpg'), { width: 320, height: 200, color: '#305070' });
  const zero = streams(true);
  Object.assign(zero.err.stream, { columns: 0 });
  const code = await run(['node', 'wallpaper', '--home', join(root, 'home'), 'scan', join(root, 'pictures')], {
    env: {},
    stdout: zero.out.stream,
    stderr: zero.err.stream,
  });
  t.equal(code, 0);
  t.equal(zero.err.text(), '', 'nothing drawn');
});

t.test('scan under `script` with `stty cols 0` ends, and writes a few lines, not a flood', async (t) => {
  const root = tempDir(t);
  for (let i = 0; i < 4; i++) await writeImage(join(root, 'pictures', `${i}.jpg`), { width: 320, height: 200, color: `#${i}${i}4060` });
  const bin = fileURLToPath(new URL('../../bin/wallpaper.js', import.meta.url));
  const command = `stty cols 0 rows 0; ${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} --home ${JSON.stringify(join(root, 'home'))} scan ${JSON.stringify(join(root, 'pictures'))}`;
  // The limit only ends a hang (a scan that never ends on a 0-column terminal): never measured.
  const result = spawnSync('script', ['-qec', command, '/dev/null'], {
    encoding: 'utf8',
    timeout: 180_000,
    env: { ...process.env, CI: '' },
  });
  t.equal(result.error, undefined, 'script ran and ended within its timeout');
  t.equal(result.status, 0, result.stderr);
  t.match(result.stdout, /Indexed 4 wallpapers/);
  t.ok(result.stdout.length < 4096, `${result.stdout.length} bytes of output`);
  t.notMatch(result.stdout, /\u001b\[/, 'no cursor codes');
});
