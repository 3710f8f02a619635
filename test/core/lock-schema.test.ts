// Whether GNOME's lock screen can be set is read from its schema's keys (`gsettings list-keys`): a
// schema gsettings says it lacks is a reason (nothing set, the desktop named), any other failure of
// the tool (a timeout on a loaded machine, a crash) is the tool's error, never "not installed".
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import t from 'tap';
import { lockScreenOf } from '../../src/core/desktop/setters/lock.js';
import { session } from '../helpers/fake-desktop.js';

/** [title, what the fake gsettings says on list-keys, the answer expected, whether it is an error] */
const cases: [string, string, RegExp, boolean][] = [
  ['no such schema: a reason naming the missing settings', 'No such schema “org.gnome.desktop.screensaver”', /are not installed/, false],
  ["any other failure: the tool's error", 'gsettings: the settings backend did not answer', /gsettings failed .*did not answer/, true],
];

for (const [title, stderr, expected, isError] of cases) {
  t.test(title, async (t) => {
    const s = await session(t, ['gsettings'], {
      XDG_CURRENT_DESKTOP: 'GNOME',
      FAKE_FAIL: 'gsettings',
      FAKE_FAIL_ON: 'list-keys',
      FAKE_STDERR: stderr,
    });
    const answer = await lockScreenOf({ ...s.options }).then(
      (found) => (found.lock ? 'a lock screen' : found.reason),
      (error: Error) => `error: ${error.message}`,
    );
    t.match(answer, expected);
    t.equal(answer.startsWith('error: '), isError, isError ? 'an error' : 'a reason, not an error');
  });
}

// The fake's words are the real tool's: Debian's gsettings on a schema it does not have.
t.test(
  "the real gsettings says 'No such schema' for a schema it lacks",
  { skip: !existsSync('/usr/bin/gsettings') && 'gsettings is not installed' },
  async (t) => {
    const failed = (() => {
      try {
        execFileSync('/usr/bin/gsettings', ['list-keys', 'org.example.wallpaper.none'], { stdio: 'pipe' });
        return '';
      } catch (error) {
        return String((error as { stderr?: Buffer }).stderr);
      }
    })();
    t.match(failed, /No such schema/);
  },
);
