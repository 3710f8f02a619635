// The six real-desktop suites, one after another in this one tap job. Each starts a desktop that
// needs most of a core, so only one may run at a time; run as files of their own, the ones waiting
// for the desktop lock held tap's parallel jobs idle (three of four for two minutes in a CI run).
// Here the other jobs keep running the rest of the suite. Each suite is still a process of its own
// (its desktop's processes end with it), reported as a subtest; `npx tap test/desktop/gnome.test.ts`
// runs one alone. package.json's tap `exclude` keeps tap from running them a second time. The file's
// name sorts first (tap starts files in name order), so its eight or so minutes overlap the rest of
// the suite instead of running on after it.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { DESKTOP_SUITES } from './helpers/desktops/suites-list.js';

const here = join(dirname(fileURLToPath(import.meta.url)), 'desktop');
// Each suite holds the desktop lock up to 20 minutes; six in a row need more than tap's 180 s.
t.setTimeout(DESKTOP_SUITES.length * 20 * 60_000);

for (const name of DESKTOP_SUITES) {
  await t.spawn(process.execPath, [...process.execArgv, join(here, `${name}.test.ts`)], { env: process.env }, name);
}
