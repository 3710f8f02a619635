// `wallpaper schedule`: change the wallpaper on a schedule that survives suspend and reboot, handed to
// the system's own scheduler (a systemd user timer, a launchd agent, a Windows scheduled task) that
// runs `wallpaper random --set --if-due` (with the filters and `--appearance` given here: `sun`
// makes each change pick by the sun at the location setting). Also --dry-run (print, write nothing), --status, --remove,
// and --pause/--resume (the timer keeps running; --if-due changes nothing while paused).
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import {
  type DesktopOptions,
  openDesktop,
  parseAppearance,
  schedule,
  type ScheduledCommand,
  type ScheduleHost,
  WallpaperError,
} from '../core/index.js';
import { type CliContext, databaseOf, dirsOf, libraryOf } from './context.js';
import { addFilterFlags, filterArgv, parseFilterFlags } from './filter-flags.js';
import { FILE_VARIABLES, helpFooter } from './help.js';
import { changeFlags } from './set-report.js';

/** This package's bin: two levels up from dist/commands/ (and src/commands/). */
const BIN = fileURLToPath(new URL('../../bin/wallpaper.js', import.meta.url));
const RUN_TIMEOUT_MS = 30_000;
/** What a scheduled run keeps of this shell's environment: the desktop, the tools' PATH, the homes. */
const KEPT_VARIABLES = ['XDG_CURRENT_DESKTOP', 'PATH', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME'];

interface ScheduleOptions extends Record<string, unknown> {
  every?: string;
  appearance?: ReturnType<typeof parseAppearance>;
  target?: DesktopOptions['target'];
  notify?: boolean;
  dryRun?: boolean;
  status?: boolean;
  remove?: boolean;
  pause?: boolean;
  resume?: boolean;
}

export function hostOf(ctx: CliContext): ScheduleHost {
  return {
    platform: process.platform,
    env: ctx.env,
    home: ctx.env.HOME || homedir(),
    uid: process.getuid?.() ?? 0,
    run: (program, args) =>
      new Promise((resolve, reject) => {
        execFile(program, [...args], { env: ctx.env, timeout: RUN_TIMEOUT_MS, encoding: 'utf8' }, (error, stdout, stderr) => {
          if (error && typeof error.code === 'string') reject(error);
          else resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
        });
      }),
  };
}

export function scheduleCommand(ctx: CliContext): Command {
  const command = new Command('schedule')
    .description(
      'change the wallpaper on a schedule that survives suspend and reboot (a systemd user timer, a launchd agent or a scheduled task)',
    )
    .option('--every <when>', 'how often: 15m, 30m, 1h, 2h, hourly, daily, weekly, or days and times such as "Mon..Fri 08:00"')
    .option(
      '--appearance <mode>',
      "each change picks for a light or dark scheme: light, dark, auto (the desktop's own) or sun (light from sunrise to sunset at the location setting)",
      parseAppearance,
    )
    .option('--dry-run', 'print the files and commands instead of installing them')
    .option('--status', 'show the schedule, its last and next run and the last change')
    .option('--remove', 'remove the schedule')
    .option('--pause', 'keep the schedule but change nothing until --resume')
    .option('--resume', 'change again on schedule');
  changeFlags(command, ctx, { when: 'each change: ' });
  addFilterFlags(command);
  helpFooter(
    command,
    [
      'wallpaper schedule --every 30m --brightness dark',
      'wallpaper schedule --every "Mon..Fri 08:00" --dry-run',
      'wallpaper schedule --status',
    ],
    [...FILE_VARIABLES, 'XDG_CURRENT_DESKTOP'],
  );
  return command.action(async (options: ScheduleOptions, cmd: Command) => {
    const actions = (['every', 'status', 'remove', 'pause', 'resume'] as const).filter((name) => options[name] !== undefined);
    if (actions.length !== 1) {
      throw new WallpaperError('invalid_param', 'wallpaper schedule needs one of --every WHEN, --status, --remove, --pause or --resume');
    }
    const dirs = dirsOf(cmd, ctx);
    const host = hostOf(ctx);
    if (options.status) {
      const library = libraryOf(cmd, ctx, true);
      try {
        return printStatus(ctx, await schedule.scheduleStatus(host, dirs.data), openDesktop(ctx.env).lastChange(library));
      } finally {
        library.close();
      }
    }
    if (options.pause || options.resume) {
      mkdirSync(dirs.data, { recursive: true });
      schedule.writeState(dirs.data, { ...schedule.readState(dirs.data), paused: Boolean(options.pause) });
      ctx.stdout.write(options.pause ? 'Paused: the schedule changes nothing until `wallpaper schedule --resume`.\n' : 'Resumed.\n');
      return;
    }
    if (options.remove) {
      const removed = await schedule.removeSchedule(host);
      ctx.stdout.write(removed.length > 0 ? `Removed ${removed.join(', ')}\n` : 'No schedule to remove.\n');
      return;
    }
    // Everything is checked before anything is written.
    const every = schedule.parseEvery(options.every!);
    const filters = parseFilterFlags(options);
    if (options.appearance !== undefined && filters.brightness !== undefined)
      throw new WallpaperError('invalid_param', 'invalid --appearance: give --brightness or --appearance, not both');
    const desktop = openDesktop(ctx.env);
    // A lock screen this desktop lacks is said now (when run inside it), not in the journal later.
    const lockHere = options.target !== undefined && options.target !== 'desktop' && desktop.setter().name !== undefined;
    if (options.appearance === 'sun' || lockHere) {
      // A timer that could only fail: the location is asked for now, not in the journal later.
      const library = libraryOf(cmd, ctx);
      try {
        if (options.appearance === 'sun') desktop.sun(library);
        if (lockHere) await desktop.checkTarget(library, options.target!);
      } finally {
        library.close();
      }
    }
    const { home } = cmd.optsWithGlobals<{ home?: string }>();
    // The timer's command reads the same index (a --database URL is written into the unit as given).
    const database = databaseOf(cmd);
    const program = [process.execPath, BIN, ...(home ? ['--home', dirs.data] : []), ...(database ? ['--database', database] : [])];
    const run: ScheduledCommand = {
      // New wallpapers from the sources (if any) once a day, before the change.
      before: [[...program, 'fetch', '--if-due', '1d']],
      argv: [
        ...program,
        'random',
        '--set',
        '--if-due',
        schedule.formatDuration(schedule.dueIntervalOf(every.intervalMs)),
        ...(options.appearance ? ['--appearance', options.appearance] : []),
        ...(options.target ? ['--target', options.target] : []),
        ...(options.notify === undefined ? [] : [options.notify ? '--notify' : '--no-notify']),
        ...filterArgv(options),
      ],
      env: Object.fromEntries(KEPT_VARIABLES.flatMap((name) => (ctx.env[name] ? [[name, ctx.env[name]!]] : []))),
    };
    const plan = schedule.planSchedule(every, run, host);
    if (options.dryRun) {
      for (const file of plan.files) ctx.stdout.write(`# ${file.path}\n${file.text.replace(/\r\n/g, '\n')}\n`);
      for (const step of plan.commands) ctx.stdout.write(`$ ${step.join(' ')}\n`);
      // Where the service manager is missing (a container, WSL, a bare server): the same with cron.
      if (plan.cron.length > 0) ctx.stdout.write(`# or, without it, these crontab lines (crontab -e):\n${plan.cron.join('\n')}\n`);
      return;
    }
    await schedule.applySchedule(plan, host);
    ctx.stdout.write(`Scheduled: ${every.text} (${plan.files.map((file) => file.path).join(', ')})\n`);
  });
}

type RecordedChange = ReturnType<ReturnType<typeof openDesktop>['lastChange']>;

/** The newest change, whatever made it (`random --set`, `next`, the timer, `watch`, ...), from the
 * record of changes: when, and what it put on the screen; else the timer's own last change. */
function lastChangeText(timer: string | null, recorded: RecordedChange): string {
  if (!recorded) return timer ?? 'none recorded';
  const what = recorded.shown.map((entry) => ((entry.monitor ?? entry.slot) ? `${entry.monitor ?? entry.slot} ${entry.path}` : entry.path));
  return `${recorded.at}${what.length ? ` (${what.join(', ')})` : ''}`;
}

function printStatus(ctx: CliContext, status: Awaited<ReturnType<typeof schedule.scheduleStatus>>, recorded: RecordedChange): void {
  const lines = [
    status.installed
      ? `Schedule: ${status.schedule}`
      : status.notRunning
        ? `Schedule: none (${status.notRunning}; \`wallpaper schedule --remove\` deletes them)`
        : 'Schedule: none (set one with `wallpaper schedule --every 30m`)',
    ...(status.installed ? [`Last run: ${status.lastRun ?? 'not yet'}`, `Next run: ${status.nextRun ?? 'unknown'}`] : []),
    `Last change: ${lastChangeText(status.lastChange, recorded)}`,
    ...(status.paused ? ['Paused: yes (`wallpaper schedule --resume` to change again)'] : []),
  ];
  ctx.stdout.write(`${lines.join('\n')}\n`);
}
