// The dynamic room's parsers (docs/design.md#the-time-of-day), as tables: GNOME's timed XML, a .stw and an Apple
// dynamic HEIC read into frames and times; the frame shown at a moment and the next change;
// transitions shown half and half; and what makes each malformed (a missing frame file, times out of
// order, a transition loop, an entity bomb, a frame that is no image), each with its reason.
// Local time is UTC here (TZ), so the times below are the wall clock's. Nothing waits or is timed:
// the bomb's proof is its reason (refused for declaring entities, so none was ever expanded), not
// how fast the refusal came.
process.env.TZ = 'UTC';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { checkFrames, frameAt, noonFrame, readDynamic, summaryOf, type Dynamic } from '../../src/core/dynamic/index.js';
import { parseBplist } from '../../src/core/dynamic/bplist.js';
import { parseXml } from '../../src/core/dynamic/xml.js';
import { appleHeic, bplistOf, gnomeXml } from '../helpers/dynamic.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

const pathOf = (dynamic: Dynamic, frame: number) => {
  const f = dynamic.frames[frame]!;
  return 'path' in f ? f.path : `image ${f.image}`;
};
const at = (time: string) => new Date(`2026-03-10T${time}Z`);

/** Debian's adwaita-timed.xml (gnome-backgrounds before 3.38), in the tests' folder. */
const ADWAITA = (dir: string) =>
  gnomeXml('2011-11-24 07:00:00', [
    [3600, `${dir}/morning.jpg`],
    [18000, `${dir}/morning.jpg`, `${dir}/day.jpg`],
    [18000, `${dir}/day.jpg`],
    [21600, `${dir}/day.jpg`, `${dir}/night.jpg`],
    [18000, `${dir}/night.jpg`],
    [7200, `${dir}/night.jpg`, `${dir}/morning.jpg`],
  ]);

/** The same wallpaper as wallutils' adwaita-timed2.stw. */
const ADWAITA_STW = `stw: 1.0
name: adwaita-timed
format: %s.jpg
@07:00: morning
@08:00-13:00: morning .. day
@13:00: day
@18:00-00:00: day .. night | overlay
@00:00: night
@05:00-07:00: night .. morning
`;

// [time, frame shown, next change]: a transition shows its from frame for its first half.
const ADWAITA_TABLE: [string, string, string][] = [
  ['07:00:00', 'morning.jpg', '10:30:00'], // morning, then the transition's first half
  ['10:29:59', 'morning.jpg', '10:30:00'],
  ['10:30:00', 'day.jpg', '21:00:00'], // the second half of morning .. day
  ['12:00:00', 'day.jpg', '21:00:00'],
  ['21:00:00', 'night.jpg', '06:00:00'], // day .. night turns at 21:00
  ['03:00:00', 'night.jpg', '06:00:00'], // before the cycle's start, the night goes on
  ['06:00:00', 'morning.jpg', '10:30:00'], // night .. morning turns at 06:00
];

t.test('GNOME timed XML and .stw: the frame for each time and the next change', async (t) => {
  const dir = tempDir(t);
  const xml = readDynamic(join(dir, 'adwaita-timed.xml'), Buffer.from(ADWAITA(dir)))!;
  const stw = readDynamic(join(dir, 'adwaita-timed.stw'), Buffer.from(ADWAITA_STW))!;
  for (const [name, dynamic] of [
    ['xml', xml],
    ['stw', stw],
  ] as const) {
    t.same(summaryOf(dynamic), { kind: 'timed', frames: 3 }, `${name}: three frames`);
    t.equal(pathOf(dynamic, noonFrame(dynamic)), join(dir, 'day.jpg'), `${name}: at noon the day`);
    for (const [time, frame, next] of ADWAITA_TABLE) {
      const now = frameAt(dynamic, at(time));
      t.equal(pathOf(dynamic, now.frame), join(dir, frame), `${name} at ${time}: ${frame}`);
      t.equal(now.next?.toISOString().slice(11, 19), next, `${name} at ${time}: next change at ${next}`);
      t.ok(now.next!.getTime() - at(time).getTime() < 86_400_000, 'within the day ahead');
    }
  }
});

