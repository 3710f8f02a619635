// `--apply` (docs/colors.md#apply): recolour the open terminals now, as pywal does: OSC 4 (the 16
// colours), 10 (foreground), 11 (background) and 12 (cursor) written to every pseudo-terminal the
// user owns; and where X runs, the Xresources merged (`xrdb -merge`) for the terminals started next.
import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ColorScheme } from './formats.js';

/** xrdb answers in milliseconds; a server that does not answer in this long is not waited for. */
const XRDB_TIMEOUT_MS = 10_000;
const PTS = '/dev/pts';

export interface Applied {
  /** Pseudo-terminals written to. */
  terminals: number;
  /** Why each other one was not (`/dev/pts/3: EAGAIN`). */
  failed: string[];
  /** Whether the Xresources were merged; a reason when X runs but xrdb failed. */
  xrdb: boolean | string;
}

const osc = (code: string): string => `\u001b]${code}\u001b\\`;

/** The escape sequences that recolour a terminal to `scheme`. */
export const sequencesOf = (scheme: ColorScheme): string =>
  [
    ...scheme.colors.map((color, i) => osc(`4;${i};${color}`)),
    osc(`10;${scheme.foreground}`),
    osc(`11;${scheme.background}`),
    osc(`12;${scheme.cursor}`),
  ].join('');

/** The pseudo-terminals of `folder` this process's user owns. */
async function ownTerminals(folder: string): Promise<string[]> {
  const uid = process.getuid?.();
  if (uid === undefined) return [];
  const names = await readdir(folder).catch(() => [] as string[]);
  const owned = await Promise.all(
    names
      .filter((name) => /^\d+$/.test(name))
      .map(async (name) => ((await stat(join(folder, name)).catch(() => undefined))?.uid === uid ? join(folder, name) : undefined)),
  );
  return owned.filter((path): path is string => path !== undefined);
}

function mergeXresources(file: string, env: NodeJS.ProcessEnv): Promise<boolean | string> {
  if (!env.DISPLAY) return Promise.resolve(false);
  return new Promise((resolve) => {
    execFile('xrdb', ['-merge', file], { env, timeout: XRDB_TIMEOUT_MS }, (error, _stdout, stderr) =>
      resolve(error ? `xrdb -merge failed: ${(stderr.trim() || error.message).split('\n')[0]}` : true),
    );
  });
}

/** Recolour the user's terminals and merge `xresources` where `env` has a DISPLAY. */
export async function applyScheme(scheme: ColorScheme, xresources: string, env: NodeJS.ProcessEnv, folder = PTS): Promise<Applied> {
  const sequences = sequencesOf(scheme);
  const failed: string[] = [];
  let terminals = 0;
  for (const path of await ownTerminals(folder)) {
    try {
      // Never become its controlling terminal, never wait on a terminal that is not reading.
      const handle = await open(path, constants.O_WRONLY | constants.O_NOCTTY | constants.O_NONBLOCK);
      try {
        await handle.write(sequences);
        terminals++;
      } finally {
        await handle.close();
      }
    } catch (error) {
      failed.push(`${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
  }
  return { terminals, failed, xrdb: await mergeXresources(xresources, env) };
}
