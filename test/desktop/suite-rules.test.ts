// When a real-desktop suite runs: a missing tool is a skip with the reason locally but a failure in
// CI, and a CI run that keeps the desktops for another Node skips them with that reason.
import t from 'tap';
import { cannotRun } from '../helpers/desktops/session.js';

const withEnv = (env: Record<string, string | undefined>, check: () => void) => {
  const saved = { CI: process.env.CI, DESKTOP_SUITES_ELSEWHERE: process.env.DESKTOP_SUITES_ELSEWHERE };
  Object.assign(process.env, { CI: '', DESKTOP_SUITES_ELSEWHERE: '' }, env);
  try {
    check();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
};

t.test('a missing tool: a skip naming it and its packages, locally', async (t) => {
  withEnv({}, () => {
    t.equal(cannotRun(['sh'], 'dash'), undefined, 'present: the suite runs');
    t.equal(
      cannotRun(['sh', 'no-such-desktop-tool'], 'desk-pkg'),
      'no-such-desktop-tool not installed (apt-get install --no-install-recommends desk-pkg)',
    );
  });
});

t.test('a missing tool in CI: a failure, never a skip', async (t) => {
  withEnv({ CI: 'true' }, () => {
    t.throws(() => cannotRun(['no-such-desktop-tool'], 'desk-pkg'), /CI must have every desktop: no-such-desktop-tool not installed/);
  });
});

t.test('desktops kept for another Node of this CI run: skipped with that reason', async (t) => {
  withEnv({ CI: 'true', DESKTOP_SUITES_ELSEWHERE: 'run on Node 20 in this CI run' }, () => {
    t.equal(cannotRun(['no-such-desktop-tool'], 'desk-pkg'), 'run on Node 20 in this CI run');
  });
});

t.test('every suite that starts a desktop runs in the one tap job for them, and only there', async (t) => {
  const { readdirSync, readFileSync } = await import('node:fs');
  const { DESKTOP_SUITES } = await import('../helpers/desktops/suites-list.js');
  const dir = new URL('.', import.meta.url);
  const starting = readdirSync(dir)
    .filter((file) => file.endsWith('.test.ts') && readFileSync(new URL(file, dir), 'utf8').match(/await startOrSkip\(t, /))
    .map((file) => file.replace('.test.ts', ''))
    .sort();
  t.same([...DESKTOP_SUITES].sort(), starting, 'the list names every suite that starts a desktop');
  const { tap } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  t.ok(
    tap.exclude.includes(`test/desktop/{${DESKTOP_SUITES.join(',')}}.test.ts`),
    "package.json's tap exclude names the same suites, so tap does not run them twice",
  );
});
