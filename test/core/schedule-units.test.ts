// What --every accepts and the files a schedule is made of, checked by the real tools: every
// calendar expression by `systemd-analyze calendar`, every generated unit and every unit in
// contrib/systemd by `systemd-analyze verify`, the launchd agent by Python's plistlib and the
// Windows task definition by an XML parser.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { parseEvery } from '../../src/core/schedule/every.js';
import {
  type ScheduledCommand,
  launchdAgent,
  systemdService,
  systemdTimer,
  windowsTask,
  windowsWord,
} from '../../src/core/schedule/units.js';
import { tempDir } from '../helpers/fixtures.js';

const ANALYZE = '/usr/bin/systemd-analyze';
const noAnalyze = !existsSync(ANALYZE) && 'systemd-analyze is not installed (Debian package systemd)';
const CONTRIB = fileURLToPath(new URL('../../contrib/systemd/', import.meta.url));
const MIN = 60_000;

t.test('--every: calendar times and the shortest gap between runs', async (t) => {
  const table: [string, string, number][] = [
    ['15m', '*-*-* *:00/15:00', 15 * MIN],
    ['30m', '*-*-* *:00/30:00', 30 * MIN],
    ['1h', '*-*-* *:00:00', 60 * MIN],
    ['hourly', '*-*-* *:00:00', 60 * MIN],
    ['2h', '*-*-* 00/2:00:00', 120 * MIN],
    ['daily', '*-*-* 00:00:00', 1440 * MIN],
    ['1d', '*-*-* 00:00:00', 1440 * MIN],
    ['weekly', 'Mon *-*-* 00:00:00', 7 * 1440 * MIN],
    ['Mon..Fri 08:00', 'Mon,Tue,Wed,Thu,Fri *-*-* 08:00:00', 1440 * MIN],
    ['sat,sun 10:30', 'Sun,Sat *-*-* 10:30:00', 1440 * MIN],
    ['Fri..Mon 09:00', 'Sun,Mon,Fri,Sat *-*-* 09:00:00', 1440 * MIN],
    ['07:00,19:00', '*-*-* 07,19:00:00', 720 * MIN],
    ['Mon 08:00,20:30', 'Mon *-*-* 08:00:00\nMon *-*-* 20:30:00', 750 * MIN],
  ];
  for (const [text, calendar, interval] of table) {
    const every = parseEvery(text);
    t.equal(every.calendar, calendar, `${text}: calendar`);
    t.equal(every.intervalMs, interval, `${text}: interval`);
  }
  for (const bad of ['7m', '5h', '0m', '90m', 'tomorrow', 'Mon..Fri', '25:00', 'Mon 08:00 extra', 'Someday 08:00']) {
    t.throws(
      () => parseEvery(bad),
      { code: 'invalid_param', message: /^invalid --every .*: expected an interval that divides an hour or a day/ },
      bad,
    );
  }
});

t.test('systemd reads every calendar expression', { skip: noAnalyze }, async (t) => {
  for (const text of [
    '15m',
    '30m',
    '1h',
    '2h',
    '6h',
    'daily',
    'weekly',
    'Mon..Fri 08:00',
    'Sat,Sun 10:30',
    '07:00,19:00',
    'Mon 08:00,20:30',
  ]) {
    const expressions = parseEvery(text).calendar.split('\n');
    const result = spawnSync(ANALYZE, ['calendar', ...expressions], { encoding: 'utf8' });
    t.equal(result.status, 0, `${text}: ${result.stderr}`);
  }
});

const COMMAND: ScheduledCommand = {
  argv: [
    process.execPath,
    fileURLToPath(new URL('../../bin/wallpaper.js', import.meta.url)),
    '--home',
    '/srv/my walls/100%',
    'random',
    '--set',
    '--if-due',
    '29m',
    '--aspect-ratio',
    '16:9',
  ],
  env: { XDG_CURRENT_DESKTOP: 'GNOME', PATH: '/usr/local/bin:/usr/bin:/bin' },
};

t.test('the generated timer and service pass systemd-analyze verify', { skip: noAnalyze }, async (t) => {
  for (const text of ['30m', '2h', 'Mon..Fri 08:00', 'Mon 08:00,20:30']) {
    const dir = tempDir(t);
    writeFileSync(join(dir, 'wallpaper-random.timer'), systemdTimer(parseEvery(text)));
    writeFileSync(join(dir, 'wallpaper-random.service'), systemdService(COMMAND));
    const result = spawnSync(ANALYZE, ['verify', join(dir, 'wallpaper-random.timer'), join(dir, 'wallpaper-random.service')], {
      encoding: 'utf8',
    });
    t.equal(result.status, 0, `${text}: ${result.stderr}`);
    t.equal(result.stderr, '', `${text}: no warnings`);
  }
  const timer = systemdTimer(parseEvery('30m'));
  t.match(timer, /^Persistent=true$/m, 'a run missed while off or asleep happens on boot or resume');
  const service = systemdService(COMMAND);
  t.match(service, 'ExecStart=', 'a command');
  t.match(service, '"/srv/my walls/100%%"', 'spaces quoted, % doubled');
  t.match(service, 'Environment=XDG_CURRENT_DESKTOP=GNOME');
});

