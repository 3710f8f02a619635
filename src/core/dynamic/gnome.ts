// GNOME's timed background XML (gnome-desktop's slideshow format, as Debian's gnome-backgrounds
// ships it): `<background>` with a `<starttime>` (local time) and a cycle of `<static>` (a file
// shown for a duration in seconds) and `<transition>` (a cross-fade from one file to another over
// a duration) parts, played from the start time in a loop the length of their durations' sum.
// A `<file>` may list sizes (`<size width= height=>path</size>`): the largest is taken.
import { dirname } from 'node:path';
import { FrameFiles, MalformedDynamic, checkTransition } from './frames.js';
import { type Change, type Timed, settleChanges } from './timeline.js';
import { RefusedXml, XmlError, type XmlElement, child, parseXml, rootNameOf } from './xml.js';

/** The cycle's longest length: a cycle is a day or a week; a year's worth is not a wallpaper. */
const MAX_PERIOD_S = 366 * 86_400;

/** The file is not a timed background at all (another kind of XML): not a wallpaper, not an error. */
export const isTimedBackground = (root: XmlElement): boolean => root.name === 'background' && child(root, 'starttime') !== undefined;

/** Parse a timed background; undefined for XML that is no timed background (a background list, any
 * other document, well-formed or not: docs/formats.md#xml-files); MalformedDynamic for one that
 * cannot be played, or any document that declares entities (refused whatever it is). */
export function parseGnomeXml(text: string, path: string): Timed | undefined {
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (error) {
    if (!(error instanceof XmlError)) throw error;
    if (!(error instanceof RefusedXml) && rootNameOf(text) !== 'background') return undefined;
    throw new MalformedDynamic(`not well-formed XML: ${error.message}`);
  }
  if (root.name !== 'background') return undefined;
  const start = child(root, 'starttime');
  if (!start) return undefined;
  const anchor = startOf(start);
  const frames = new FrameFiles(dirname(path));
  const changes: Change[] = [];
  let at = 0;
  let part = 0;
  for (const element of root.children) {
    if (element.name !== 'static' && element.name !== 'transition') continue;
    part++;
    const where = `<${element.name}> ${part}`;
    const duration = Number(child(element, 'duration')?.text.trim());
    if (!(duration > 0) || !Number.isFinite(duration))
      throw new MalformedDynamic(
        `times out of order: ${where} lasts ${child(element, 'duration')?.text.trim() || 'no'} seconds (each part must last a positive time)`,
      );
    if (element.name === 'static') {
      changes.push({ at, frame: frames.of(fileOf(child(element, 'file')), `${where}'s <file>`) });
    } else {
      const from = frames.of(child(element, 'from')?.text ?? '', `${where}'s <from>`);
      const to = frames.of(child(element, 'to')?.text ?? '', `${where}'s <to>`);
      checkTransition(from, to, frames, where);
      changes.push({ at, frame: from }, { at: at + duration / 2, frame: to });
    }
    at += duration;
  }
  if (changes.length === 0) throw new MalformedDynamic('it has no <static> or <transition> part: no frame to show');
  if (at > MAX_PERIOD_S) throw new MalformedDynamic(`times out of order: its parts last ${Math.round(at / 86_400)} days (at most a year)`);
  return { kind: 'timed', frames: frames.frames, changes: settleChanges(changes), period: at, anchor };
}

function startOf(start: XmlElement): Date {
  const field = (name: string, min: number, max: number, fallback?: number) => {
    const text = child(start, name)?.text.trim();
    const value = text === undefined || text === '' ? fallback : Number(text);
    if (value === undefined || !Number.isInteger(value) || value < min || value > max)
      throw new MalformedDynamic(`times out of order: <starttime>'s <${name}> is ${text ?? 'missing'} (${min} to ${max})`);
    return value;
  };
  return new Date(
    field('year', 1970, 9999),
    field('month', 1, 12) - 1,
    field('day', 1, 31),
    field('hour', 0, 23, 0),
    field('minute', 0, 59, 0),
    field('second', 0, 59, 0),
  );
}

/** A static part's file: its text, or the largest of its `<size>` entries. */
function fileOf(file: XmlElement | undefined): string {
  if (!file) return '';
  const sizes = file.children.filter((c) => c.name === 'size');
  if (sizes.length === 0) return file.text;
  const area = (s: XmlElement) => Number(s.attributes.width) * Number(s.attributes.height) || 0;
  return sizes.reduce((best, s) => (area(s) > area(best) ? s : best)).text;
}
