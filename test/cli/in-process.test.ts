// The in-process runner (helpers/cli.ts runCli) keeps each run to itself: a variable commander reads
// is the run's own and put back after it, runs started together take turns with their own
// environments, and what a run could leave in the process (a signal handler, an open file, another
// working directory, an exit status) is found and named.
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { leftBehind, processState, runCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

t.test("a run's variables are its own, and put back after it", async (t) => {
  const pictures = tempDir(t);
  await writeImage(join(pictures, 'a.png'), { width: 64, height: 48, color: '#336699', format: 'png' });
  const [one, other] = [tempDir(t), tempDir(t)];
  t.equal((await runCli(['scan', pictures, '--quiet'], { WALLPAPER_HOME: one })).code, 0);
  const before = process.env.WALLPAPER_HOME;
  const [inOne, inOther] = await Promise.all([
    runCli(['list', '--json'], { WALLPAPER_HOME: one }),
    runCli(['list', '--json'], { WALLPAPER_HOME: other }),
  ]);
  t.equal(JSON.parse(inOne.stdout).pagination.total, 1, 'WALLPAPER_HOME, read by commander, is the run’s');
  t.equal(JSON.parse(inOther.stdout).pagination.total, 0, 'and the other run’s its own');
  t.equal(process.env.WALLPAPER_HOME, before, 'the test process keeps its own');
});

t.test('what a run leaves behind is named', async (t) => {
  const before = processState();
  t.same(leftBehind(before, processState(), undefined), [], 'nothing left: nothing named');
  const handler = () => undefined;
  process.on('SIGTERM', handler);
  const fd = openSync(join(tempDir(t), 'open.txt'), 'w');
  const left = leftBehind(before, processState(), 1);
  process.off('SIGTERM', handler);
  closeSync(fd);
  t.match(left, ['process.exitCode 1', 'a SIGTERM handler', /^open files \(.*open\.txt\)$/]);
  t.same(leftBehind(before, processState(), undefined), [], 'and once it is gone, nothing');
});