t.test('GNOME XML: a cycle longer than a day plays from its start time; sizes pick the largest', async (t) => {
  const dir = tempDir(t);
  const text = gnomeXml('2026-03-09 00:00:00', [
    [86400, `${dir}/a.png`],
    [86400, `${dir}/b.png`],
  ]).replace(
    `<file>${dir}/a.png</file>`,
    `<file><size width="800" height="600">${dir}/a-small.png</size><size width="1920" height="1080">${dir}/a.png</size></file>`,
  );
  const dynamic = readDynamic(join(dir, 'two-days.xml'), Buffer.from(text))!;
  t.equal(pathOf(dynamic, frameAt(dynamic, at('12:00:00')).frame), join(dir, 'b.png'), 'day 2 of the cycle: b');
  t.equal(pathOf(dynamic, frameAt(dynamic, new Date('2026-03-11T12:00:00Z')).frame), join(dir, 'a.png'), 'day 3: a again');
  t.equal(pathOf(dynamic, noonFrame(dynamic)), join(dir, 'a.png'), 'noon of the start day: a');
});

t.test('not a dynamic wallpaper: other XML, a background list, an ordinary HEIC name', async (t) => {
  const dir = tempDir(t);
  for (const [name, text] of [
    ['list.xml', '<?xml version="1.0"?><wallpapers><wallpaper><filename>/x.jpg</filename></wallpaper></wallpapers>'],
    ['plain.xml', '<background><static><duration>5</duration><file>/x.jpg</file></static></background>'],
    ['photo.jpg', 'not read'],
  ] as const)
    t.equal(readDynamic(join(dir, name), Buffer.from(text)), undefined, name);
});

const BOMB = `<?xml version="1.0"?>
<!DOCTYPE background [
 <!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
 ${Array.from({ length: 20 }, (_, i) => `<!ENTITY e${i + 1} "${`&${i === 0 ? 'a' : `e${i}`};`.repeat(10)}">`).join('\n ')}
]>
<background><starttime><year>2020</year><month>1</month><day>1</day><hour>0</hour></starttime>
<static><duration>86400</duration><file>/frames/&e20;.jpg</file></static></background>`;

