// The crontab lines of a schedule, for a machine with no systemd user manager to hand it to (a
// container, WSL, a bare server): `schedule --every` then installs nothing and prints these to paste
// with `crontab -e`. Cron runs with almost no environment, so the line carries the desktop's session
// variables of the shell it was made in, and the `--if-due` of the command keeps the rhythm.
import type { Every } from './every.js';
import type { ScheduledCommand } from './units.js';

/** What a desktop tool needs from the session that cron does not give (docs/desktops.md#cron). */
const SESSION_VARIABLES = ['DBUS_SESSION_BUS_ADDRESS', 'DISPLAY', 'WAYLAND_DISPLAY', 'XDG_RUNTIME_DIR'];

/** One shell word of a crontab line: quoted when needed, `%` escaped (cron reads it as a newline). */
export function cronWord(word: string): string {
  const quoted = /^[A-Za-z0-9_./:=,@+-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
  return quoted.replace(/%/g, '\\%');
}

/** The five time fields for these days and times, one entry per line needed. */
function timeFields(every: Every): string[] {
  const days = every.days.length === 7 ? '*' : every.days.join(',');
  const step = every.stepMinutes;
  if (step !== undefined && step < 60) return [`*/${step} * * * ${days}`];
  if (step === 60) return [`0 * * * ${days}`];
  if (step !== undefined) return [`0 */${step / 60} * * ${days}`];
  const hours = [...new Set(every.times.map(([hour]) => hour))];
  const minutes = [...new Set(every.times.map(([, minute]) => minute))];
  // One line when the times are a grid of hours x minutes, else one line per time.
  if (hours.length * minutes.length === every.times.length) return [`${minutes.join(',')} ${hours.join(',')} * * ${days}`];
  return every.times.map(([hour, minute]) => `${minute} ${hour} * * ${days}`);
}

export function cronLines(every: Every, command: ScheduledCommand, env: NodeJS.ProcessEnv): string[] {
  const session = SESSION_VARIABLES.flatMap((name) => (env[name] ? [[name, env[name]!] as const] : []));
  const variables = [...Object.entries(command.env), ...session].map(([name, value]) => `${name}=${cronWord(value)}`);
  const run = [...variables, ...command.argv.map(cronWord)].join(' ');
  return timeFields(every).map((fields) => `${fields} ${run}`);
}
