// What sway and our own swaybg show, read back (docs/design.md#the-wallpaper-on-screen). Neither sway's IPC (get_outputs has
// no background) nor its config file (only the start-up lines) says what `output … bg` set since;
// the swaybg drawing it does: sway spawns one swaybg with every output's image on its command line
// (`-o NAME -i FILE -m MODE`, `-o *` for all), and the swaybg setter starts one the same way. So the
// answer is that process's argv: sway's own swaybg is the one whose environment holds this
// session's SWAYSOCK (sway double-forks it, so it is not sway's child); ours is the pid we wrote.
// Without /proc (not Linux) there is no telling, and the caller trusts its history.
import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { runTool } from '../tools/index.js';
import { swaybgStateFiles } from './swaybg.js';
import { type SetContext, type ShownPath, toolOf } from './types.js';

/** The image per output of a swaybg command line ('*': every output); colours and modes skipped. */
export function swaybgImages(argv: readonly string[]): Map<string, string> {
  const images = new Map<string, string>();
  let output = '*';
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg];
    const value = () => inline ?? argv[++i] ?? '';
    if (flag === '-o' || flag === '--output') output = value();
    else if (flag === '-i' || flag === '--image') images.set(output, value());
    else if (['-m', '--mode', '-c', '--color'].includes(flag!)) value();
  }
  return images;
}

const read = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined; // gone, or not ours to read
  }
};

const argvOf = (pid: number) => read(`/proc/${pid}/cmdline`)?.split('\0').slice(0, -1);
/** When the process started, in clock ticks since boot (field 22 of /proc/PID/stat). */
const startOf = (pid: number) => Number(read(`/proc/${pid}/stat`)?.split(') ')[1]?.split(' ')[19] ?? 0);

/** The swaybg processes whose environment holds `name=value`, newest first. */
function swaybgsWith(name: string, value: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || read(`/proc/${entry}/comm`)?.trim() !== 'swaybg') continue;
    if (read(`/proc/${entry}/environ`)?.split('\0').includes(`${name}=${value}`)) found.push(Number(entry));
  }
  return found.sort((a, b) => startOf(b) - startOf(a));
}

/** The images as shown entries; `*` with other outputs beside it is expanded over `outputs()`, the
 * named ones taking precedence, as swaybg does. */
async function entriesOf(images: Map<string, string>, outputs: () => Promise<string[]>): Promise<ShownPath[]> {
  const all = images.get('*');
  const named = [...images].filter(([output]) => output !== '*');
  if (named.length === 0) return all ? [{ monitor: null, slot: null, path: all }] : [];
  const shown = new Map(named);
  if (all) for (const output of await outputs()) if (!shown.has(output)) shown.set(output, all);
  return [...shown].map(([monitor, path]) => ({ monitor, slot: null, path }));
}

/** What sway shows: its swaybg's images per output; undefined when it cannot be told. */
export async function readSway(context: SetContext): Promise<ShownPath[] | undefined> {
  const socket = context.env.SWAYSOCK;
  if (!socket) return undefined;
  // The newest live one: the swaybg sway just replaced may linger a moment, or as a zombie.
  const argv = swaybgsWith('SWAYSOCK', socket)
    .map(argvOf)
    .find((args) => args !== undefined && args.length > 0);
  if (!argv) return undefined;
  return entriesOf(swaybgImages(argv), async () => {
    const { stdout } = await runTool(toolOf(context, 'swaymsg'), ['-t', 'get_outputs', '--raw'], context);
    return (JSON.parse(stdout) as { name: string; active?: boolean }[]).filter((o) => o.active !== false).map((o) => o.name);
  });
}

/** What the swaybg this library started shows; undefined when it is not running. */
export async function readSwaybg(context: SetContext): Promise<ShownPath[] | undefined> {
  const pid = Number.parseInt(read(swaybgStateFiles(context.env).pidFile)?.trim() ?? '', 10);
  const running = Number.isInteger(pid) && pid > 0 ? argvOf(pid) : undefined;
  // swaybg itself, or an interpreter running a script named swaybg (as the setter checks too).
  const at = running?.slice(0, 2).findIndex((arg) => basename(arg) === 'swaybg') ?? -1;
  const argv = at >= 0 ? running?.slice(at) : undefined;
  if (!argv) return undefined;
  // Ours names every output it was given, or none (-o absent: all of them).
  return entriesOf(swaybgImages(argv), async () => []);
}
