// `wallpaper doctor` as a user runs it: a healthy library on a GNOME session (a fake gsettings on
// PATH, the machine's real dbus-daemon as the session bus) exits 0; each thing that stops the tool
// (a folder away, a damaged index, a broken settings file, the desktop's tool missing, no bus) is
// a `problem` line with what to do, and the exit status is 1. The bus is awaited by its socket
// appearing, with a generous limit (test/helpers/wait.ts), never a count of short sleeps.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, closeSync, copyFileSync, existsSync, mkdirSync, openSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { checkNode } from '../../src/core/doctor/doctor.js';
import { runCli } from '../helpers/cli.js';
import { type Teardown, tempDir, writeImage } from '../helpers/fixtures.js';
import { until } from '../helpers/wait.js';

const FAKE = fileURLToPath(new URL('../fixtures/fake-setters/record', import.meta.url));
const DBUS_DAEMON = '/usr/bin/dbus-daemon';

t.test('Node versions', async (t) => {
  const table: [string, string][] = [
    ['18.20.0', 'problem'],
    ['20.18.9', 'problem'],
    ['20.19.0', 'note'],
    ['22.12.0', 'ok'],
    ['24.11.1', 'ok'],
  ];
  for (const [version, level] of table) t.equal(checkNode(version).level, level, version);
});

/** A real session bus for the test, on a socket in `dir`; stopped at teardown. */
async function startBus(t: Teardown, dir: string): Promise<string> {
  const socket = join(dir, 'bus');
  const daemon: ChildProcess = spawn(DBUS_DAEMON, ['--session', '--nofork', `--address=unix:path=${socket}`], { stdio: 'ignore' });
  t.teardown(() => daemon.kill());
  await until(() => existsSync(socket));
  return `unix:path=${socket}`;
}

async function setup(t: Test) {
  const root = tempDir(t);
  const home = join(root, 'home');
  const pictures = join(root, 'pictures');
  await writeImage(join(pictures, 'one.jpg'), { width: 64, height: 40, color: '#345678' });
  const bin = join(root, 'bin');
  mkdirSync(bin);
  copyFileSync(FAKE, join(bin, 'gsettings'));
  chmodSync(join(bin, 'gsettings'), 0o755);
  const scan = await runCli(['--home', home, 'scan', pictures]);
  t.equal(scan.code, 0, scan.stderr);
  const env = { XDG_CURRENT_DESKTOP: 'GNOME', PATH: `${bin}:/usr/bin:/bin`, DBUS_SESSION_BUS_ADDRESS: '', XDG_RUNTIME_DIR: '' };
  return { root, home, pictures, bin, env };
}

