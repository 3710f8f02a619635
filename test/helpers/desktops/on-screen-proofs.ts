// The wallpaper on the screen now (docs/design.md#the-wallpaper-on-screen), proven by screenshot on a real desktop:
// the cases a desktop suite adds with one call, on the desktop it already started. `current` names
// what each monitor shows (read back from the desktop where it can tell); `back` puts back exactly
// what each monitor showed before the last change; `hide current` hides the primary monitor's
// wallpaper and puts another there. With `showUnknown` (the desktop's own tool setting a file the
// library does not know), `current --json` names that file with its path and a null id.
// The CLI runs in this process with the session's environment (no Node start per call).
import { join } from 'node:path';
import type { Test } from 'tap';
import { writeImage } from '../fixtures.js';
import { wallpaperInProcess } from './cli.js';
import { isColour, type Library, type Place, reported, screenColours, waitForScreen } from './screen.js';
import type { Desktop } from './session.js';

export interface OnScreenOptions {
  /** Put `file` (not in the library) on every monitor with the desktop's own tool. */
  showUnknown?: (file: string) => Promise<void>;
  /** The monitor `current` means without --monitor (default: the first place). */
  primary?: string;
}

/** A colour no fixture has (far from every one of them), for the file the library does not know. */
const STRANGER = '#e040e0';

const sorted = (lines: [string, string][]) => [...lines].sort(([a], [b]) => a.localeCompare(b));

export function onScreenProofs(
  t: Test,
  desktop: Desktop,
  places: () => readonly Place[],
  library: Library,
  options: OnScreenOptions = {},
): void {
  const cli = (...args: string[]) => wallpaperInProcess(desktop, library.home, args);
  /** The file `lines` name for a monitor: its own line, else the one for all (or the light slot). */
  const pathOn = (lines: [string, string][], monitor: string) =>
    (lines.find(([name]) => name === monitor) ?? lines.find(([name]) => name === '' || name === 'light'))?.[1];
  /** Per place, the path shown there. */
  const pathsOf = (lines: [string, string][]) => places().map((place) => pathOn(lines, place.name));
  /** Per place, the colour of the file shown there. */
  const coloursOf = (lines: [string, string][]) => pathsOf(lines).map((path) => library.fixtureOf(path ?? '')?.colour ?? '#000000');
  const primary = () => options.primary ?? places()[0]?.name ?? '';
  const set = async (t: Test, label: string) => {
    const result = await cli('random', '--set');
    t.equal(result.code, 0, `${label}: exit 0 ${result.stderr}`);
    const lines = reported(result.stdout);
    const screen = await waitForScreen(desktop, places(), coloursOf(lines), 8000);
    t.ok(screen.ok, `${label}: the screen shows ${coloursOf(lines).join(', ')} (seen ${screen.seen.join(', ')})`);
    return { lines, seen: screen.seen };
  };

  t.test('on screen: current names what each monitor shows', async (t) => {
    const { lines } = await set(t, 'set');
    const current = await cli('current');
    t.equal(current.code, 0, current.stderr);
    t.same(sorted(reported(current.stdout)), sorted(lines), `current names what the screen shows: ${current.stdout.trim()}`);
    const json = JSON.parse((await cli('current', '--json')).stdout);
    t.ok(Array.isArray(json), 'current --json: always an array (docs/design.md#the-wallpaper-on-screen)');
    const records = json.map((entry: { wallpaper: unknown }) => entry.wallpaper);
    t.ok(
      records.every((record: { id: string | null }) => typeof record.id === 'string'),
      'every file shown is a wallpaper of the library, with its id',
    );
  });

  if (options.showUnknown) {
    const showUnknown = options.showUnknown;
    t.test("on screen: a file the desktop's own tool set is named by its path, id null", async (t) => {
      const stranger = await writeImage(join(desktop.dir, 'elsewhere', 'stranger.png'), {
        width: 1920,
        height: 1080,
        color: STRANGER,
        format: 'png',
      });
      await showUnknown(stranger);
      const screen = await waitForScreen(
        desktop,
        places(),
        places().map(() => STRANGER),
        8000,
      );
      t.ok(screen.ok, `the screen shows the stranger (seen ${screen.seen.join(', ')})`);
      const current = await cli('current', '--json');
      t.equal(current.code, 0, current.stderr);
      const records = JSON.parse(current.stdout).map((entry: { wallpaper: unknown }) => entry.wallpaper);
      t.ok(records.length > 0, 'current --json: the array of what each monitor shows');
      t.same(
        new Set(records.map((record: unknown) => JSON.stringify(record))),
        new Set([JSON.stringify({ id: null, path: stranger })]),
        `read back from the desktop: ${current.stdout.trim()}`,
      );
    });
  }

  // What is on the screen now (the last case's set, or the stranger) is what back must restore.
  t.test('on screen: back puts back exactly what each monitor showed before the last change', async (t) => {
    const before = reported((await cli('current')).stdout);
    const seen = await screenColours(desktop, places());
    const change = await set(t, 'a change');
    t.ok(
      change.seen.some((colour, i) => !isColour(colour, seen[i]!)),
      'the change changed the screen',
    );
    const back = await cli('back');
    t.equal(back.code, 0, back.stderr);
    t.same(pathsOf(reported(back.stdout)), pathsOf(before), `back reports what was there: ${back.stdout.trim()}`);
    const screen = await waitForScreen(desktop, places(), seen, 8000);
    t.ok(screen.ok, `each monitor shows what it showed before: ${seen.join(', ')} (seen ${screen.seen.join(', ')})`);
  });

  t.test('on screen: hide current hides the wallpaper on the primary monitor and shows another', async (t) => {
    // The screen shows a set of the library's again (back put the stranger back: set over it).
    if (options.showUnknown) await set(t, 'set');
    const lines = reported((await cli('current')).stdout);
    const before = await screenColours(desktop, places());
    const shown = pathOn(lines, primary()) ?? '';
    const hide = await cli('hide', 'current');
    t.equal(hide.code, 0, hide.stderr);
    t.match(hide.stdout, /^hidden: [0-9a-f]{16} /, 'hidden, by its id');
    t.match(hide.stdout, shown, `the primary monitor's: ${shown}`);
    const hidden = JSON.parse((await cli('list', '--hidden', 'true', '--json')).stdout);
    t.same(
      hidden.wallpapers.map((w: { path: string }) => w.path),
      [shown],
      'the library lists it as hidden',
    );
    const after = reported((await cli('current')).stdout);
    const now = pathOn(after, primary());
    t.not(now, shown, `another wallpaper on the primary monitor: ${now}`);
    const screen = await waitForScreen(desktop, places(), coloursOf(after), 8000);
    t.ok(screen.ok, `the screen shows it (seen ${screen.seen.join(', ')})`);
    const index = Math.max(
      0,
      places().findIndex((place) => place.name === primary()),
    );
    t.notOk(isColour(screen.seen[index]!, before[index]!), 'the primary monitor changed');
    t.equal((await cli('hide', shown, '--off')).code, 0, 'shown again for the next cases');
  });
}