t.test('contrib/systemd: the hardened serve service, the scan timer and the watch service pass verify', { skip: noAnalyze }, async (t) => {
  const units = readdirSync(CONTRIB).filter((name) => /\.(service|timer)$/.test(name));
  t.same(units.sort(), ['wallpaper-scan.service', 'wallpaper-scan.timer', 'wallpaper-watch.service', 'wallpaper.service']);
  const dir = tempDir(t);
  for (const unit of units) {
    // The units name /usr/bin/wallpaper, where a global npm install may not put it: verify against
    // this machine's node and bin instead, the rest as shipped.
    const text = readFileSync(join(CONTRIB, unit), 'utf8').replace(/\/usr\/bin\/wallpaper/g, COMMAND.argv.slice(0, 2).join(' '));
    writeFileSync(join(dir, unit), text);
  }
  const result = spawnSync(ANALYZE, ['verify', ...units.map((unit) => join(dir, unit))], { encoding: 'utf8' });
  t.equal(result.status, 0, result.stderr);
  const serve = readFileSync(join(CONTRIB, 'wallpaper.service'), 'utf8');
  for (const line of [/^ProtectSystem=strict$/m, /^NoNewPrivileges=yes$/m, /^ReadWritePaths=/m, /^EnvironmentFile=/m, /^ProtectHome=/m])
    t.match(serve, line);
  t.match(readFileSync(join(CONTRIB, 'wallpaper-scan.timer'), 'utf8'), /^Persistent=true$/m);
});

t.test(
  'the launchd agent is a property list launchd can read',
  { skip: !existsSync('/usr/bin/python3') && 'python3 is not installed' },
  async (t) => {
    const cases: [string, unknown[]][] = [
      ['30m', [{ Minute: 0 }, { Minute: 30 }]],
      ['Mon..Fri 08:00', [1, 2, 3, 4, 5].map((day) => ({ Weekday: day, Hour: 8, Minute: 0 }))],
    ];
    for (const [text, intervals] of cases) {
      const plist = launchdAgent(parseEvery(text), COMMAND, '/Users/ada/Library/Logs/wallpaper-random.log');
      const parsed = JSON.parse(
        execFileSync('python3', ['-c', 'import plistlib,sys,json; print(json.dumps(plistlib.loads(sys.stdin.buffer.read())))'], {
          input: plist,
          encoding: 'utf8',
        }),
      ) as Record<string, unknown>;
      t.same(parsed.ProgramArguments, COMMAND.argv, `${text}: the command, word by word`);
      t.same(parsed.StartCalendarInterval, intervals, `${text}: calendar intervals`);
      t.same(parsed.EnvironmentVariables, COMMAND.env);
    }
  },
);

t.test(
  'the Windows task is well-formed XML with StartWhenAvailable',
  { skip: !existsSync('/usr/bin/python3') && 'python3 is not installed' },
  async (t) => {
    const read = (xml: string) =>
      execFileSync('python3', ['-c', PARSE_TASK], { input: Buffer.from(`\ufeff${xml}`, 'utf16le'), encoding: 'utf8' })
        .trim()
        .split('\n');
    t.same(read(windowsTask(parseEvery('15m'), COMMAND)), ['true', 'PT15M', '1', `${process.execPath}`]);
    t.same(read(windowsTask(parseEvery('Mon..Fri 08:00'), COMMAND)), ['true', 'none', '1', `${process.execPath}`]);
    t.equal(windowsWord('C:\\Program Files\\x'), '"C:\\Program Files\\x"');
    t.equal(windowsWord('say "hi"'), '"say \\"hi\\""');
    t.equal(windowsWord('plain'), 'plain');
  },
);

const PARSE_TASK = `
import sys, xml.etree.ElementTree as ET
ns = {'t': 'http://schemas.microsoft.com/windows/2004/02/mit/task'}
root = ET.fromstring(sys.stdin.buffer.read().decode('utf-16'))
print(root.find('t:Settings/t:StartWhenAvailable', ns).text)
interval = root.find('t:Triggers/t:CalendarTrigger/t:Repetition/t:Interval', ns)
print(interval.text if interval is not None else 'none')
print(len(root.findall('t:Triggers/t:CalendarTrigger', ns)) if interval is not None else 1)
print(root.find('t:Actions/t:Exec/t:Command', ns).text)
`;
