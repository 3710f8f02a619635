// Sunrise and sunset (the sun room, suncalc underneath) against the U.S. Naval Observatory's
// published tables for three latitudes: Auckland (mid latitude, south, by the date line), Singapore
// (the tropics) and Longyearbyen (78 N: polar night, polar day and the days between); the source is
// cited in the fixture's header. Also Tromsø (69.65 N) through June's midnight sun and December's
// polar night, hour by hour: always light, always dark, never NaN; and the `location` setting's form.
import { readFileSync } from 'node:fs';
import t from 'tap';
import { parseLocation } from '../../src/core/sun/location.js';
import { type SunEvent, nextSunEvent, sunAt } from '../../src/core/sun/times.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** USNO gives minutes (rounded): 30 s of rounding plus a minute of model difference. */
const TOLERANCE_MS = 90_000;
/** Beyond the polar circle the sun grazes the horizon near polar day and night, where a tiny
 * difference in its altitude moves the crossing by minutes. */
const POLAR_TOLERANCE_MS = 150_000;

const rows = readFileSync(new URL('../fixtures/sun/usno-rise-set-2020.csv', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'))
  .map((line) => {
    const [date, lat, lon, type, sunrise, sunset] = line.split(',') as [string, string, string, string, string, string];
    return { date, location: { lat: Number(lat), lon: Number(lon) }, type, sunrise, sunset };
  });

/** Every sunrise and sunset within one UTC date, found the way `watch` finds them: event by event. */
function eventsOn(date: string, location: { lat: number; lon: number }): SunEvent[] {
  const start = Date.parse(`${date}T00:00:00Z`);
  const events: SunEvent[] = [];
  let event = nextSunEvent(new Date(start - 1), location);
  while (event && event.at.getTime() < start + DAY) {
    events.push(event);
    event = nextSunEvent(event.at, location);
  }
  return events;
}

const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00Z`);

t.test('sunrise and sunset match the USNO tables at three latitudes', async (t) => {
  t.equal(rows.length, 108, 'the whole table is read');
  for (const row of rows) {
    const name = `${row.date} at ${row.location.lat},${row.location.lon}`;
    const events = eventsOn(row.date, row.location);
    if (row.type !== 'NORMAL') {
      t.same(events, [], `${name}: no sunrise or sunset (${row.type})`);
      for (let hour = 0; hour < 24; hour++) {
        const now = sunAt(new Date(Date.parse(`${row.date}T00:00:00Z`) + hour * 3_600_000), row.location);
        if (now.up !== (row.type === 'ALL_DAY')) t.fail(`${name} ${hour}:00: the sun is ${now.up ? 'up' : 'down'}`);
        if (now.next && Number.isNaN(now.next.at.getTime())) t.fail(`${name}: the next event is NaN`);
      }
      continue;
    }
    const tolerance = Math.abs(row.location.lat) > 66.5 ? POLAR_TOLERANCE_MS : TOLERANCE_MS;
    for (const kind of ['sunrise', 'sunset'] as const) {
      const expected = at(row.date, row[kind]).getTime();
      const found = events.filter((event) => event.kind === kind);
      t.equal(found.length, 1, `${name}: one ${kind}`);
      const error = Math.abs((found[0]?.at.getTime() ?? Number.NaN) - expected);
      t.ok(error <= tolerance, `${name}: ${kind} at ${row[kind]} UTC, off by ${Math.round(error / 1000)} s`);
      // Light from sunrise to sunset: a few minutes either side of each published time.
      const before = sunAt(new Date(expected - 3 * MINUTE), row.location).up;
      const after = sunAt(new Date(expected + 3 * MINUTE), row.location).up;
      t.same(
        [before, after],
        kind === 'sunrise' ? [false, true] : [true, false],
        `${name}: the sun ${kind === 'sunrise' ? 'rises' : 'sets'}`,
      );
    }
  }
});

t.test('Tromsø: light all through the midnight sun, dark all through the polar night, never NaN', async (t) => {
  // 69.65 N 18.96 E: midnight sun from about 18 May to 26 July, polar night from about 26 November
  // to 15 January (the published dates vary by a day or two with the horizon assumed).
  const tromso = { lat: 69.65, lon: 18.96 };
  for (const [from, to, up] of [
    ['2026-06-01', '2026-07-15', true],
    ['2026-12-01', '2027-01-10', false],
  ] as const) {
    for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T23:00:00Z`); time += 3 * 3_600_000) {
      const now = sunAt(new Date(time), tromso);
      if (now.up !== up) t.fail(`${new Date(time).toISOString()}: the sun is ${now.up ? 'up' : 'down'}`);
    }
    const now = sunAt(new Date(`${from}T12:00:00Z`), tromso);
    t.equal(now.up, up, `${from}: ${up ? 'polar day' : 'polar night'}`);
    // The event that ends it is weeks away, and a real time. (Its kind may be a sunrise when the
    // midnight sun ends: the first dip below the horizon straddles local midnight, and the sun's
    // day holds only the rise after it; the sun is light before and after, so nothing changes.)
    const wait = (now.next?.at.getTime() ?? Number.NaN) - Date.parse(`${to}T23:00:00Z`);
    t.ok(wait > 0 && wait < 30 * DAY, `${from}: the ${now.next?.kind} that ends it comes after ${to}: ${now.next?.at.toISOString()}`);
  }
  // At and by the pole a season passes without a day of sunrise and sunset (the sun crosses the
  // horizon within hours): the sun's side still follows the season, and an event is a time or null.
  for (const lat of [90, 89.9]) {
    for (const [date, up] of [
      ['2026-04-01', true],
      ['2026-10-01', false],
    ] as const) {
      const now = sunAt(new Date(`${date}T00:00:00Z`), { lat, lon: 0 });
      t.equal(now.up, up, `${lat} N on ${date}: the sun is ${up ? 'up' : 'down'}`);
      t.ok(now.next === null || Number.isFinite(now.next.at.getTime()), `${lat} N on ${date}: no NaN`);
    }
  }
});

t.test('the location setting: "LAT,LON" in decimal degrees, in range', async (t) => {
  const table: [string, { lat: number; lon: number } | undefined][] = [
    ['52.52,13.40', { lat: 52.52, lon: 13.4 }],
    ['52.52, 13.40', { lat: 52.52, lon: 13.4 }],
    ['-33.92,18.42', { lat: -33.92, lon: 18.42 }],
    ['+1.28,-103', { lat: 1.28, lon: -103 }],
    ['90,180', { lat: 90, lon: 180 }],
    ['-90,-180', { lat: -90, lon: -180 }],
    ['.5,5.', { lat: 0.5, lon: 5 }],
    ['90.01,0', undefined],
    ['0,180.5', undefined],
    ['52.52', undefined],
    ['52.52,13.40,7', undefined],
    [',13.40', undefined],
    ['52.52,', undefined],
    ['1e1,2', undefined],
    ['0x10,2', undefined],
    ['52°31′N,13°24′E', undefined],
    ['Berlin', undefined],
    ['', undefined],
    ['NaN,1', undefined],
    ['Infinity,1', undefined],
  ];
  for (const [text, expected] of table) t.same(parseLocation(text), expected, JSON.stringify(text));
});
