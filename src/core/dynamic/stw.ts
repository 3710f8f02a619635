// wallutils' Simple Timed Wallpaper, version 1.0 (its stw-1.0.0 spec): UTF-8 lines of `key: value`
// fields (`stw: 1.0` required, `name`, `format` with a `%s` the frame names fill) and times:
// `@HH:MM: file` shows a file from then, `@HH:MM-HH:MM: a .. b | overlay` cross-fades from a to b
// over that span (start inclusive, end exclusive). Times run from 00:00 to 23:59, each after the
// one above it (only the last transition may run past midnight). `#` and `//` lines are comments. A relative file name is read from
// the .stw file's own folder.
import { dirname } from 'node:path';
import { FrameFiles, MalformedDynamic, checkDayOrder, checkTransition } from './frames.js';
import { type Change, type Timed, settleChanges } from './timeline.js';

const FIELD = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/;
const TIME = /^@(\d{1,2}):(\d{2})(?:\s*-\s*(\d{1,2}):(\d{2}))?\s*:\s*(.*)$/;

export function parseStw(text: string, path: string): Timed {
  const frames = new FrameFiles(dirname(path));
  const fields = new Map<string, string>();
  const times: { at: number; until?: number; where: string }[] = [];
  const changes: Change[] = [];
  for (const [n, raw] of text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .entries()) {
    const line = raw.trim();
    const where = `line ${n + 1}`;
    if (line === '' || line.startsWith('#') || line.startsWith('//')) continue;
    const time = TIME.exec(line);
    if (time) {
      if (!fields.has('stw')) throw new MalformedDynamic(`${where}: a time before the "stw: 1.0" line`);
      const at = clock(time[1]!, time[2]!, where);
      const named = (name: string) => (fields.get('format') ?? '%s').replace('%s', name.trim());
      if (time[3] === undefined) {
        changes.push({ at, frame: frames.of(named(time[5]!), where) });
        times.push({ at, where });
        continue;
      }
      const until = clock(time[3], time[4]!, where);
      const [files = '', kind] = time[5]!.split('|');
      if (kind !== undefined && kind.trim() !== 'overlay')
        throw new MalformedDynamic(`${where}: transition type "${kind.trim()}" (version 1.0 has only overlay)`);
      const parts = files.split('..');
      if (parts.length !== 2) throw new MalformedDynamic(`${where}: a transition is "FROM .. TO"`);
      const from = frames.of(named(parts[0]!), where);
      const to = frames.of(named(parts[1]!), where);
      checkTransition(from, to, frames, where);
      const length = (((until - at) % 86_400) + 86_400) % 86_400;
      changes.push({ at, frame: from }, { at: (at + length / 2) % 86_400, frame: to });
      times.push({ at, until, where });
      continue;
    }
    const field = FIELD.exec(line);
    if (!field) throw new MalformedDynamic(`${where} is neither a "key: value" field nor an @time`);
    fields.set(field[1]!.toLowerCase(), field[2]!.trim());
  }
  const version = fields.get('stw');
  if (version === undefined) throw new MalformedDynamic('no "stw: 1.0" line');
  if (!/^1\.0(\.0)?$/.test(version)) throw new MalformedDynamic(`stw version ${version} (1.0 is read)`);
  if (times.length === 0) throw new MalformedDynamic('no @time: no frame to show');
  checkDayOrder(times);
  return { kind: 'timed', frames: frames.frames, changes: settleChanges(changes), period: 86_400, anchor: null };
}

function clock(hours: string, minutes: string, where: string): number {
  const h = Number(hours);
  const m = Number(minutes);
  if (h > 23 || m > 59) throw new MalformedDynamic(`times out of order: ${where} has ${hours}:${minutes}, not a time of day`);
  return h * 3600 + m * 60;
}
