// A change of some monitors only (`hide current`, `back`, a set on one monitor, `POST
// /api/wallpapers/{id}/set` with a monitor). Most setters change just those; feh and swaybg redraw
// every monitor at once (feh hands its files to the screens in order, a new swaybg replaces the old
// one for every output), so there the other monitors are given what they show now: without it they
// would go blank, or with feh take a file meant for another monitor.
import type { Library } from '../../types.js';
import { shownFiles } from '../screen/index.js';
import { readOnScreen } from '../record/index.js';
import type { Session } from '../session/index.js';
import { type Assignment, setEachMonitor } from '../setters/index.js';

export async function setOnly(session: Session, library: Library, assignments: readonly Assignment[]): Promise<{ setter: string }> {
  const setCommand = library.settings().set_command;
  const options = session.setterOptions(setCommand);
  const info = session.setter(setCommand);
  if (!info.name || !info.redrawsAll || assignments.length === 0) return setEachMonitor(assignments, options, { only: true });
  const monitors = await session.monitors(readOnScreen(library.dirs.data).last_request?.options.monitors);
  const shown = await shownFiles(session, library);
  const whole = monitors.map((monitor) => {
    const own = assignments.find((assignment) => assignment.monitor.name === monitor.name);
    if (own) return own;
    const file = shown.find((candidate) => candidate.monitor === monitor.name) ?? shown.find((candidate) => candidate.monitor === null);
    // A monitor whose file nobody knows is redrawn anyway: with a file given, not another's place.
    return { monitor, file: file?.path ?? assignments[0]!.file };
  });
  return setEachMonitor(whole, options, { only: true });
}
