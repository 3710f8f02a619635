// `wallpaper schedule` and `random --set --if-due` as bin/ runs them: the timer and service are
// written to the user's systemd folder and handed to `systemctl --user` (a recording fake: no user
// session runs here); --dry-run writes nothing; --status, --remove, --pause; bad input is refused
// before anything is written; and a timer, a login hook and cron together change the wallpaper once.
import { execFile } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { BIN, runCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

const FAKE_SYSTEMCTL = fileURLToPath(new URL('../fixtures/fake-systemctl', import.meta.url));
const FAKE_SETTER = fileURLToPath(new URL('../fixtures/fake-setters/record', import.meta.url));

function setup(t: Parameters<typeof tempDir>[0]) {
  const root = tempDir(t);
  const bin = join(root, 'bin');
  mkdirSync(bin);
  copyFileSync(FAKE_SYSTEMCTL, join(bin, 'systemctl'));
  copyFileSync(FAKE_SETTER, join(bin, 'gsettings'));
  chmodSync(join(bin, 'systemctl'), 0o755);
  chmodSync(join(bin, 'gsettings'), 0o755);
  const home = join(root, 'data');
  const log = join(root, 'calls.log');
  const env = {
    HOME: join(root, 'user'),
    XDG_CONFIG_HOME: join(root, 'config'),
    PATH: `${bin}:/usr/bin:/bin`,
    FAKE_LOG: log,
    XDG_CURRENT_DESKTOP: 'GNOME',
  };
  const units = join(root, 'config', 'systemd', 'user');
  const calls = () => (existsSync(log) ? readFileSync(log, 'utf8') : '');
  return {
    root,
    home,
    env,
    units,
    calls,
    cli: (args: string[], extra: NodeJS.ProcessEnv = {}) => runCli(['--home', home, ...args], { ...env, ...extra }),
  };
}

t.test('--every writes the timer and service and enables the timer', async (t) => {
  const s = setup(t);
  const result = await s.cli(['schedule', '--every', '30m', '--brightness', 'dark']);
  t.equal(result.code, 0, result.stderr);
  t.match(result.stdout, /^Scheduled: 30m \(/);
  const timer = readFileSync(join(s.units, 'wallpaper-random.timer'), 'utf8');
  const service = readFileSync(join(s.units, 'wallpaper-random.service'), 'utf8');
  t.match(timer, /^OnCalendar=\*-\*-\* \*:00\/30:00$/m);
  t.match(timer, /^Persistent=true$/m);
  t.match(service, `ExecStart=${process.execPath} ${BIN} --home ${s.home} random --set --if-due 29m --brightness dark`);
  t.match(service, 'Environment=XDG_CURRENT_DESKTOP=GNOME', 'the desktop it was scheduled from');
  t.equal(s.calls(), '--user daemon-reload\n--user enable --now wallpaper-random.timer\n');
});

t.test('--dry-run prints the files and commands and writes nothing', async (t) => {
  const s = setup(t);
  const result = await s.cli(['schedule', '--every', 'Mon..Fri 08:00', '--orientation', 'landscape', '--dry-run']);
  t.equal(result.code, 0, result.stderr);
  t.match(result.stdout, `# ${join(s.units, 'wallpaper-random.service')}\n[Unit]`);
  t.match(result.stdout, 'OnCalendar=Mon,Tue,Wed,Thu,Fri *-*-* 08:00:00');
  t.match(result.stdout, '--if-due 23h59m --orientation landscape');
  t.match(result.stdout, '$ systemctl --user enable --now wallpaper-random.timer');
  t.notOk(existsSync(s.units), 'no files');
  t.equal(s.calls(), '', 'no commands');
});

t.test('bad input is refused before anything is written', async (t) => {
  const s = setup(t);
  const cases: [string[], RegExp][] = [
    [['--every', '7m'], /^wallpaper: invalid --every "7m": expected an interval that divides an hour or a day/],
    [['--every', '30m', '--brightness', 'dim'], /^wallpaper: invalid --brightness "dim": expected light, dark, medium or any/],
    [[], /^wallpaper: wallpaper schedule needs one of --every WHEN, --status, --remove, --pause or --resume/],
    [['--every', '30m', '--remove'], /needs one of/],
  ];
  for (const [args, message] of cases) {
    const result = await s.cli(['schedule', ...args]);
    t.equal(result.code, 2, args.join(' '));
    t.match(result.stderr, message, args.join(' '));
  }
  t.notOk(existsSync(s.units), 'nothing written');
  t.equal(s.calls(), '');
});

t.test('without a user systemd: nothing left behind, the cron line to paste, and --status says none', async (t) => {
  const s = setup(t);
  const noBus = { FAKE_FAIL_STDERR: 'Failed to connect to bus: No medium found', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus' };
  const result = await s.cli(['schedule', '--every', '30m', '--brightness', 'dark'], noBus);
  t.equal(result.code, 1);
  const line = `*/30 * * * * XDG_CURRENT_DESKTOP=GNOME PATH=${s.env.PATH} XDG_CONFIG_HOME=${s.root}/config DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1000/bus ${process.execPath} ${BIN} --home ${s.home} random --set --if-due 29m --brightness dark`;
  t.equal(
    result.stderr,
    `wallpaper: \`systemctl --user daemon-reload\` failed (exit 1): Failed to connect to bus: No medium found; nothing was installed. Use cron instead: run \`crontab -e\` and add this line: ${line}\n`,
  );
  t.notOk(existsSync(join(s.units, 'wallpaper-random.timer')), 'no timer left');
  t.notOk(existsSync(join(s.units, 'wallpaper-random.service')), 'no service left');
  t.notOk(existsSync(join(s.root, 'config', 'systemd')), 'no empty ~/.config/systemd/user/ left either');
  const status = await s.cli(['schedule', '--status'], noBus);
  t.equal(status.code, 0);
  t.match(status.stdout, /^Schedule: none \(set one/);

  // No systemctl at all (a container): the same, and --dry-run shows the crontab lines too.
  const bare = await s.cli(['schedule', '--every', 'Mon..Fri 08:00'], { PATH: '/nonexistent' });
  t.equal(bare.code, 1);
  t.match(
    bare.stderr,
    /^wallpaper: systemctl is not on PATH: this system has no systemd user manager to hand the schedule to; nothing was installed\. Use cron instead: run `crontab -e` and add this line: 0 8 \* \* 1,2,3,4,5 XDG_CURRENT_DESKTOP=GNOME PATH=\/nonexistent .* random --set --if-due 23h59m\n$/,
  );
  t.notOk(existsSync(join(s.units, 'wallpaper-random.timer')));
  const dry = await s.cli(['schedule', '--every', '07:00,19:30', '--dry-run']);
  t.match(
    dry.stdout,
    /# or, without it, these crontab lines \(crontab -e\):\n0 7 \* \* \* .* random --set --if-due 11h29m\n30 19 \* \* \* /,
  );

  // A schedule in place stays as it was when replacing it fails.
  t.equal((await s.cli(['schedule', '--every', 'daily'])).code, 0);
  const before = readFileSync(join(s.units, 'wallpaper-random.timer'), 'utf8');
  t.equal((await s.cli(['schedule', '--every', '1h'], noBus)).code, 1);
  t.equal(readFileSync(join(s.units, 'wallpaper-random.timer'), 'utf8'), before, 'the previous timer is put back');
});

t.test('--status tells the truth: files the user manager does not run are no schedule', async (t) => {
  const s = setup(t);
  t.equal((await s.cli(['schedule', '--every', 'daily'])).code, 0);
  t.match((await s.cli(['schedule', '--status'])).stdout, /^Schedule: \*-\*-\* 00:00:00\n/);
  // The same files, seen from a session with no user manager (WSL, a container, ssh without linger).
  const lost = await s.cli(['schedule', '--status'], { FAKE_FAIL_STDERR: 'Failed to connect to bus: No medium found' });
  t.equal(lost.code, 0);
  t.match(
    lost.stdout,
    `Schedule: none (${s.units} holds its files, but Failed to connect to bus: No medium found; \`wallpaper schedule --remove\` deletes them)\n`,
  );
  // Disabled behind our back: files, but no timer.
  await runCliIn(s, ['systemctl', '--user', 'disable', 'wallpaper-random.timer']);
  t.match((await s.cli(['schedule', '--status'])).stdout, /^Schedule: none \(.* holds its files, but systemd has not enabled the timer;/);
  // --remove still deletes them where no manager answers.
  const removed = await s.cli(['schedule', '--remove'], { FAKE_FAIL_STDERR: 'Failed to connect to bus: No medium found' });
  t.equal(removed.code, 0, removed.stderr);
  t.notOk(existsSync(join(s.units, 'wallpaper-random.timer')));
  t.match((await s.cli(['schedule', '--status'])).stdout, /^Schedule: none \(set one/);
});

/** Run the fake systemctl as the user would, in the test's environment. */
function runCliIn(s: ReturnType<typeof setup>, [program, ...args]: string[]): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile(join(s.root, 'bin', program!), args, { env: { ...process.env, ...s.env } }, (error) => (error ? reject(error) : resolve())),
  );
}

t.test('--status, --pause, --resume and --remove', async (t) => {
  const s = setup(t);
  t.match((await s.cli(['schedule', '--status'])).stdout, /^Schedule: none/);
  await s.cli(['schedule', '--every', 'daily']);
  const show = 'LastTriggerUSec=Tue 2026-11-24 00:00:00 UTC\nNextElapseUSecRealtime=Wed 2026-11-25 00:00:00 UTC';
  const status = await s.cli(['schedule', '--status'], { FAKE_SHOW: show });
  t.equal(status.code, 0, status.stderr);
  t.match(
    status.stdout,
    'Schedule: *-*-* 00:00:00\nLast run: Tue 2026-11-24 00:00:00 UTC\nNext run: Wed 2026-11-25 00:00:00 UTC\nLast change: none recorded\n',
  );
  t.equal((await s.cli(['schedule', '--pause'])).code, 0);
  t.match((await s.cli(['schedule', '--status'], { FAKE_SHOW: show })).stdout, /^Paused: yes/m);
  await s.cli(['schedule', '--resume']);
  t.notMatch((await s.cli(['schedule', '--status'], { FAKE_SHOW: show })).stdout, /Paused/);
  const removed = await s.cli(['schedule', '--remove']);
  t.equal(removed.code, 0, removed.stderr);
  t.notOk(existsSync(join(s.units, 'wallpaper-random.timer')), 'timer gone');
  t.notOk(existsSync(join(s.units, 'wallpaper-random.service')), 'service gone');
  t.match(s.calls(), /--user disable --now wallpaper-random.timer\n--user daemon-reload\n$/);
  t.equal((await s.cli(['schedule', '--remove'])).stdout, 'No schedule to remove.\n');
});

t.test("--status names the last change whatever made it (random --set, next), not only the timer's", async (t) => {
  const s = setup(t);
  const walls = join(s.root, 'walls');
  await writeImage(join(walls, 'a.png'), { width: 64, height: 40, color: '#202020', format: 'png' });
  await writeImage(join(walls, 'b.png'), { width: 64, height: 40, color: '#e0e0e0', format: 'png' });
  const noDesktop = { XDG_CURRENT_DESKTOP: '' };
  t.equal((await s.cli(['scan', walls], noDesktop)).code, 0);
  t.equal((await s.cli(['config', 'set', 'set_command', 'true {path}'], noDesktop)).code, 0);
  const set = await s.cli(['random', '--set'], noDesktop);
  t.equal(set.code, 0, set.stderr);
  const next = await s.cli(['next'], noDesktop);
  t.equal(next.code, 0, next.stderr);
  const status = await s.cli(['schedule', '--status'], noDesktop);
  t.equal(status.code, 0, status.stderr);
  t.match(status.stdout, new RegExp(`^Last change: \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z \\(${next.stdout.trim()}\\)$`, 'm'));
});

t.test('random --set --if-due: a timer, a login hook and cron together change it once; paused, never', async (t) => {
  const s = setup(t);
  const pictures = join(s.root, 'pictures');
  for (const [name, color] of [
    ['a.jpg', '#102030'],
    ['b.jpg', '#304050'],
    ['c.jpg', '#506070'],
  ]) {
    await writeImage(join(pictures, name!), { width: 64, height: 40, color: color! });
  }
  t.equal((await s.cli(['scan', pictures])).code, 0);
  // One change sets picture-uri (and picture-uri-dark): count the first.
  const sets = () => (s.calls().match(/^>>> gsettings\nset\norg\.gnome\.desktop\.background\npicture-uri\n/gm) ?? []).length;
  const results = await Promise.all([1, 2, 3].map(() => s.cli(['random', '--set', '--if-due', '1h'])));
  for (const result of results) t.equal(result.code, 0, result.stderr);
  t.equal(sets(), 1, 'one change among three triggers at once');
  t.equal(results.filter((result) => result.stdout !== '').length, 1, 'the others print nothing');
  t.equal((await s.cli(['random', '--set', '--if-due', '1h'])).stdout, '', 'not due yet');
  t.equal(sets(), 1);
  t.equal((await s.cli(['random', '--set'])).code, 0, 'without --if-due it always changes');
  t.equal(sets(), 2);
  await s.cli(['schedule', '--pause']);
  t.equal((await s.cli(['random', '--set', '--if-due', '1s'])).code, 0);
  t.equal(sets(), 2, 'paused: no change');
  const refused = await s.cli(['random', '--if-due', '1h']);
  t.equal(refused.code, 2);
  t.match(refused.stderr, /^wallpaper: invalid --if-due: it applies to --set only/);
});
