// `current --as waybar` and `current --follow` (docs/cli.md#wallpaper-current-back-and-next): what a status bar shows. The
// waybar line is one JSON object, {"text", "tooltip", "class", "alt"}: the title, title/size/credit,
// the brightness (light, medium, dark) and the id, of the wallpaper on the primary monitor. --follow
// prints again at every change this library records (by any process: a shortcut's `next`, the
// schedule, the gallery), as waybar's and polybar's continuous modes read it; a line equal to the
// last is not repeated. It ends on SIGINT or SIGTERM, or quietly when the bar closes the pipe.
import { openDesktop, WallpaperError } from '../core/index.js';
import type { Library, ShownEntry } from '../core/types.js';
import { endQuietlyWhenOutputCloses } from './closed-output.js';
import type { CliContext } from './context.js';
import { printShown } from './set-report.js';

export const PANEL_FORMATS = ['waybar'] as const;

/** The `--as` value, checked: invalid_param naming the accepted ones. */
export function parsePanelFormat(text: string | undefined): 'waybar' | undefined {
  if (text === undefined || text.toLowerCase() === 'waybar') return text === undefined ? undefined : 'waybar';
  throw new WallpaperError('invalid_param', `invalid --as "${text}": expected ${PANEL_FORMATS.join(' or ')}`);
}

/** The waybar line for what is on the screen now; an empty text and class `none` when nothing is. */
async function waybarLine(env: NodeJS.ProcessEnv, library: Library): Promise<string | undefined> {
  const now = await openDesktop(env).shownNow(library);
  if (!now) return undefined;
  const wallpaper = now.entry.wallpaper;
  const line = { text: now.title, tooltip: now.tooltip, class: wallpaper?.brightness ?? 'unknown', alt: wallpaper?.id ?? '' };
  return `${JSON.stringify(line)}\n`;
}

const NOTHING_LINE = `${JSON.stringify({ text: '', tooltip: 'nothing on the screen yet', class: 'none', alt: '' })}\n`;

/** `current --as waybar` once: not_found when nothing is known to be on the screen. */
export async function printWaybar(ctx: CliContext, library: Library): Promise<void> {
  const line = await waybarLine(ctx.env, library);
  if (!line) throw new WallpaperError('not_found', 'nothing is known to be on the screen: set one first (wallpaper random --set)');
  ctx.stdout.write(line);
}

/** What `current` prints, as a string: the 7.5 lines, or one JSON line with `json`. */
function shownText(entries: readonly ShownEntry[], json: boolean | undefined): string {
  let text = '';
  const collect = (chunk: string) => {
    text += chunk;
    return true;
  };
  printShown({ write: collect } as unknown as CliContext['stdout'], entries, json, true);
  return json ? `${JSON.stringify(JSON.parse(text))}\n` : text;
}

/** `current --follow`: print now (when something is known) and after every change, until stopped. */
export async function followCurrent(
  ctx: CliContext,
  library: Library,
  how: { as?: 'waybar'; json?: boolean; target?: 'desktop' | 'lock' },
): Promise<void> {
  const desktop = openDesktop(ctx.env);
  const render = async (): Promise<string> => {
    if (how.as === 'waybar') return (await waybarLine(ctx.env, library)) ?? NOTHING_LINE;
    const entries = await desktop.current(library, how.target).catch(() => []);
    return entries.length > 0 ? shownText(entries, how.json) : '';
  };
  let last = '';
  let queue = Promise.resolve();
  const print = () => {
    queue = queue.then(async () => {
      const text = await render().catch((error: unknown) => {
        ctx.stderr.write(`${(error as Error).message}\n`);
        return last;
      });
      if (text !== last && text !== '') ctx.stdout.write(text);
      last = text;
    });
  };
  await new Promise<void>((resolve) => {
    const stop = desktop.followShown(library, print);
    const done = () => {
      stop();
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    };
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
    endQuietlyWhenOutputCloses([ctx.stdout], done);
    print();
  });
  await queue;
}
