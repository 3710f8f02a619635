// The one wallpaper the panel shows (`current --as waybar`, the tray's icon, tooltip and menu title):
// the one on the primary monitor, in the slot its scheme shows now (as `current` names it, see
// docs/cli.md#wallpaper-current-back-and-next), described by title, size and credit (the source's author, else the source's
// name, else the folder it is in).
import { basename, dirname } from 'node:path';
import type { Library } from '../../types.js';
import { currentId, entriesOf, shownFiles } from './current.js';
import type { Session } from '../session/index.js';
import type { ShownNow } from '../types.js';

/** The wallpaper on the primary monitor now, or undefined when nothing is known to be on screen. */
export async function shownNow(session: Session, library: Library): Promise<ShownNow | undefined> {
  const entries = entriesOf(library, await shownFiles(session, library));
  if (entries.length === 0) return undefined;
  const id = await currentId(session, library).then(
    (found) => found.id,
    () => undefined,
  );
  const entry = entries.find((candidate) => candidate.wallpaper?.id === id) ?? entries[0]!;
  const wallpaper = entry.wallpaper;
  const source = wallpaper?.source;
  const title = wallpaper?.title ?? basename(entry.path);
  const size = wallpaper ? `${wallpaper.width}x${wallpaper.height}` : null;
  const credit = source?.author ? `${source.author} (${source.name})` : (source?.name ?? basename(dirname(entry.path)));
  return { entry, title, size, credit, tooltip: [title, ...(size ? [size] : []), credit].join('\n') };
}
