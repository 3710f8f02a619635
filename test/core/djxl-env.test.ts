// djxl runs with glibc's mmap threshold fixed (docs/formats.md#memory): set when the environment has
// none, a value the user set kept, the rest of the environment passed on as it is.
import t from 'tap';
import { djxlEnv } from '../../src/core/formats/djxl.js';

t.test("djxl's environment", async (t) => {
  const rows: [string, NodeJS.ProcessEnv, string][] = [
    ['nothing set', { PATH: '/usr/bin' }, '131072'],
    ['the user set 65536', { PATH: '/usr/bin', MALLOC_MMAP_THRESHOLD_: '65536' }, '65536'],
    ['the user set it empty', { MALLOC_MMAP_THRESHOLD_: '' }, ''],
  ];
  for (const [label, env, expected] of rows) {
    const made = djxlEnv(env);
    t.equal(made.MALLOC_MMAP_THRESHOLD_, expected, label);
    t.equal(made.PATH, env.PATH, `${label}: the rest passed on`);
  }
});
