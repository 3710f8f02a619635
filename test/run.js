// `npm test` after the build: the type check, the lint and the import-cycle check run beside tap,
// not one after another before it (on 2 cores they held tap back ~30 s while one core idled). A
// check that fails stops tap at once and fails the run with its output (every failing check's), as
// when the checks ran first; otherwise their output follows tap's report. Arguments go to tap
// unchanged (`npm test -- --exclude=...`, as .ci/run passes them).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHECKS = ['typecheck', 'lint', 'cycles'];

/** Run `command`, its output kept (`keep`) or passed through; its exit status. */
function run(command, args, keep) {
  const child = spawn(command, args, { cwd: root, stdio: keep ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  let output = '';
  if (keep) {
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
  }
  const done = new Promise((resolve) => {
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
  return { child, done };
}

const tap = run(
  process.execPath,
  [fileURLToPath(new URL('../node_modules/tap/dist/esm/run.mjs', import.meta.url)), ...process.argv.slice(2)],
  false,
);
let failed = false;
const checks = CHECKS.map((name) =>
  run('npm', ['run', '--silent', name], true).done.then(({ code, output }) => {
    if (code !== 0) {
      process.stderr.write(`\nnpm run ${name} failed (exit ${code})${failed ? '' : '; tap is stopped'}:\n${output}\n`);
      if (!failed) tap.child.kill('SIGTERM');
      failed = true;
    }
    return { name, code, output };
  }),
);

const [tapResult, ...results] = await Promise.all([tap.done, ...checks]);
for (const { name, code, output } of results) {
  if (code === 0) process.stdout.write(`npm run ${name}: ok${output.trim() ? `\n${output.trim()}` : ''}\n`);
}
process.exit(failed ? 1 : tapResult.code);
