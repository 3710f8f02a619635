// Putting a schedule in place, taking it away and reporting on it, per platform: which files are
// written where and which service-manager commands run (systemctl --user, launchctl, schtasks). The
// commands go through an injected runner, so the whole flow is tested with a recording fake; a plan
// is data first, which is also what `--dry-run` prints.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { WallpaperError, oneLine } from '../errors.js';
import { cronLines } from './cron.js';
import { readState } from './due.js';
import type { Every } from './every.js';
import {
  LAUNCHD_LABEL,
  type ScheduledCommand,
  TASK_NAME,
  UNIT_NAME,
  launchdAgent,
  systemdService,
  systemdTimer,
  windowsTask,
} from './units.js';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Where the schedule goes and how its service manager is reached. */
export interface ScheduleHost {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** The user's home folder. */
  home: string;
  /** The user id, for launchctl's gui/<uid> domain. */
  uid: number;
  run(program: string, args: readonly string[]): Promise<RunResult>;
}

export interface PlannedFile {
  path: string;
  /** The text; Windows task definitions are written as UTF-16 with a byte order mark. */
  text: string;
  encoding: 'utf8' | 'utf16le';
}

export interface Plan {
  files: PlannedFile[];
  /** Commands run after the files are written, in order; a failure stops the rest. */
  commands: string[][];
  /** The same schedule as crontab lines, for a system without the service manager (not Windows). */
  cron: string[];
}

function configHome(host: ScheduleHost): string {
  const xdg = host.env.XDG_CONFIG_HOME;
  return xdg?.startsWith('/') ? xdg : join(host.home, '.config');
}

/** The files of the schedule on this platform (whether or not they exist). */
export function scheduleFiles(host: ScheduleHost): string[] {
  if (host.platform === 'darwin') return [join(host.home, 'Library', 'LaunchAgents', `${LAUNCHD_LABEL}.plist`)];
  if (host.platform === 'win32') {
    const local = host.env.LOCALAPPDATA || join(host.home, 'AppData', 'Local');
    return [join(local, 'wallpaper', `${TASK_NAME}.xml`)];
  }
  const dir = join(configHome(host), 'systemd', 'user');
  return [join(dir, `${UNIT_NAME}.timer`), join(dir, `${UNIT_NAME}.service`)];
}

export function planSchedule(every: Every, command: ScheduledCommand, host: ScheduleHost): Plan {
  const files = scheduleFiles(host);
  const cron = host.platform === 'win32' ? [] : cronLines(every, command, host.env);
  if (host.platform === 'darwin') {
    const [plist = ''] = files;
    const log = join(host.home, 'Library', 'Logs', 'wallpaper-random.log');
    return {
      cron,
      files: [{ path: plist, text: launchdAgent(every, command, log), encoding: 'utf8' }],
      // bootout first: bootstrap refuses a label that is already loaded.
      commands: [
        ['launchctl', 'bootout', `gui/${host.uid}/${LAUNCHD_LABEL}`],
        ['launchctl', 'bootstrap', `gui/${host.uid}`, plist],
      ],
    };
  }
  if (host.platform === 'win32') {
    const [xml = ''] = files;
    return {
      cron,
      files: [{ path: xml, text: windowsTask(every, command), encoding: 'utf16le' }],
      commands: [['schtasks', '/Create', '/TN', TASK_NAME, '/XML', xml, '/F']],
    };
  }
  const [timer = '', service = ''] = files;
  return {
    cron,
    files: [
      { path: service, text: systemdService(command), encoding: 'utf8' },
      { path: timer, text: systemdTimer(every), encoding: 'utf8' },
    ],
    commands: [
      ['systemctl', '--user', 'daemon-reload'],
      ['systemctl', '--user', 'enable', '--now', `${UNIT_NAME}.timer`],
    ],
  };
}

export function planRemoval(host: ScheduleHost): Plan & { remove: string[] } {
  const remove = scheduleFiles(host);
  const none = { files: [], cron: [], remove };
  if (host.platform === 'darwin') return { ...none, commands: [['launchctl', 'bootout', `gui/${host.uid}/${LAUNCHD_LABEL}`]] };
  if (host.platform === 'win32') return { ...none, commands: [['schtasks', '/Delete', '/TN', TASK_NAME, '/F']] };
  return {
    ...none,
    commands: [
      ['systemctl', '--user', 'disable', '--now', `${UNIT_NAME}.timer`],
      ['systemctl', '--user', 'daemon-reload'],
    ],
  };
}

/** Commands whose failure is expected and harmless (unloading what is not loaded). */
const TOLERATED = new Set(['bootout']);

async function runAll(commands: readonly string[][], host: ScheduleHost): Promise<void> {
  for (const [program = '', ...args] of commands) {
    const result = await host.run(program, args).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        throw new WallpaperError(
          'unavailable',
          `${program} is not on PATH: this system has no ${program === 'systemctl' ? 'systemd user manager' : 'scheduler'} to hand the schedule to`,
        );
      }
      throw error;
    });
    if (result.code !== 0 && !TOLERATED.has(args[0] ?? '')) {
      const said = (result.stderr || result.stdout).trim().split('\n')[0] ?? '';
      throw new WallpaperError('unavailable', `\`${[program, ...args].join(' ')}\` failed (exit ${result.code})${said ? `: ${said}` : ''}`);
    }
  }
}