// [name, file name, text, reason (a pattern)]
const MALFORMED: [string, string, string, RegExp][] = [
  ['an entity bomb (a billion laughs)', 'bomb.xml', BOMB, /declares a document type or entities/],
  [
    'an external entity',
    'xxe.xml',
    '<!DOCTYPE background [<!ENTITY x SYSTEM "file:///etc/passwd">]><background><starttime/></background>',
    /declares a document type or entities/,
  ],
  [
    'an undefined entity',
    'undefined.xml',
    '<background><starttime><year>2020</year><month>1</month><day>1</day></starttime><static><duration>5</duration><file>&x;</file></static></background>',
    /an undefined entity &x;/,
  ],
  ['XML not well-formed', 'broken.xml', '<background><starttime></background>', /not well-formed XML/],
  [
    'a part of no time',
    'zero.xml',
    gnomeXml('2020-01-01 00:00:00', [[0, '/f/a.jpg']]),
    /times out of order: <static> 1 lasts 0\.0 seconds/,
  ],
  [
    'a transition from a frame to itself',
    'self.xml',
    gnomeXml('2020-01-01 00:00:00', [
      [3600, '/f/a.jpg'],
      [3600, '/f/a.jpg', '/f/a.jpg'],
    ]),
    /a transition loop: <transition> 2 goes from \/f\/a\.jpg to itself/,
  ],
  [
    'a transition to another timed file',
    'loop.xml',
    gnomeXml('2020-01-01 00:00:00', [[3600, '/f/a.jpg', '/f/loop.xml']]),
    /a transition loop: <transition> 1's <to> shows \/f\/loop\.xml, itself a timed wallpaper/,
  ],
  ['a start month 13', 'month.xml', gnomeXml('2020-13-01 00:00:00', [[60, '/f/a.jpg']]), /<starttime>'s <month> is 13/],
  [
    '.stw: times out of order',
    'order.stw',
    'stw: 1.0\n@08:00: /f/a.jpg\n@07:00: /f/b.jpg\n@09:00: /f/c.jpg\n',
    /times out of order: line 3 \(07:00\) goes back from the time before it \(08:00\)/,
  ],
  [
    '.stw: times going backwards (18:00, then 06:00 above midnight)',
    'backwards.stw',
    'stw: 1.0\n@18:00: /f/a.jpg\n@06:00: /f/b.jpg\n',
    /^times out of order: line 3 \(06:00\) goes back from the time before it \(18:00\); a file that runs past midnight says so with @00:00 or a transition across it$/,
  ],
  [
    '.stw: a transition running into the next time',
    'overlap.stw',
    'stw: 1.0\n@08:00-12:00: /f/a.jpg .. /f/b.jpg\n@11:00: /f/c.jpg\n',
    /times out of order: line 3 starts before the transition ahead of it ends/,
  ],
  [
    '.stw: the last wrapping past the first',
    'wrap.stw',
    'stw: 1.0\n@08:00: /f/a.jpg\n@22:00-09:00: /f/b.jpg .. /f/a.jpg\n',
    /runs past the first time/,
  ],
  [
    '.stw: a transition loop',
    'loop.stw',
    'stw: 1.0\n@08:00-09:00: /f/a.jpg .. /f/a.jpg\n',
    /a transition loop: line 2 goes from \/f\/a\.jpg to itself/,
  ],
  ['.stw: a time of 25:00', 'hour.stw', 'stw: 1.0\n@25:00: /f/a.jpg\n', /25:00, not a time of day/],
  ['.stw: version 2', 'v2.stw', 'stw: 2.0\n@08:00: /f/a.jpg\n', /stw version 2\.0 \(1\.0 is read\)/],
  ['.stw: no version', 'none.stw', 'name: x\n', /no "stw: 1\.0" line/],
  ['.stw: a stray line', 'stray.stw', 'stw: 1.0\nhello\n', /line 2 is neither/],
];

t.test('malformed timed files: refused with the reason', async (t) => {
  for (const [name, file, text, reason] of MALFORMED) {
    t.throws(() => readDynamic(join('/f', file), Buffer.from(text)), { name: 'Error', message: reason }, name);
  }
});

t.test('the frames: a missing frame file and a frame that is no image make the file malformed', async (t) => {
  const dir = tempDir(t);
  await writeImage(join(dir, 'morning.jpg'), { width: 64, height: 48, color: '#c08040' });
  await writeImage(join(dir, 'day.jpg'), { width: 64, height: 48, color: '#f0f0f0' });
  const missing = readDynamic(join(dir, 'a.xml'), Buffer.from(ADWAITA(dir)))!;
  await t.rejects(checkFrames(missing), { message: `a missing frame file: ${join(dir, 'night.jpg')}` });
  await writeFile(join(dir, 'night.jpg'), 'no picture at all');
  await t.rejects(checkFrames(missing), { message: new RegExp(`^frame ${join(dir, 'night.jpg')} is not a decodable image: `) });
  await writeImage(join(dir, 'night.jpg'), { width: 64, height: 48, color: '#101020' });
  await t.resolves(checkFrames(missing), 'every frame there and an image');
});

t.test('the safe XML reader: entities, CDATA, comments and attributes', async (t) => {
  const root = parseXml('<?xml version="1.0"?><!-- c --><a x=\'1 &amp; 2\'><b>&lt;&#65;&#x42;</b><![CDATA[<raw>]]></a>');
  t.same([root.name, root.attributes.x, root.children[0]!.text, root.text], ['a', '1 & 2', '<AB', '<raw>']);
  t.throws(() => parseXml('<a><b></a>'), /does not match/);
  t.throws(() => parseXml(`${'<a>'.repeat(100)}${'</a>'.repeat(100)}`), /nested over 64 deep/);
  t.throws(() => parseXml('<a/><b/>'), /content after the root element|a second root/);
});

t.test('binary plists: what Apple writes, and hostile ones refused', async (t) => {
  t.same(parseBplist(bplistOf({ ti: [{ t: 0.25, i: 1 }], ap: { l: 0, d: 2 } })), { ti: [{ t: 0.25, i: 1 }], ap: { l: 0, d: 2 } });
  const cut = bplistOf({ si: [{ a: 10.5, z: 90, i: 0 }] });
  t.throws(() => parseBplist(cut.subarray(0, 20)), /not a binary plist/);
  const looped = Buffer.from(bplistOf([1]));
  looped[10] = 0; // the array's one reference points at the array itself
  t.throws(() => parseBplist(looped), /nested too deep/);
});

t.test('Apple dynamic HEIC (heif-enc + exiftool): h24, solar and apr', async (t) => {
  const dir = tempDir(t);
  await mkdir(join(dir, 'scratch'), { recursive: true });
  const scratch = join(dir, 'scratch');
  const colours = ['#202040', '#e0c080', '#f0f0ff'];
  // Image 2 from 06:00, image 1 from 12:00, image 0 from 20:00 (listed by image, as Apple does).
  const h24 = await appleHeic(
    join(dir, 'h24.heic'),
    colours,
    'h24',
    {
      ti: [
        { t: 20 / 24, i: 0 },
        { t: 0.5, i: 1 },
        { t: 0.25, i: 2 },
      ],
    },
    scratch,
  );
  const timed = readDynamic(h24, await readFile(h24))!;
  t.same(summaryOf(timed), { kind: 'timed', frames: 3 });
  for (const [time, image, next] of [
    ['05:00:00', 0, '06:00:00'],
    ['06:00:00', 2, '12:00:00'],
    ['13:00:00', 1, '20:00:00'],
    ['23:00:00', 0, '06:00:00'],
  ] as const) {
    const now = frameAt(timed, at(time));
    t.equal(pathOf(timed, now.frame), `image ${image}`, `h24 at ${time}`);
    t.equal(now.next?.toISOString().slice(11, 19), next);
  }
  t.equal(pathOf(timed, noonFrame(timed)), 'image 1', 'noon: image 1');

  // Solar: a night image (sun far below), a low-sun east one, a high-sun one.
  const solarFile = await appleHeic(
    join(dir, 'solar.heic'),
    colours,
    'solar',
    {
      si: [
        { a: -40.5, z: 0.5, i: 0 },
        { a: 5.5, z: 100.5, i: 1 },
        { a: 60.5, z: 180.5, i: 2 },
      ],
    },
    scratch,
  );
  const solar = readDynamic(solarFile, await readFile(solarFile))!;
  t.same(summaryOf(solar), { kind: 'solar', frames: 3 });
  t.equal(pathOf(solar, noonFrame(solar)), 'image 2', 'noon: the sun at its highest');
  t.throws(() => frameAt(solar, at('12:00:00')), /your location/, 'the sun needs a place');
  // Singapore on the equinox: the sun is high at 05:10 UTC (13:10 local), low in the east at 23:30 UTC.
  const singapore = { lat: 1.29, lon: 103.85 };
  t.equal(pathOf(solar, frameAt(solar, at('05:10:00'), singapore).frame), 'image 2');
  t.equal(pathOf(solar, frameAt(solar, new Date('2026-03-09T23:30:00Z'), singapore).frame), 'image 1');
  t.equal(pathOf(solar, frameAt(solar, at('16:00:00'), singapore).frame), 'image 0');
  t.ok(frameAt(solar, at('05:10:00'), singapore).next, 'the next change is known');

  const aprFile = await appleHeic(join(dir, 'apr.heic'), colours.slice(0, 2), 'apr', { l: 1, d: 0 }, scratch);
  const apr = readDynamic(aprFile, await readFile(aprFile))!;
  t.same(summaryOf(apr), { kind: 'light-dark', frames: 2 });
  t.equal(pathOf(apr, frameAt(apr, at('03:00:00')).frame), 'image 1', 'no location: the light one');
  t.equal(pathOf(apr, frameAt(apr, at('16:00:00'), singapore).frame), 'image 0', 'at night in Singapore: the dark one');

  const bad = await appleHeic(
    join(dir, 'bad.heic'),
    colours.slice(0, 2),
    'h24',
    {
      ti: [
        { t: 0.1, i: 0 },
        { t: 0.6, i: 5 },
      ],
    },
    scratch,
  );
  t.throws(() => readDynamic(bad, readFileSync(bad)), { message: 'a missing frame: h24 ti 1 i is image 5, and the file holds 2 (0 to 1)' });
  const same = await appleHeic(
    join(dir, 'same.heic'),
    colours.slice(0, 2),
    'h24',
    {
      ti: [
        { t: 0.5, i: 0 },
        { t: 0.5, i: 1 },
      ],
    },
    scratch,
  );
  t.throws(() => readDynamic(same, readFileSync(same)), { message: /times out of order: h24 ti 1/ });
  const plain = join(dir, 'plain.heic');
  execFileSync('heif-enc', ['-q', '50', join(scratch, 'frame-0.jpg'), '-o', plain]);
  t.equal(readDynamic(plain, readFileSync(plain)), undefined, 'an ordinary HEIC is no dynamic wallpaper');
});
