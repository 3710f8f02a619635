// Whether GNOME's lock screen can be set is read from its schema's keys (`gsettings list-keys`): a
// schema gsettings says it lacks is a reason (nothing set, the desktop named), any other failure of
// the tool (a timeout on a loaded machine, a crash) is the tool's error, never "not installed".
import t from 'tap';
import { lockScreenOf } from '../../src/core/desktop/setters/lock.js';
import { session } from '../helpers/fake-desktop.js';

const cases: [string, string, RegExp][] = [
  ['no such schema: a reason naming the missing settings', 'No such schema “org.gnome.desktop.screensaver”', /are not installed/],
  ["any other failure: the tool's error", 'gsettings: the settings backend did not answer', /gsettings failed .*did not answer/],
];

for (const [title, stderr, expected] of cases) {
  t.test(title, async (t) => {
    const s = await session(t, ['gsettings'], {
      XDG_CURRENT_DESKTOP: 'GNOME',
      FAKE_FAIL: 'gsettings',
      FAKE_FAIL_ON: 'list-keys',
      FAKE_STDERR: stderr,
    });
    const answer = lockScreenOf({ ...s.options }).then(
      (found) => (found.lock ? 'a lock screen' : found.reason),
      (error: Error) => `error: ${error.message}`,
    );
    t.match(await answer, expected);
    if (expected.source.includes('not installed')) t.notMatch(await answer, /^error/);
    else t.match(await answer, /^error/);
  });
}
