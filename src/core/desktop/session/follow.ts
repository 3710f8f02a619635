// Following the session's colour scheme for `watch`: each change of the settings portal's
// SettingChanged signal (`gdbus monitor`) handed on as it comes; without the portal's signal the
// scheme is read again every second. The current scheme is handed on at start.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { PORTAL, type Scheme, colorScheme, schemeOfSignal } from './appearance.js';

/** How often the scheme is read when no portal signal can be had. */
const POLL_MS = 1000;

/** Call `onScheme` with the scheme now, then on every change (it may repeat one); resolves with
 * the function that stops following. */
export async function followScheme(env: NodeJS.ProcessEnv, onScheme: (scheme: Scheme) => void): Promise<() => void> {
  onScheme(await colorScheme(env));
  let poll: NodeJS.Timeout | undefined;
  let stopped = false;
  const startPolling = () => {
    if (!stopped) poll ??= setInterval(() => void colorScheme(env).then(onScheme), POLL_MS);
  };
  const monitor = watchSignals(env, onScheme, startPolling);
  return () => {
    stopped = true;
    monitor?.kill();
    clearInterval(poll);
  };
}

/** `gdbus monitor` on the portal, each SettingChanged of the colour scheme handed to `onScheme`;
 * `onGone` when gdbus cannot run or stops (the caller polls instead). */
function watchSignals(env: NodeJS.ProcessEnv, onScheme: (scheme: Scheme) => void, onGone: () => void): ChildProcess | undefined {
  let child: ChildProcess;
  try {
    child = spawn('gdbus', ['monitor', '--session', '--dest', PORTAL.dest, '--object-path', PORTAL.path], {
      env,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    onGone();
    return undefined;
  }
  child.on('error', onGone);
  child.on('exit', onGone);
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const scheme = schemeOfSignal(line);
    if (scheme) onScheme(scheme);
  });
  return child;
}
