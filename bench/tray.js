// `node bench/tray.js` (after `npm run build`): what `wallpaper tray` costs (docs/desktops.md#the-tray).
// On a private session bus with KDE's StatusNotifierWatcher (kded5): the tray's CPU (utime + stime
// from /proc/PID/stat) over 60 s of idling after start-up, and its RSS; then "Next" from the menu
// (a dbusmenu Event, timed until the on-screen record changes) against `wallpaper next` (a process,
// timed until it exits), alternated, 10 each, on the same library (set_command `true {path}`).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, watch, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import dbus from 'dbus-next';
import sharp from 'sharp';
import { markKconfUpdatesDone } from './lib/kded-config.js';

const BIN = fileURLToPath(new URL('../bin/wallpaper.js', import.meta.url));
const IDLE_MS = 60_000;
const ROUNDS = 10;
const dir = mkdtempSync(join(tmpdir(), 'wallpaper-bench-tray-'));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const children = [];
const cleanup = () => {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
};

try {
  const daemon = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(daemon);
  const address = await new Promise((resolve) => daemon.stdout.once('data', (chunk) => resolve(String(chunk).trim())));
  const config = join(dir, 'config');
  mkdirSync(config);
  markKconfUpdatesDone(config);
  const env = {
    ...process.env,
    DBUS_SESSION_BUS_ADDRESS: address,
    XDG_CURRENT_DESKTOP: 'KDE',
    WALLPAPER_HOME: '',
    DISPLAY: '',
    WAYLAND_DISPLAY: '',
  };
  children.push(spawn('kded5', [], { env: { ...env, XDG_CONFIG_HOME: config, QT_QPA_PLATFORM: 'offscreen' }, stdio: 'ignore' }));
  const bus = dbus.sessionBus({ busAddress: address });
  const owner = (await bus.getProxyObject('org.freedesktop.DBus', '/org/freedesktop/DBus')).getInterface('org.freedesktop.DBus');
  while (!(await owner.NameHasOwner('org.kde.kded5'))) await sleep(100);
  await (await bus.getProxyObject('org.kde.kded5', '/kded')).getInterface('org.kde.kded5').loadModule('statusnotifierwatcher');

  const walls = join(dir, 'walls');
  mkdirSync(walls);
  for (let i = 0; i < 12; i++)
    await sharp({ create: { width: 1920, height: 1080, channels: 3, background: { r: i * 20, g: 100, b: 255 - i * 20 } } })
      .jpeg()
      .toFile(join(walls, `w${i}.jpg`));
  const home = join(dir, 'home');
  const cli = (...args) => execFileSync(process.execPath, [BIN, '--home', home, ...args], { env, encoding: 'utf8' });
  cli('scan', walls, '--quiet');
  cli('config', 'set', 'set_command', 'true {path}');
  cli('random', '--set');

  const tray = spawn(process.execPath, [BIN, '--home', home, 'tray'], { env, stdio: 'ignore' });
  children.push(tray);
  const name = `org.kde.StatusNotifierItem-${tray.pid}-1`;
  while (!(await owner.NameHasOwner(name))) await sleep(100);
  await sleep(10_000); // start-up done: the first icon made, registered, the start's garbage collected
  const ticks = () => {
    const fields = readFileSync(`/proc/${tray.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime (fields 14 and 15)
  };
  const hz = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
  const before = ticks();
  await sleep(IDLE_MS);
  const idleCpuMs = ((ticks() - before) * 1000) / hz;
  const rssMb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${tray.pid}/status`, 'utf8'))[1]) / 1024;

  const menu = (await bus.getProxyObject(name, '/MenuBar')).getInterface('com.canonical.dbusmenu');
  const record = join(home, 'on-screen.json');
  const menuNext = async () => {
    const changed = new Promise((resolve) => {
      const watcher = watch(home, (_e, file) => {
        if (file === 'on-screen.json') {
          watcher.close();
          resolve();
        }
      });
    });
    const start = performance.now();
    await menu.Event(3, 'clicked', new dbus.Variant('i', 0), 0);
    await changed;
    return performance.now() - start;
  };
  const cliNext = () => {
    const start = performance.now();
    const result = spawnSync(process.execPath, [BIN, '--home', home, 'next'], { env });
    if (result.status !== 0) throw new Error(String(result.stderr));
    return performance.now() - start;
  };
  const menuTimes = [];
  const cliTimes = [];
  for (let i = 0; i < ROUNDS; i++) {
    menuTimes.push(await menuNext());
    await sleep(300); // the tray's own read-back after the change
    cliTimes.push(cliNext());
    await sleep(300);
  }
  void record;
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  console.log(`tray idle CPU over ${IDLE_MS / 1000} s: ${idleCpuMs.toFixed(0)} ms (target < 50 ms)`);
  console.log(`tray RSS: ${rssMb.toFixed(1)} MB (target < 80 MB)`);
  console.log(
    `menu Next (Event -> record written): median ${median(menuTimes).toFixed(0)} ms, min ${Math.min(...menuTimes).toFixed(0)}, max ${Math.max(...menuTimes).toFixed(0)}`,
  );
  console.log(
    `wallpaper next (process, to exit):    median ${median(cliTimes).toFixed(0)} ms, min ${Math.min(...cliTimes).toFixed(0)}, max ${Math.max(...cliTimes).toFixed(0)}`,
  );
  console.log(`ratio menu/cli: ${(median(menuTimes) / median(cliTimes)).toFixed(2)} (target <= 1)`);
  bus.disconnect();
} finally {
  cleanup();
}
