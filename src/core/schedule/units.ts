// The files a schedule is made of, per platform, as text: a systemd user timer and its service on
// Linux, a launchd agent on macOS, a Task Scheduler definition on Windows. Pure functions of the
// schedule and the command line to run, so each is tested by its text (and the systemd ones by
// systemd-analyze verify).
import type { Every } from './every.js';

export const UNIT_NAME = 'wallpaper-random';
export const LAUNCHD_LABEL = 'org.wallpaper-toolkit.random';
export const TASK_NAME = 'wallpaper-random';

export interface ScheduledCommand {
  /** The program and its arguments: node, the bin, `random --set --if-due ...` and the filters. */
  argv: string[];
  /** Environment the run needs that the service manager would not give it (the desktop, PATH). */
  env: Record<string, string>;
  /** Commands run first, whose failure does not stop the change (`fetch --if-due 1d`: new
   * wallpapers from the sources once a day). systemd only; launchd and Windows run argv alone. */
  before?: string[][];
}

/** One word of an ExecStart= line: quoted when needed; `%` and `$` doubled, as systemd requires. */
function systemdWord(word: string): string {
  const escaped = word.replace(/%/g, '%%').replace(/\$/g, '$$$$').replace(/\\/g, '\\\\').replace(/"/g, '\\"');
  return /^[A-Za-z0-9_./:=,@+-]+$/.test(word) ? escaped : `"${escaped}"`;
}

export function systemdTimer(every: Every): string {
  return [
    '[Unit]',
    `Description=Change the desktop wallpaper (${every.text.replace(/%/g, '%%')})`,
    '',
    '[Timer]',
    ...every.calendar.split('\n').map((calendar) => `OnCalendar=${calendar}`),
    // A time missed while the machine was off or asleep runs once on boot or resume.
    'Persistent=true',
    // Run on the minute: --if-due allows a margin, not the default of up to a minute late.
    'AccuracySec=1s',
    `Unit=${UNIT_NAME}.service`,
    '',
    '[Install]',
    'WantedBy=timers.target',
    '',
  ].join('\n');
}

export function systemdService(command: ScheduledCommand): string {
  return [
    '[Unit]',
    'Description=Change the desktop wallpaper: wallpaper random --set',
    '',
    '[Service]',
    'Type=oneshot',
    ...Object.entries(command.env).map(([name, value]) => `Environment=${systemdWord(`${name}=${value}`)}`),
    // `-`: a source that cannot be reached leaves the wallpaper change to run all the same.
    ...(command.before ?? []).map((argv) => `ExecStart=-${argv.map(systemdWord).join(' ')}`),
    `ExecStart=${command.argv.map(systemdWord).join(' ')}`,
    '',
  ].join('\n');
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A launchd agent: one StartCalendarInterval entry per day and time (launchd runs a time missed
 * during sleep once, on wake). */
export function launchdAgent(every: Every, command: ScheduledCommand, logFile: string): string {
  const daily = every.days.length === 7;
  // A step under an hour repeats every hour: its minutes alone, with no Hour key.
  const times: [number | undefined, number][] =
    every.stepMinutes !== undefined && every.stepMinutes < 60
      ? every.times.filter(([hour]) => hour === 0).map(([, minute]) => [undefined, minute])
      : every.times;
  const entries = (daily ? [undefined] : every.days).flatMap((day) =>
    times.map(([hour, minute]) =>
      [
        '    <dict>',
        ...(day === undefined ? [] : [`      <key>Weekday</key><integer>${day}</integer>`]),
        ...(hour === undefined ? [] : [`      <key>Hour</key><integer>${hour}</integer>`]),
        `      <key>Minute</key><integer>${minute}</integer>`,
        '    </dict>',
      ].join('\n'),
    ),
  );
  const env = Object.entries(command.env).map(([name, value]) => `    <key>${xml(name)}</key><string>${xml(value)}</string>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    '<dict>',
    `  <key>Label</key><string>${LAUNCHD_LABEL}</string>`,
    '  <key>ProgramArguments</key>',
    '  <array>',
    ...command.argv.map((word) => `    <string>${xml(word)}</string>`),
    '  </array>',
    ...(env.length > 0 ? ['  <key>EnvironmentVariables</key>', '  <dict>', ...env, '  </dict>'] : []),
    '  <key>StartCalendarInterval</key>',
    '  <array>',
    ...entries,
    '  </array>',
    `  <key>StandardErrorPath</key><string>${xml(logFile)}</string>`,
    '</dict>',
    '</plist>',
    '',
  ].join('\n');
}

/** Windows' command-line quoting of one argument (CommandLineToArgvW rules). */
export function windowsWord(word: string): string {
  if (word !== '' && !/[\s"]/.test(word)) return word;
  return `"${word.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\+)$/, '$1$1')}"`;
}

const DAY_ELEMENTS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A Task Scheduler definition (`schtasks /Create /XML`): one calendar trigger per time of day, on
 * the schedule's days, with StartWhenAvailable so a run missed while off happens once at start. */
export function windowsTask(every: Every, command: ScheduledCommand): string {
  const [program = '', ...args] = command.argv;
  const days =
    every.days.length === 7
      ? '<ScheduleByDay><DaysInterval>1</DaysInterval></ScheduleByDay>'
      : `<ScheduleByWeek><WeeksInterval>1</WeeksInterval><DaysOfWeek>${every.days.map((day) => `<${DAY_ELEMENTS[day]} />`).join('')}</DaysOfWeek></ScheduleByWeek>`;
  const at = (hour: number, minute: number) => `2026-01-01T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00`;
  // An even step is one trigger at midnight repeated through the day (Task Scheduler keeps at most
  // 48 triggers per task; 15m would need 96).
  const triggers =
    every.stepMinutes !== undefined
      ? [
          `    <CalendarTrigger><StartBoundary>${at(0, 0)}</StartBoundary><Repetition><Interval>PT${every.stepMinutes}M</Interval><Duration>P1D</Duration></Repetition>${days}</CalendarTrigger>`,
        ]
      : every.times.map(
          ([hour, minute]) => `    <CalendarTrigger><StartBoundary>${at(hour, minute)}</StartBoundary>${days}</CalendarTrigger>`,
        );
  return [
    '<?xml version="1.0" encoding="UTF-16"?>',
    '<Task version="1.2" xmlns="http://schemas.microsoft.com/windows/2004/02/mit/task">',
    `  <RegistrationInfo><Description>Change the desktop wallpaper (${xml(every.text)})</Description></RegistrationInfo>`,
    '  <Triggers>',
    ...triggers,
    '  </Triggers>',
    '  <Settings><StartWhenAvailable>true</StartWhenAvailable><MultipleInstancesPolicy>IgnoreNew</MultipleInstancesPolicy><DisallowStartIfOnBatteries>false</DisallowStartIfOnBatteries></Settings>',
    `  <Actions><Exec><Command>${xml(program)}</Command><Arguments>${xml(args.map(windowsWord).join(' '))}</Arguments></Exec></Actions>`,
    '</Task>',
    '',
  ].join('\r\n');
}
