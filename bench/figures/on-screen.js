// The wallpaper on the screen, on a real compositor: headless sway with 3 outputs (the
// cheapest real desktop with a read-back: `current` reads the swaybg sway runs). Wall time of
// `wallpaper current` (3 monitors, read back) over a bare Node start; `next` and `back` against
// `random --set` for the same 3 monitors (each also reads the screen back to remember what it
// replaces); and the CPU an idle `watch --appearance sun` uses between events (utime + stime from
// /proc/PID/stat over ~20 s; it should sleep until the next sunrise or sunset).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { unprivileged } from '../../test/helpers/unprivileged.js';

const BIN = fileURLToPath(new URL('../../bin/wallpaper.js', import.meta.url));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const onPath = (tool) => ['/usr/bin', '/usr/local/bin', '/bin'].some((dir) => existsSync(join(dir, tool)));

/** Headless sway with 3 outputs as an unprivileged user (sway refuses root); its client env and stop. */
async function startSway() {
  const user = unprivileged('sway');
  if (typeof user === 'string') throw new Error(user);
  const runtime = mkdtempSync(join(tmpdir(), 'wallpaper-bench-sway-'));
  chmodSync(runtime, 0o700);
  chownSync(runtime, user.uid, user.gid);
  const config = join(runtime, 'config');
  writeFileSync(config, '', { mode: 0o644 });
  const env = {
    PATH: '/usr/bin:/bin',
    HOME: runtime,
    XDG_RUNTIME_DIR: runtime,
    WLR_BACKENDS: 'headless',
    WLR_HEADLESS_OUTPUTS: '3',
    WLR_LIBINPUT_NO_DEVICES: '1',
    WLR_RENDERER: 'pixman',
  };
  const root = process.getuid?.() === 0;
  const argv = root ? ['setpriv', `--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', 'sway'] : ['sway'];
  const sway = spawn(argv[0], [...argv.slice(1), '-c', config], { env, stdio: 'ignore', detached: true });
  const stop = () => {
    try {
      process.kill(-sway.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    rmSync(runtime, { recursive: true, force: true });
  };
  for (let i = 0; i < 150 && !readdirSync(runtime).some((name) => name.startsWith('sway-ipc.')); i++) await sleep(100);
  const socket = readdirSync(runtime).find((name) => name.startsWith('sway-ipc.'));
  if (!socket) {
    stop();
    throw new Error('headless sway did not start within 15 s');
  }
  return { env: { ...env, SWAYSOCK: join(runtime, socket), WAYLAND_DISPLAY: 'wayland-1', XDG_CURRENT_DESKTOP: 'sway' }, stop };
}

/** Milliseconds of one run of the CLI with `args`; throws when it fails. */
function timed(env, args) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [BIN, ...args], { env, encoding: 'utf8' });
  const elapsed = performance.now() - started;
  if (result.status !== 0) throw new Error(`wallpaper ${args.join(' ')} failed: ${result.stderr}`);
  return elapsed;
}

/** CPU ms (user + system) of a process so far, from /proc/PID/stat. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / Number(execFileSync('getconf', ['CLK_TCK']).toString());
}

export async function onScreenFigures({ options, scratch, log }) {
  for (const tool of ['sway', 'swaymsg', 'swaybg'])
    if (!onPath(tool))
      return [{ name: 'on screen: current, next, back on sway', skipped: `${tool} is not installed (apt-get install sway swaybg)` }];
  const runs = options.quick ? 8 : 20;
  const dir = join(scratch, 'on-screen');
  mkdirSync(join(dir, 'walls'), { recursive: true });
  chmodSync(scratch, 0o755);
  chmodSync(dir, 0o755);
  // 24 solid colours, landscape: sway's swaybg (another user) must read them.
  for (let i = 0; i < 24; i++) {
    const colour = { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53) % 256 };
    await sharp({ create: { width: 1280, height: 720, channels: 3, background: colour } })
      .png()
      .toFile(join(dir, 'walls', `w${i}.png`));
  }
  const sway = await startSway();
  try {
    const env = { ...sway.env, WALLPAPER_HOME: '', WALLPAPER_MONITORS: '' };
    const home = ['--home', join(dir, 'home')];
    timed(env, [...home, 'scan', join(dir, 'walls'), '--quiet']);
    const outputs = JSON.parse(execFileSync('swaymsg', ['-t', 'get_outputs', '--raw'], { env }).toString());
    log(`on-screen: sway with ${outputs.length} outputs (${outputs.map((o) => o.name).join(', ')})`);
    timed(env, [...home, 'random', '--set', '--allow-repeat']);
    const shown = execFileSync(process.execPath, [BIN, ...home, 'current'], { env })
      .toString()
      .trim()
      .split('\n');
    if (shown.length !== 3) throw new Error(`current named ${shown.length} monitors, not 3: ${shown.join(' | ')}`);

    const floor = [];
    const cliStart = [];
    const current = [];
    const set = [];
    const next = [];
    const back = [];
    for (let i = 0; i < runs + 2; i++) {
      const started = performance.now();
      spawnSync(process.execPath, ['-e', '0']);
      const node = performance.now() - started;
      const l = timed(env, [...home, 'list', '--limit', '1', '--json']);
      const c = timed(env, [...home, 'current']);
      const s = timed(env, [...home, 'random', '--set', '--allow-repeat']);
      const n = timed(env, [...home, 'next']);
      const b = timed(env, [...home, 'back']);
      if (i < 2) continue; // warm-up
      floor.push(node);
      cliStart.push(l);
      current.push(c);
      set.push(s);
      next.push(n);
      back.push(b);
    }

    // watch --appearance sun, idle: once its first pick is made and V8 settled (its memory reducer
    // collects once, ~15 s after the start: 50-70 ms here), CPU over 20 s windows (each holds at
    // most one of its 30 s wall-clock checks).
    timed(env, [...home, 'config', 'set', 'location', '52.52,13.40']);
    const watch = spawn(process.execPath, [BIN, ...home, 'watch', '--appearance', 'sun'], { env, stdio: 'ignore' });
    const idle = [];
    try {
      await sleep(25_000);
      for (let i = 0; i < (options.quick ? 1 : 2); i++) {
        const before = cpuMs(watch.pid);
        await sleep(20_000);
        idle.push(cpuMs(watch.pid) - before);
      }
    } finally {
      watch.kill();
    }
    const monitors = 'sway, 3 outputs';
    return [
      {
        name: `\`wallpaper current\` (${monitors}, read back), wall time`,
        subject: { label: 'current', values: current, unit: 'ms' },
        baseline: { label: 'node -e 0', values: floor, unit: 'ms' },
        ratio: { kind: 'over', target: 150, unit: 'ms' },
      },
      {
        name: `\`wallpaper current\` (${monitors}, read back) over the CLI's own start, wall time`,
        subject: { label: 'current', values: current, unit: 'ms' },
        baseline: { label: 'list --limit 1 --json', values: cliStart, unit: 'ms' },
        ratio: { kind: 'over', target: 150, unit: 'ms' },
        note: "what reading the desktop back adds to any command's start (Node, the CLI's modules, the index opened)",
      },
      {
        name: `\`wallpaper next\` vs \`random --set\` (${monitors}), wall time`,
        subject: { label: 'next', values: next, unit: 'ms' },
        baseline: { label: 'random --set', values: set, unit: 'ms' },
        ratio: { kind: 'over', target: 50, unit: 'ms' },
      },
      {
        name: `\`wallpaper back\` vs \`random --set\` (${monitors}), wall time`,
        subject: { label: 'back', values: back, unit: 'ms' },
        baseline: { label: 'random --set', values: set, unit: 'ms' },
        ratio: { kind: 'over', target: 50, unit: 'ms' },
      },
      {
        name: '`watch --appearance sun` idle, CPU ms per 20 s between events',
        subject: { label: 'watch', values: idle, unit: 'ms' },
        ratio: { kind: 'absolute', target: 20, unit: 'ms' },
        note: 'utime + stime of the watch process from /proc/PID/stat, from 25 s after its start (its first pick made and V8 collected once since its start), in 10 ms clock ticks',
      },
    ];
  } finally {
    sway.stop();
  }
}
