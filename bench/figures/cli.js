// Figure: wall time of `wallpaper random --json` and `list --json` on the 100,000-wallpaper index vs
// `node -e 0` (the cost of starting Node at all). hyperfine when installed, else spawn and time.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sizeOf } from './json.js';

const BIN = fileURLToPath(new URL('../../bin/wallpaper.js', import.meta.url));
/** The allowance over a bare Node start: 150 ms at 100k, 200 ms at a million. */
const allowanceMs = (big) => (big.count >= 1_000_000 ? 200 : 150);

function hasHyperfine() {
  try {
    execFileSync('hyperfine', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Seconds per run of each command (argv arrays). */
function measure(commands, runs, scratch) {
  if (hasHyperfine()) {
    const out = join(scratch, 'hyperfine.json');
    const quote = (arg) => (/^[\w./:=-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);
    execFileSync(
      'hyperfine',
      ['-N', '--warmup', '3', '--runs', String(runs), '--export-json', out, ...commands.map((c) => c.map(quote).join(' '))],
      { stdio: 'ignore' },
    );
    return JSON.parse(readFileSync(out, 'utf8')).results.map((r) => r.times);
  }
  return commands.map((command) => {
    const times = [];
    for (let i = 0; i < runs + 3; i++) {
      const started = performance.now();
      const result = spawnSync(command[0], command.slice(1), { stdio: 'ignore' });
      if (result.status !== 0) throw new Error(`${command.join(' ')} exited ${result.status}`);
      if (i >= 3) times.push((performance.now() - started) / 1000);
    }
    return times;
  });
}

export async function cliFigure({ big, options, scratch }) {
  const node = process.execPath;
  const runs = options.quick ? 10 : 20;
  const commands = [
    [node, '-e', '0'],
    [node, BIN, '--home', big.home, 'random', '--json'],
    [node, BIN, '--home', big.home, 'list', '--json'],
  ];
  for (const command of commands.slice(1)) {
    const result = spawnSync(command[0], command.slice(1), { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command.join(' ')} failed: ${result.stderr}`);
  }
  const [floor, random, list] = measure(commands, runs, scratch).map((times) => times.map((s) => s * 1000));
  const row = (name, values) => ({
    name: `\`wallpaper ${name}\` on ${sizeOf(big)}, wall time`,
    subject: { label: name, values, unit: 'ms' },
    baseline: { label: 'node -e 0', values: floor, unit: 'ms' },
    ratio: { kind: 'over', target: allowanceMs(big), unit: 'ms' },
  });
  return [row('random --json', random), row('list --json', list)];
}

/** `random --set` for 3 monitors vs `--same` on the 100k index (the setter a no-op
 * set_command), wall time; target at most 300 ms more. */
export async function monitorsFigure({ big, options, scratch }) {
  const node = process.execPath;
  const runs = options.quick ? 10 : 20;
  const base = [node, BIN, '--home', big.home];
  const monitors = ['--monitors', 'DP-1=2560x1440,DP-2=1080x1920,DP-3=1920x1080'];
  execFileSync(node, [...base.slice(1), 'config', 'set', 'set_command', '/bin/true {monitor} {path}']);
  try {
    const commands = [
      [...base, 'random', '--set', '--same', '--allow-repeat', ...monitors],
      [...base, 'random', '--set', '--allow-repeat', ...monitors],
    ];
    for (const command of commands) {
      const result = spawnSync(command[0], command.slice(1), { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`${command.join(' ')} failed: ${result.stderr}`);
    }
    const [same, each] = measure(commands, runs, scratch).map((times) => times.map((s) => s * 1000));
    return [
      {
        name: '`wallpaper random --set` for 3 monitors on 100k, wall time',
        subject: { label: '3 monitors', values: each, unit: 'ms' },
        baseline: { label: '--same', values: same, unit: 'ms' },
        ratio: { kind: 'over', target: 300, unit: 'ms' },
      },
    ];
  } finally {
    execFileSync(node, [...base.slice(1), 'config', 'set', 'set_command', '']);
  }
}