t.test(
  'a healthy library on a desktop: every line ok, exit 0',
  { skip: !existsSync(DBUS_DAEMON) && 'dbus-daemon is not installed' },
  async (t) => {
    const { root, home, pictures, bin, env } = await setup(t);
    const bus = await startBus(t, root);
    const result = await runCli(['--home', home, 'doctor'], { ...env, DBUS_SESSION_BUS_ADDRESS: bus });
    const lines = result.stdout.trim().split('\n');
    const byTopic = (subject: string) => lines.find((line) => line.slice(9).startsWith(`${subject}:`)) ?? '';
    t.match(byTopic('node'), /^(ok|note) +node: Node \d+\.\d+\.\d+/);
    t.match(byTopic('sharp'), /^ok +sharp: sharp \d+\.\d+\.\d+, libvips \d+\.\d+\.\d+$/);
    // Every format of docs/design.md#every-format, each on its line with what decodes it here.
    const formats = lines.filter((line) => line.slice(9).startsWith('format:'));
    t.same(
      formats.map((line) => /format: (.+?) \(/.exec(line)?.[1]),
      ['JPEG', 'PNG', 'WebP', 'AVIF', 'HEIC/HEIF', 'JPEG XL', 'SVG', 'GIF', 'TIFF', 'BMP'],
    );
    t.ok(
      formats.every((line) => line.startsWith('ok ')),
      formats.join('\n'),
    );
    t.match(
      formats.find((line) => line.includes('HEIC')),
      /\(\.heic \.heif\) decoded by WebAssembly libheif/,
    );
    t.match(
      formats.find((line) => line.includes('JPEG XL')),
      /\(\.jxl\) decoded by (djxl|WebAssembly libjxl)/,
    );
    t.match(byTopic('files'), `ok       files: all in ${home}`);
    t.match(byTopic('index'), /^ok +index: 1 wallpapers, schema version \d+, integrity ok$/);
    t.match(byTopic('folder'), `ok       folder: ${pictures} is reachable`);
    t.match(byTopic('desktop'), `ok       desktop: sets with gnome using gsettings (${join(bin, 'gsettings')})`);
    t.match(byTopic('session bus'), /^ok +session bus: reachable$/);
    t.notOk(
      lines.some((line) => line.startsWith('problem')),
      result.stdout,
    );
    t.equal(result.code, 0, result.stderr);

    const json = await runCli(['--home', home, 'doctor', '--json'], { ...env, DBUS_SESSION_BUS_ADDRESS: bus });
    const checks = JSON.parse(json.stdout) as { level: string; subject: string; detail: string }[];
    t.same(
      checks.map((check) => check.subject),
      ['node', 'sharp', ...Array(10).fill('format'), 'files', 'index', 'folder', 'desktop', 'session bus', 'tray host'],
    );
    // This bus has no StatusNotifierWatcher: a note with what to install, never a problem.
    t.match(checks.at(-1), { level: 'note', detail: 'no StatusNotifierWatcher on the session bus' });
  },
);

t.test('every problem on its own line with what to do; exit 1', async (t) => {
  const { home, pictures, env } = await setup(t);
  rmSync(pictures, { recursive: true });
  const index = join(home, 'index.sqlite');
  // Damage every page after the first: SQLite still opens the file, and finds the rest broken.
  const size = statSync(index).size;
  const fd = openSync(index, 'r+');
  writeSync(fd, Buffer.alloc(size - 4096, 0x5a), 0, size - 4096, 4096);
  closeSync(fd);
  const result = await runCli(['--home', home, 'doctor'], { ...env, PATH: '/nonexistent' });
  const problems = result.stdout.split('\n').filter((line) => line.startsWith('problem'));
  t.match(problems, [
    /^problem +index: .*(damaged|malformed|corrupt).* - move it aside and run `wallpaper scan`/,
    /^problem +folder: .*pictures does not exist \(a disk or share not mounted\?\) - mount it, or take it out of the library/,
    /^problem +desktop: GNOME detected from XDG_CURRENT_DESKTOP=GNOME, but gsettings is not on PATH - install it, or name your tool/,
    /^problem +session bus: no session bus address .* - run from the desktop session/,
  ]);
  t.equal(result.code, 1);
  t.equal(result.stderr, `wallpaper: ${problems.length} problems found\n`);
});

t.test('a broken settings file is a problem naming the file', async (t) => {
  const { home, env } = await setup(t);
  writeFileSync(join(home, 'settings.json'), '{"thumbnail_size": "big"}');
  const result = await runCli(['--home', home, 'doctor'], env);
  t.match(
    result.stdout,
    /^problem +settings: invalid thumbnail_size in .*settings\.json: expected a whole number from 64 to 2048 - fix the named key/m,
  );
  t.equal(result.code, 1);
});

t.test('no desktop session is a note, not a problem (a home server)', async (t) => {
  const { home } = await setup(t);
  const result = await runCli(['--home', home, 'doctor'], {
    XDG_CURRENT_DESKTOP: '',
    DISPLAY: '',
    WAYLAND_DISPLAY: '',
    DBUS_SESSION_BUS_ADDRESS: '',
    XDG_RUNTIME_DIR: '',
  });
  t.match(result.stdout, /^note +desktop: no desktop session here/m);
  t.match(result.stdout, /^note +session bus: /m);
  t.equal(result.code, 0, result.stdout);
});
