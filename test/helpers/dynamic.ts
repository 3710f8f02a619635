// Dynamic wallpapers made in the tests (docs/design.md#the-time-of-day): GNOME timed XML and .stw text beside
// frames made with sharp, and Apple dynamic HEICs made as a Mac user's tools make them: the frames
// encoded by Debian's heif-enc (libheif-examples), the apple_desktop XMP written by exiftool
// (libimage-exiftool-perl) with the namespace declared in a config file, its value a binary plist
// encoded here (bplistOf: the subset Apple's plists use).
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { writeImage } from './fixtures.js';

const run = promisify(execFile);

type Value = number | string | boolean | Value[] | { [key: string]: Value };

/** A binary plist (bplist00) of `value`: integers, reals, strings, arrays, dictionaries. */
export function bplistOf(value: Value): Buffer {
  const objects: Buffer[] = [];
  const add = (v: Value): number => {
    const index = objects.length;
    objects.push(Buffer.alloc(0));
    const head = (type: number, n: number) =>
      n < 15 ? Buffer.from([(type << 4) | n]) : Buffer.from([(type << 4) | 15, 0x11, n >> 8, n & 0xff]);
    let bytes: Buffer;
    if (typeof v === 'boolean') bytes = Buffer.from([v ? 0x09 : 0x08]);
    else if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 65536) bytes = Buffer.from([0x11, v >> 8, v & 0xff]);
    else if (typeof v === 'number') {
      bytes = Buffer.alloc(9);
      bytes[0] = 0x23;
      bytes.writeDoubleBE(v, 1);
    } else if (typeof v === 'string') bytes = Buffer.concat([head(5, v.length), Buffer.from(v, 'latin1')]);
    else if (Array.isArray(v)) {
      const refs = v.map(add);
      bytes = Buffer.concat([head(10, refs.length), Buffer.from(refs.flatMap((r) => [r >> 8, r & 0xff]))]);
    } else {
      const keys = Object.keys(v).map((k) => add(k));
      const values = Object.values(v).map(add);
      bytes = Buffer.concat([head(13, keys.length), Buffer.from([...keys, ...values].flatMap((r) => [r >> 8, r & 0xff]))]);
    }
    objects[index] = bytes;
    return index;
  };
  add(value);
  const offsets: number[] = [];
  let at = 8;
  for (const object of objects) {
    offsets.push(at);
    at += object.length;
  }
  const table = Buffer.from(offsets.flatMap((o) => [(o >> 24) & 0xff, (o >> 16) & 0xff, (o >> 8) & 0xff, o & 0xff]));
  const trailer = Buffer.alloc(32);
  trailer[6] = 4; // offset size
  trailer[7] = 2; // reference size
  trailer.writeBigUInt64BE(BigInt(objects.length), 8);
  trailer.writeBigUInt64BE(0n, 16);
  trailer.writeBigUInt64BE(BigInt(at), 24);
  return Buffer.concat([Buffer.from('bplist00'), ...objects, table, trailer]);
}

const EXIFTOOL_CONFIG = `%Image::ExifTool::UserDefined = (
    'Image::ExifTool::XMP::Main' => {
        apple_desktop => { SubDirectory => { TagTable => 'Image::ExifTool::UserDefined::apple_desktop' } },
    },
);
%Image::ExifTool::UserDefined::apple_desktop = (
    GROUPS => { 0 => 'XMP', 1 => 'XMP-apple_desktop', 2 => 'Image' },
    NAMESPACE => { 'apple_desktop' => 'http://ns.apple.com/namespace/1.0/' },
    WRITABLE => 'string',
    h24 => { }, solar => { }, apr => { },
);
1;
`;

/** An Apple dynamic HEIC at `path`: one frame of each colour (64x48, in this order: image i is
 * colours[i]) and apple_desktop:`property` holding `plist`. */
export async function appleHeic(
  path: string,
  colours: readonly string[],
  property: 'h24' | 'solar' | 'apr',
  plist: Value,
  scratch: string,
): Promise<string> {
  const frames: string[] = [];
  for (const [i, color] of colours.entries())
    frames.push(await writeImage(join(scratch, `frame-${i}.jpg`), { width: 64, height: 48, color }));
  await run('heif-enc', ['-q', '90', ...frames, '-o', path]);
  const config = join(scratch, 'apple_desktop.cfg');
  await writeFile(config, EXIFTOOL_CONFIG);
  await run('exiftool', [
    '-config',
    config,
    `-XMP-apple_desktop:${property}=${bplistOf(plist).toString('base64')}`,
    '-overwrite_original',
    path,
  ]);
  return path;
}

/** GNOME's timed XML: parts of [seconds, file] (static) or [seconds, from, to] (transition). */
export function gnomeXml(start: string, parts: ([number, string] | [number, string, string])[]): string {
  const [date, time] = start.split(' ');
  const [year, month, day] = date!.split('-');
  const [hour, minute, second] = time!.split(':');
  const body = parts
    .map((part) =>
      part.length === 2
        ? `  <static>\n    <duration>${part[0]}.0</duration>\n    <file>${part[1]}</file>\n  </static>`
        : `  <transition type="overlay">\n    <duration>${part[0]}.0</duration>\n    <from>${part[1]}</from>\n    <to>${part[2]}</to>\n  </transition>`,
    )
    .join('\n');
  return `<background>
  <starttime>
    <year>${year}</year>
    <month>${month}</month>
    <day>${day}</day>
    <hour>${hour}</hour>
    <minute>${minute}</minute>
    <second>${second}</second>
  </starttime>
<!-- Made by the tests, after Debian's adwaita-timed.xml. -->
${body}
</background>
`;
}

/** A day like Debian's adwaita-timed.xml (starting 07:00): morning, fading to day by 13:00, day,
 * fading to night from 18:00 to 00:00, night, fading back to morning 05:00-07:00; `frame(name)` is
 * the path of `morning.jpg`, `day.jpg` or `night.jpg`. */
export function adwaitaLikeXml(frame: (name: string) => string): string {
  return gnomeXml('2011-11-24 07:00:00', [
    [3600, frame('morning.jpg')],
    [18000, frame('morning.jpg'), frame('day.jpg')],
    [18000, frame('day.jpg')],
    [21600, frame('day.jpg'), frame('night.jpg')],
    [18000, frame('night.jpg')],
    [7200, frame('night.jpg'), frame('morning.jpg')],
  ]);
}
