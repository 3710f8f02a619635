// Child processes under test: the real `wallpaper serve` (through bin/, as users run it) and the
// baseline servers of bench/servers/. Each runs in its own process so the bench's own work never
// shares its event loop; every start returns a handle that stops exactly the process it started.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { waitForLine } from './util.js';

const BIN = fileURLToPath(new URL('../../bin/wallpaper.js', import.meta.url));
const SERVERS = fileURLToPath(new URL('../servers/', import.meta.url));

function handle(child, base) {
  return {
    pid: child.pid,
    base,
    /** Resident set size in bytes, from /proc (Linux), of the serving process: bin/ itself, or the
     * one child it started when it ran serve again with MALLOC_ARENA_MAX (src/relaunch.ts). */
    rss() {
      const children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
      const status = readFileSync(`/proc/${children[0] ?? child.pid}/status`, 'utf8');
      const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) * 1024;
      return { rss: kb('VmRSS'), peak: kb('VmHWM') };
    },
    stop() {
      return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}

/**
 * `wallpaper --home HOME serve --port 0`; resolves once it listens and, with waitForScan, once its
 * start-up rescan has finished (so the measurement does not include it). `args`: more serve flags;
 * `env`: variables over the bench's own (e.g. an empty PATH: no system decoder).
 */
export async function startWallpaper(home, { waitForScan = true, nodeArgs = [], args = [], env = {} } = {}) {
  const child = spawn(process.execPath, [...nodeArgs, BIN, '--home', home, 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, WALLPAPER_TOKEN: '', ...env },
  });
  const stderr = [];
  const scanned = waitForScan ? waitForLine(child, child.stderr, /scan \(start-up\)[^\n]*\n/, 300_000) : undefined;
  const [, base] = await waitForLine(child, child.stdout, /Listening on (http:\/\/\S+)/);
  const server = handle(child, base);
  if (scanned) server.startupScan = (await scanned)[0].trim();
  child.stderr.on('data', (chunk) => stderr.push(chunk));
  server.stderr = () => stderr.join('');
  return server;
}

async function startChild(script, arg) {
  const child = spawn(process.execPath, [SERVERS + script, arg], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [, port] = await waitForLine(child, child.stdout, /port (\d+)/);
  return handle(child, `http://127.0.0.1:${port}`);
}

export const startBareJson = (bodiesFile) => startChild('bare-json.js', bodiesFile);
export const startSirv = (dir) => startChild('sirv.js', dir);

/** One GET, tried again once: an idle keep-alive connection the server closed meanwhile fails. */
export async function warm(url) {
  const get = async () => (await fetch(url)).text();
  await get().catch(get);
}