/** Write the files and hand them to the service manager; when that fails, put back what was there
 * before (nothing, or the previous schedule's files) and say what to do instead: cron, with the lines
 * to paste. A schedule the system cannot run is never left behind to look installed. */
export async function applySchedule(plan: Plan, host: ScheduleHost): Promise<void> {
  const before = plan.files.map((file) => ({ path: file.path, old: existsSync(file.path) ? readFileSync(file.path) : undefined }));
  // The first folder each file's mkdir made (undefined: all there): taken away again on failure, so
  // a system without a user manager is left without an empty ~/.config/systemd/user/.
  const made: string[] = [];
  try {
    for (const file of plan.files) {
      const first = mkdirSync(dirname(file.path), { recursive: true });
      if (first) made.push(first);
      writeFileSync(file.path, file.encoding === 'utf16le' ? Buffer.from(`\ufeff${file.text}`, 'utf16le') : file.text);
    }
    await runAll(plan.commands, host);
  } catch (error) {
    for (const { path, old } of before) {
      if (old === undefined) rmSync(path, { force: true });
      else writeFileSync(path, old);
    }
    for (const folder of made) rmSync(folder, { recursive: true, force: true });
    if (plan.cron.length === 0) throw error;
    const lines = plan.cron.length === 1 ? `this line: ${plan.cron[0]}` : `these ${plan.cron.length} lines (shown by --dry-run)`;
    throw new WallpaperError(
      'unavailable',
      `${oneLine(error)}; nothing was installed. Use cron instead: run \`crontab -e\` and add ${lines}`,
      { cause: error },
    );
  }
}

/** Undo: disable first (a timer whose files are gone cannot be stopped by name), then delete. */
export async function removeSchedule(host: ScheduleHost): Promise<string[]> {
  const plan = planRemoval(host);
  const present = plan.remove.filter((file) => existsSync(file));
  if (present.length === 0) return [];
  const [disable, ...rest] = plan.commands;
  // Disabling fails where no service manager runs (files left by hand or by an older version): the
  // files still go, and there is nothing to reload.
  const reachable = disable
    ? await runAll([disable], host).then(
        () => true,
        () => false,
      )
    : true;
  for (const file of present) rmSync(file, { force: true });
  if (reachable) await runAll(rest, host);
  return present;
}

export interface ScheduleStatus {
  installed: boolean;
  /** The schedule as written in the timer (systemd) or the file's path elsewhere. */
  schedule?: string;
  /** As the service manager says: the last and next run (text), when it can say. */
  lastRun?: string;
  nextRun?: string;
  /** Why files of a schedule are there but not run (not enabled, no user manager), when so. */
  notRunning?: string;
  /** From the if-due state file. */
  lastChange: string | null;
  paused: boolean;
}

/** `systemctl show` prints `Name=value` lines; an unset time is empty or `n/a`. */
function property(output: string, name: string): string | undefined {
  const value = new RegExp(`^${name}=(.*)$`, 'm').exec(output)?.[1]?.trim();
  return value && value !== 'n/a' && value !== '0' ? value : undefined;
}

export async function scheduleStatus(host: ScheduleHost, dataDir: string): Promise<ScheduleStatus> {
  const state = readState(dataDir);
  const base = { lastChange: state.last_change, paused: state.paused };
  const [file = ''] = scheduleFiles(host);
  if (!existsSync(file)) return { installed: false, ...base };
  if (host.platform === 'darwin' || host.platform === 'win32') return { installed: true, schedule: file, ...base };
  const calendars = [...readFileSync(file, 'utf8').matchAll(/^OnCalendar=(.*)$/gm)].map((match) => match[1]).join('; ');
  const shown = await host
    .run('systemctl', [
      '--user',
      'show',
      `${UNIT_NAME}.timer`,
      '--property=LastTriggerUSec',
      '--property=NextElapseUSecRealtime',
      '--property=UnitFileState',
      '--property=ActiveState',
    ])
    .catch((error: NodeJS.ErrnoException) => ({
      code: 1,
      stdout: '',
      stderr: error.code === 'ENOENT' ? 'systemctl is not on PATH' : oneLine(error),
    }));
  // Files alone are not a schedule: only a timer the user manager has enabled or running is.
  const enabled = property(shown.stdout, 'UnitFileState') === 'enabled' || property(shown.stdout, 'ActiveState') === 'active';
  if (shown.code !== 0 || !enabled) {
    const said = (shown.stderr || '').trim().split('\n')[0];
    return {
      installed: false,
      notRunning: `${dirname(file)} holds its files, but ${said || 'systemd has not enabled the timer'}`,
      ...base,
    };
  }
  const lastRun = property(shown.stdout, 'LastTriggerUSec');
  const nextRun = property(shown.stdout, 'NextElapseUSecRealtime');
  return { installed: true, schedule: calendars, ...(lastRun ? { lastRun } : {}), ...(nextRun ? { nextRun } : {}), ...base };
}
