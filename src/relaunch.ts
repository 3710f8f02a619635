// The long-running commands (serve, scan, watch) run with glibc's malloc kept to two arenas, as
// docs/formats.md#memory says. glibc gives each thread that allocates while another holds its heap
// an arena of its own (up to 8 a core) and keeps what is freed there: the threads of libvips that
// decode and resize large pictures left `serve` 200 MB above its level after 30 4K JPEG XL and HEIC
// files, and raised its peak. MALLOC_ARENA_MAX is read once, when a process starts, so a process
// started without it runs itself again with it (replaced in place where Node has process.execve;
// else as a child that this process waits for, passing signals on). The same start fixes glibc's mmap
// threshold at its default, 128 KiB: glibc raises it after each large buffer is freed (up to 32 MB), and
// the buffers under it then stay in the heap once freed; fixed, serve's peak on those 30 files fell
// from 721-736 MB to 511-585 MB and what it held after from 221-258 MB to 135-168 MB (bench/RESULTS.md). A
// value the user set is kept, whatever it is; the short commands never pay for a second start.
import { commandWord } from './commands/argv.js';

/** The commands that run long enough, over enough large pictures, for the arenas to matter. */
const LONG_RUNNING = new Set(['serve', 'scan', 'watch']);
const ARENAS = '2';
/** glibc's first mmap threshold: set, glibc no longer raises it. */
const MMAP_THRESHOLD = '131072';
/** Set in a child this process started, so it knows to end with its parent. */
const CHILD_MARK = 'WALLPAPER_RELAUNCHED';

/** Whether `argv` (as process.argv) should be run again with MALLOC_ARENA_MAX set. */
export function wantsRelaunch(argv: readonly string[], env: NodeJS.ProcessEnv, platform = process.platform): boolean {
  if (platform !== 'linux' || env.MALLOC_ARENA_MAX !== undefined || env[CHILD_MARK]) return false;
  const word = commandWord(argv);
  return word !== undefined && LONG_RUNNING.has(word);
}

type Execve = (file: string, args: string[], env: NodeJS.ProcessEnv) => never;

/** Runs the command again with MALLOC_ARENA_MAX when it should and resolves to the exit status to
 * end with; undefined when this process is to run the command itself. */
export function relaunched(argv: readonly string[] = process.argv, env: NodeJS.ProcessEnv = process.env): Promise<number> | undefined {
  if (env[CHILD_MARK]) {
    // The child of a relaunch: it ends with its parent (killed, it can pass on no signal).
    delete env[CHILD_MARK];
    process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
    process.channel?.unref();
    return undefined;
  }
  if (!wantsRelaunch(argv, env)) return undefined;
  const args = [...process.execArgv, ...argv.slice(1)];
  const tuned = { ...env, MALLOC_ARENA_MAX: ARENAS, MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? MMAP_THRESHOLD };
  const execve = (process as unknown as { execve?: Execve }).execve;
  if (execve) execve(process.execPath, [process.execPath, ...args], tuned);
  const child = process.getBuiltinModule('node:child_process').spawn(process.execPath, args, {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...tuned, [CHILD_MARK]: '1' },
  });
  // A terminal's Ctrl-C reaches both processes: the child handles it, this one waits for it.
  const pass = (signal: NodeJS.Signals) => () => child.kill(signal);
  const handlers = (['SIGTERM', 'SIGHUP', 'SIGINT', 'SIGQUIT'] as const).map((signal) => [signal, pass(signal)] as const);
  for (const [signal, handler] of handlers) process.on(signal, handler);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      for (const [name, handler] of handlers) process.off(name, handler);
      // Ended by a signal: end by the same one, as a shell or systemd expects.
      if (signal) process.kill(process.pid, signal);
      resolve(code ?? 1);
    });
  });
}
