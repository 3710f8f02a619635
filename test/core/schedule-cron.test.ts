// The crontab lines `schedule` offers where no service manager runs: each --every as cron's five
// time fields, session variables carried, words quoted for the shell and `%` escaped for cron.
import t from 'tap';
import { cronLines, cronWord } from '../../src/core/schedule/cron.js';
import { parseEvery } from '../../src/core/schedule/every.js';

const command = { argv: ['/usr/bin/node', '/opt/wallpaper/bin/wallpaper.js', 'random', '--set'], env: { XDG_CURRENT_DESKTOP: 'GNOME' } };
const RUN = 'XDG_CURRENT_DESKTOP=GNOME /usr/bin/node /opt/wallpaper/bin/wallpaper.js random --set';

const table: [every: string, fields: string[]][] = [
  ['15m', ['*/15 * * * *']],
  ['30m', ['*/30 * * * *']],
  ['hourly', ['0 * * * *']],
  ['1h', ['0 * * * *']],
  ['2h', ['0 */2 * * *']],
  ['6h', ['0 */6 * * *']],
  ['daily', ['0 0 * * *']],
  ['1d', ['0 0 * * *']],
  ['weekly', ['0 0 * * 1']],
  ['Mon..Fri 08:00', ['0 8 * * 1,2,3,4,5']],
  ['Sat,Sun 10:30', ['30 10 * * 0,6']],
  ['07:00,19:00', ['0 7,19 * * *']],
  ['07:00,19:30', ['0 7 * * *', '30 19 * * *']],
];

t.test('--every as crontab time fields', async (t) => {
  for (const [every, fields] of table) {
    t.same(
      cronLines(parseEvery(every), command, {}),
      fields.map((field) => `${field} ${RUN}`),
      every,
    );
  }
});

t.test('the session variables cron lacks are carried; words quoted; % escaped', async (t) => {
  const [line] = cronLines(
    parseEvery('30m'),
    { argv: ['/usr/bin/node', 'bin.js', '--tag', "it's 100%"], env: {} },
    {
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus',
      WAYLAND_DISPLAY: 'wayland-1',
      HOME: '/home/me',
    },
  );
  t.equal(
    line,
    `*/30 * * * * DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1000/bus WAYLAND_DISPLAY=wayland-1 /usr/bin/node bin.js --tag 'it'\\''s 100\\%'`,
  );
  t.equal(cronWord('plain/path-1.0'), 'plain/path-1.0');
  t.equal(cronWord('two words'), "'two words'");
});
